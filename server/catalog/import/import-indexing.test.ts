// Catalog import when the search index update after the write fails (a killed CLI, a lost
// connection): the file is written and committed, so the error must say so (not "nothing was
// imported"), and the index must not stay stale: importing the same, now unchanged, file again
// rebuilds it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const failIndexing = vi.hoisted(() => ({ next: false }));
vi.mock("@/server/catalog/search-index", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/server/catalog/search-index")>();
  return {
    ...original,
    indexCatalog: async (...args: Parameters<typeof original.indexCatalog>) => {
      if (failIndexing.next) {
        failIndexing.next = false;
        throw new Error("connection lost while indexing");
      }
      return original.indexCatalog(...args);
    },
  };
});

import { GET as searchRoute } from "@/app/api/catalog/search/route";
import { searchIndexCurrent } from "@/server/catalog/search-index";
import { db } from "@/server/db";
import { CatalogIndexingError, importCatalog } from "./import-catalog";

const records = () =>
  JSON.parse(readFileSync(path.resolve("test/catalog", "records.json"), "utf8")) as {
    services: Record<string, unknown>[];
  };

async function searchSlugs(q: string): Promise<string[]> {
  const res = await searchRoute(
    new Request(`http://marketplace.test/api/catalog/search?q=${encodeURIComponent(q)}&limit=5`),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { services: { slug: string }[] }).services.map((s) => s.slug);
}

const searchDocument = async (id: string) =>
  (await db.$queryRaw<{ doc: string | null }[]>`SELECT search_document::text AS doc FROM services WHERE id = ${id}`)[0]!
    .doc;

describe("importCatalog: the index update after the write fails", () => {
  it("says the catalog was written, and the next import of the same file finishes the index", async () => {
    expect(await importCatalog(records())).toMatchObject({ created: 2 });
    expect(await searchIndexCurrent(db)).toBe(true);

    const doc = records();
    doc.services[0]!.description = "Hyperlocal forecasts with xerophilous pollen tallies for allergy-aware quokkas.";
    failIndexing.next = true;
    const err = await importCatalog(doc).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CatalogIndexingError);
    expect((err as Error).message).toMatch(/was written \(0 services created, 1 updated\)/);
    // Committed: the new description is in the catalog, and the index says it is not current.
    expect((await db.service.findUniqueOrThrow({ where: { id: "svc_importtest01" } })).description).toContain(
      "xerophilous",
    );
    expect(await searchIndexCurrent(db)).toBe(false);
    expect(await searchDocument("svc_importtest01")).toBeNull();

    // The same file again: nothing left to write, but the unfinished index is rebuilt.
    expect(await importCatalog(doc)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await searchIndexCurrent(db)).toBe(true);
    expect(await searchDocument("svc_importtest01")).toContain("xerophil");
    await expect
      .poll(async () => (await searchSlugs("xerophilous pollen tallies"))[0], { timeout: 10_000, interval: 250 })
      .toBe("quokka-weather");
  });
});

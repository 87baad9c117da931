// `npm run catalog:import` as a person runs it: a child process on this test file's database
// (DATABASE_URL), its exit code, progress lines and summary; a bad file changes nothing.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { runScript } from "@/test/scripts/run-script";

// Each run migrates and checks the catalog first (ensureDatabaseThenRun), several seconds apiece on a busy machine.
const SCRIPT_TEST_MS = 240_000;

const run = (args: string[]) => runScript("scripts/catalog-import.ts", args);

const counts = async () => ({
  services: await db.service.count(),
  offers: await db.offer.count(),
  evidence: await db.serviceEvidence.count(),
});

describe("npm run catalog:import", { timeout: SCRIPT_TEST_MS }, () => {
  it("imports a file with progress lines and a summary, then finds it unchanged", async () => {
    const before = await counts();
    const first = await run(["test/catalog/records.json", "--source", "https://snapshots.example.org/2026-11.json"]);
    expect(first.code, first.stderr).toBe(0);
    // stdout is a pipe here: plain progress lines, no bar.
    expect(first.stdout).toContain("imported 2/2 services");
    // Its services claim no test result ("untested", no date): nothing to say about ignored ones.
    expect(first.stdout).not.toContain("Ignored the test results");
    expect(first.stdout).toContain("Updating the search index and the embeddings of 2 changed services");
    expect(first.stdout).toMatch(
      /Imported test\/catalog\/records\.json \(service records\): 2 services: 2 created, 0 updated, 0 unchanged; 3 offers; 2 embeddings computed; \d+\.\d s\./,
    );
    expect(await counts()).toEqual({
      services: before.services + 2,
      offers: before.offers + 3,
      evidence: before.evidence + 1,
    });
    // The file names its sources; --source is for records that do not.
    expect((await db.service.findUniqueOrThrow({ where: { id: "svc_importtest01" } })).catalogSource).toBe(
      "https://x402-index.example.org/snapshot.json",
    );

    const again = await run(["test/catalog/bazaar-list.json"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/\(Bazaar discovery list\): 2 services: 2 created/);
    const repeat = await run(["test/catalog/bazaar-list.json"]);
    expect(repeat.stdout).toMatch(/2 services: 0 created, 0 updated, 2 unchanged; 3 offers; 0 embeddings computed/);
  });

  it("says it ignored a file's test results, and keeps the marketplace's", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "catalog-import-"));
    const doc = JSON.parse(await readFile("test/catalog/records.json", "utf8"));
    doc.services[0].id = "svc_importtest98";
    doc.services[0].slug = "claimed-weather";
    doc.services[0].offers = doc.services[0].offers.map((o: { id: string }, i: number) => ({
      ...o,
      id: `off_importtest9${i}`,
    }));
    doc.services = [doc.services[0]];
    doc.services[0].testStatus = "tested-output";
    doc.services[0].testedAt = "2026-11-01T00:00:00.000Z";
    const file = path.join(dir, "claims.json");
    await writeFile(file, JSON.stringify(doc));
    const result = await run([file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      "Ignored the test results (testStatus, testedAt) the file gives for 1 service: only the marketplace's own tests set them",
    );
    expect(
      await db.service.findUniqueOrThrow({
        where: { id: "svc_importtest98" },
        select: { testStatus: true, testedAt: true },
      }),
    ).toEqual({ testStatus: "untested", testedAt: null });
  });

  it("a bad file: exit 1, every issue with its path on stderr, nothing changed", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "catalog-import-"));
    const doc = JSON.parse(await readFile("test/catalog/records.json", "utf8"));
    doc.services[0].id = "svc_importtest99";
    doc.services[0].slug = "kangaroo-weather";
    doc.services[1].offers[0].priceUsd = "-1";
    doc.services[1].website = "http://wombat.example.net";
    const bad = path.join(dir, "bad.json");
    await writeFile(bad, JSON.stringify(doc));
    const before = await counts();
    const result = await run([bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Nothing was imported: The catalog file is invalid");
    expect(result.stderr).toContain("  services[1].website: Must be an https URL");
    expect(result.stderr).toContain("  services[1].offers[0].priceUsd: A USD amount");
    expect(await counts()).toEqual(before);
    expect(await db.service.findUnique({ where: { id: "svc_importtest99" } })).toBeNull();

    const truncated = path.join(dir, "truncated.json");
    await writeFile(truncated, '{"services": [');
    const broken = await run([truncated]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("(document): Not valid JSON");
    const missing = await run([path.join(dir, "absent.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Nothing was imported: ENOENT");
    expect((await run([])).code).toBe(1);
    expect((await run([dir])).stderr).toContain("is not a regular file");
    expect(await counts()).toEqual(before);
  });
});

// Several instances started at once on one new database (a deployment rolling out replicas):
// each start runs migrations (Prisma serialises those itself) and then prepares the catalog. Both
// saw an empty catalog and seeded it, and one start failed on the other's rows.
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "@/server/db";
import { prepareCatalog } from "@/scripts/lib/database";
import { buildSeedCatalog } from "@/prisma/seed/catalog/index";
import { createTestDatabase } from "@/test/databases";

describe("preparing one database from several starts at once", () => {
  it("seeds an empty catalog once; every start succeeds", async () => {
    const url = await createTestDatabase("empty");
    const outcomes = await Promise.allSettled([prepareCatalog(url), prepareCatalog(url), prepareCatalog(url)]);
    for (const o of outcomes) expect(o.status, o.status === "rejected" ? String(o.reason) : "").toBe("fulfilled");
    const seeded = outcomes.filter((o) => o.status === "fulfilled" && o.value.seeded);
    expect(seeded).toHaveLength(1);
    const db = createPrismaClient(url, 1);
    try {
      expect(await db.service.count()).toBe(buildSeedCatalog().services.length);
    } finally {
      await db.$disconnect();
    }
  }, 300_000);
});

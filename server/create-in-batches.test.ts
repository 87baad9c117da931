// The seed in one transaction, as the first `npm start` runs it: no statement may be sent while
// another runs on the transaction's connection (pg's "Calling client.query() when the client is
// already executing a query" deprecation, issue 24 item 4). pg warns once per process, so every
// call is checked here the way pg checks it: a non-empty query queue.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { seedDatabase } from "@/prisma/seed/seed";
import { createTestDatabase } from "@/test/databases";
import { createPrismaClient } from "./db";

const overlapping: string[] = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & { _queryQueue: unknown[] }, ...args: unknown[]) {
  if (this._queryQueue.length > 0) overlapping.push(new Error("overlapping query").stack ?? "");
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
afterAll(() => {
  pg.Client.prototype.query = query;
});

describe("createInBatches", () => {
  it("seeds an empty database without overlapping queries on one pg client", async () => {
    const db = createPrismaClient(await createTestDatabase("empty"), 2);
    try {
      const seeded = await seedDatabase(db);
      expect(seeded.reviews).toBeGreaterThan(0);
    } finally {
      await db.$disconnect();
    }
    expect(overlapping).toEqual([]);
  }, 120_000);
});

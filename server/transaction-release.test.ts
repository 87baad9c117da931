// A Prisma transaction whose connection dies gives its pool slot back (server/transaction-release.ts).
import { describe, expect, inject, it, vi } from "vitest";
import type { PrismaPg } from "@prisma/adapter-pg";
import { withClient } from "@/scripts/lib/embedded-postgres";
import { isDatabaseUnavailable } from "./database-outage";
import { createPrismaClient } from "./db";
import { withTransactionRelease } from "./transaction-release";

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms: the pool is out of connections`)), ms).unref(),
    ),
  ]);

describe("a transaction's connection", () => {
  it("terminated mid-transaction, is given back: a pool of one keeps answering after three such deaths", async () => {
    const client = createPrismaClient(process.env.DATABASE_URL, 1);
    try {
      for (let round = 0; round < 3; round++) {
        const failed = client.$transaction(
          async (tx) => {
            const [self] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
            await withClient(inject("pgAdminUrl"), (admin) =>
              admin.query("SELECT pg_terminate_backend($1)", [self!.pid]),
            );
            await new Promise((r) => setTimeout(r, 200)); // the termination reaches the client
            await tx.$queryRaw`SELECT 1`;
          },
          { maxWait: 5_000, timeout: 10_000 },
        );
        const err = await failed.then(
          () => null,
          (e: unknown) => e,
        );
        expect(isDatabaseUnavailable(err), String(err)).toBe(true);
        expect(await within(5_000, client.$queryRaw`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      }
    } finally {
      await client.$disconnect();
    }
  });
});

// The adapter's side, with a fake connection: which release happens, and how often.
function fakeFactory(failing: Set<string>) {
  const release = vi.fn();
  const inner = { commit: vi.fn(async () => release()), rollback: vi.fn(async () => release()) };
  const tx = {
    client: { release },
    executeRaw: async (q: { sql: string }) => {
      if (failing.has(q.sql)) throw new Error(`${q.sql} failed: Connection terminated unexpectedly`);
      return 0;
    },
    ...inner,
  };
  const factory = { connect: async () => ({ startTransaction: async () => tx }) } as unknown as PrismaPg;
  const start = async () => (await withTransactionRelease(factory).connect()).startTransaction();
  return { start, release, inner };
}
const query = (sql: string) => ({ sql, args: [], argTypes: [] });

describe("withTransactionRelease", () => {
  it("a COMMIT or ROLLBACK that fails closes the connection once; the later commit()/rollback() do nothing", async () => {
    for (const end of ["COMMIT", "ROLLBACK"]) {
      const { start, release, inner } = fakeFactory(new Set([end]));
      const tx = await start();
      await expect(tx.executeRaw(query(end))).rejects.toThrow(/failed/);
      await tx.rollback();
      await tx.commit();
      expect(release).toHaveBeenCalledTimes(1);
      expect(release.mock.calls[0]![0]).toBeInstanceOf(Error);
      expect(inner.commit).not.toHaveBeenCalled();
      expect(inner.rollback).not.toHaveBeenCalled();
    }
  });

  it("released after a successful COMMIT or ROLLBACK: back to the pool, once", async () => {
    const { start, release, inner } = fakeFactory(new Set());
    const tx = await start();
    await tx.executeRaw(query("SELECT 1"));
    await tx.executeRaw(query("ROLLBACK"));
    await tx.rollback();
    await tx.rollback();
    expect(inner.rollback).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledTimes(1);
    expect(release.mock.calls[0]).toEqual([]);
  });

  it("released with no COMMIT or ROLLBACK sent (prisma/orm#29719): closed, never pooled inside its transaction", async () => {
    const { start, release, inner } = fakeFactory(new Set());
    const tx = await start();
    await tx.rollback();
    expect(inner.rollback).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledTimes(1);
    expect(release.mock.calls[0]![0]).toBeInstanceOf(Error);
  });
});

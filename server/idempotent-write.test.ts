// withIdempotentWrite and withSlowIdempotentWrite on their own: stored answers are byte-equal (key order
// included), keys are per actor, failed writes store nothing, expired keys are deleted; a slow write claims
// before its slow part, answers duplicates 409 meanwhile, and a claim past its lease is taken over with
// one write counting.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { withIdempotentWrite, withSlowIdempotentWrite } from "./idempotent-write";
import type { DbClient } from "./transaction";

const scope = (
  key: string | null,
  input: unknown = { a: 1 },
  actorKey = "token:test-actor",
  operation = "test.op",
) => ({ actorKey, key, operation, input });

describe("withIdempotentWrite", () => {
  it("replays the first answer byte for byte, keys in their original order, and runs the write once", async () => {
    let runs = 0;
    const write = async () => {
      runs++;
      // jsonb would store these keys as a, nested, zeta (shorter keys first): the replay must not.
      return { status: 201, body: { zeta: runs, a: "é \u2028 <", nested: { b: 1, a: [3, 2, 1] } } };
    };
    const first = await withIdempotentWrite(scope("order-key-0001"), write);
    expect(first).toEqual({
      status: 201,
      body: '{"zeta":1,"a":"é \u2028 <","nested":{"b":1,"a":[3,2,1]}}',
      replayed: false,
    });
    const again = await withIdempotentWrite(scope("order-key-0001"), write);
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs).toBe(1);
  });

  it("scopes keys per actor, binds them to operation and input, and stores nothing for a failed write", async () => {
    const ok = async () => ({ status: 200, body: { ok: true } });
    await withIdempotentWrite(scope("scoped-key-001"), ok);
    expect((await withIdempotentWrite(scope("scoped-key-001", { a: 1 }, "token:someone-else"), ok)).replayed).toBe(
      false,
    );
    await expect(withIdempotentWrite(scope("scoped-key-001", { a: 2 }), ok)).rejects.toMatchObject({
      code: "idempotency_key_reused",
    });
    await expect(
      withIdempotentWrite(scope("scoped-key-001", { a: 1 }, "token:test-actor", "test.other"), ok),
    ).rejects.toMatchObject({ code: "idempotency_key_reused" });
    await expect(
      withIdempotentWrite(scope("failing-key-01"), async () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    expect(await db.writeRequest.count({ where: { key: "failing-key-01" } })).toBe(0);
    expect((await withIdempotentWrite(scope("failing-key-01", { other: true }), ok)).replayed).toBe(false);
    await expect(withIdempotentWrite(scope("bad key"), ok)).rejects.toMatchObject({
      code: "invalid_request",
      issues: expect.arrayContaining([expect.objectContaining({ path: "Idempotency-Key" })]),
    });
    // Without a key every call writes.
    let runs = 0;
    for (let i = 0; i < 3; i++)
      await withIdempotentWrite(scope(null), async () => ({ status: 200, body: { n: ++runs } }));
    expect(runs).toBe(3);
  });
});

describe("withSlowIdempotentWrite", () => {
  const secret = (name: string) => db.appSecret.count({ where: { name } });
  /** A write that leaves a row behind, so a rolled-back write is visible as a missing row. */
  const leaving = (name: string) => async (tx: DbClient) => {
    await tx.appSecret.create({ data: { name, value: "v" } });
    return { status: 201, body: { name } };
  };

  it("the claim is committed before the slow part: a duplicate meanwhile is 409 write_in_progress and runs nothing", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let prepared = 0;
    const spec = (name: string) => ({
      leaseMs: 60_000,
      prepare: async () => {
        prepared++;
        await gate;
      },
      write: leaving(name),
    });
    const first = withSlowIdempotentWrite(scope("slow-key-0001"), spec("slow-first"));
    await expect.poll(() => db.writeRequest.count({ where: { key: "slow-key-0001", status: 0 } })).toBe(1);
    const duplicate = await withSlowIdempotentWrite(scope("slow-key-0001"), spec("slow-second"));
    expect(duplicate).toMatchObject({ status: 409, replayed: false, headers: { "retry-after": "2" } });
    expect(JSON.parse(duplicate.body).error).toBe("write_in_progress");
    release();
    expect(await first).toEqual({ status: 201, body: '{"name":"slow-first"}', replayed: false });
    expect(await withSlowIdempotentWrite(scope("slow-key-0001"), spec("slow-third"))).toEqual({
      status: 201,
      body: '{"name":"slow-first"}',
      replayed: true,
    });
    expect(prepared).toBe(1);
    expect([await secret("slow-second"), await secret("slow-third")]).toEqual([0, 0]);
    await expect(withSlowIdempotentWrite(scope("slow-key-0001", { a: 2 }), spec("x"))).rejects.toMatchObject({
      code: "idempotency_key_reused",
    });
  });

  it("a claim past its lease is taken over; the overtaken request's write rolls back (one write counts)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = withSlowIdempotentWrite(scope("lease-key-0001"), {
      leaseMs: 60_000,
      prepare: () => gate,
      write: leaving("lease-first"),
    });
    await expect.poll(() => db.writeRequest.count({ where: { key: "lease-key-0001", status: 0 } })).toBe(1);
    // Another instance whose clock says the lease ran out (as after a crash of the first holder).
    const later = () => new Date(Date.now() + 120_000);
    const taker = await withSlowIdempotentWrite(scope("lease-key-0001"), {
      leaseMs: 60_000,
      now: later,
      prepare: async () => undefined,
      write: leaving("lease-taker"),
    });
    expect(taker).toEqual({ status: 201, body: '{"name":"lease-taker"}', replayed: false });
    release();
    await expect(slow).rejects.toMatchObject({ code: "conflict" });
    expect([await secret("lease-first"), await secret("lease-taker")]).toEqual([0, 1]);
    // The overtaken request released nothing of the taker's: the key still answers the taker's write.
    expect(
      (
        await withSlowIdempotentWrite(scope("lease-key-0001"), {
          leaseMs: 1,
          prepare: async () => 0,
          write: leaving("z"),
        })
      ).body,
    ).toBe('{"name":"lease-taker"}');
  });

  it("a failure in the slow part or the write releases the key; without a key it simply runs", async () => {
    await expect(
      withSlowIdempotentWrite(scope("fail-key-00001"), {
        leaseMs: 60_000,
        prepare: () => Promise.reject(new Error("probe failed")),
        write: leaving("never"),
      }),
    ).rejects.toThrow("probe failed");
    expect(await db.writeRequest.count({ where: { key: "fail-key-00001" } })).toBe(0);
    const runs = await Promise.all(
      [1, 2].map(() =>
        withSlowIdempotentWrite(scope(null), {
          leaseMs: 1,
          prepare: async () => 0,
          write: async () => ({ status: 200, body: {} }),
        }),
      ),
    );
    expect(runs.map((r) => r.replayed)).toEqual([false, false]);
  });
});

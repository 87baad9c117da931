// withIdempotentWrite on its own: stored answers are byte-equal (key order included), keys are per
// actor, failed writes store nothing, expired keys are deleted.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { deleteExpiredKeys, KEY_RETENTION_MS, withIdempotentWrite } from "./idempotent-write";

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

  it("deletes keys older than 24 hours and keeps newer ones", async () => {
    const now = Date.now();
    await db.writeRequest.createMany({
      data: [
        {
          actorKey: "token:old",
          key: "expired-key-01",
          operation: "x",
          fingerprint: "f",
          status: 200,
          response: "{}",
          createdAt: new Date(now - KEY_RETENTION_MS - 60_000),
        },
        {
          actorKey: "token:old",
          key: "recent-key-001",
          operation: "x",
          fingerprint: "f",
          status: 200,
          response: "{}",
          createdAt: new Date(now - KEY_RETENTION_MS + 60_000),
        },
      ],
    });
    expect(await deleteExpiredKeys(now)).toBe(1);
    expect(
      (await db.writeRequest.findMany({ where: { actorKey: "token:old" }, select: { key: true } })).map((r) => r.key),
    ).toEqual(["recent-key-001"]);
  });
});

// The review writes while the database is away: 503 database_unavailable with Retry-After, never a
// 500; a write cut off mid-transaction leaves neither its rows nor its Idempotency-Key, so its
// retry after the restart is performed exactly once.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createAgent, someService } from "@/server/reviews/test-actors";
import pg from "pg";
import { databaseOutage } from "@/test/database-outage";
import { PATCH as revise } from "./[id]/route";
import { POST as comment } from "./[id]/comments/route";
import { POST as like } from "./[id]/like/route";
import { POST as create } from "./route";

const BASE = "http://marketplace.test";
const { cut, restore } = databaseOutage();
const headers = (token: string, key?: string) => ({
  "x-marketplace-token": token,
  "content-type": "application/json",
  ...(key ? { "idempotency-key": key } : {}),
});
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("review writes during a database outage", () => {
  it("answer 503 database_unavailable with Retry-After, then work again", async () => {
    const agent = await createAgent();
    const slug = await someService(60);
    const first = await create(
      new Request(`${BASE}/api/reviews`, {
        method: "POST",
        headers: headers(agent.token),
        body: JSON.stringify({ slug, rating: 4, title: "t", body: "b" }),
      }),
    );
    const { id } = ((await first.json()) as { review: { id: string } }).review;
    const sends = [
      () =>
        create(
          new Request(`${BASE}/api/reviews`, {
            method: "POST",
            headers: headers(agent.token),
            body: JSON.stringify({ slug: "isobar-weather", rating: 4, title: "t", body: "b" }),
          }),
        ),
      () =>
        revise(
          new Request(`${BASE}/api/reviews/${id}`, {
            method: "PATCH",
            headers: headers(agent.token),
            body: '{"rating":2}',
          }),
          params(id),
        ),
      () =>
        like(
          new Request(`${BASE}/api/reviews/${id}/like`, { method: "POST", headers: headers(agent.token) }),
          params(id),
        ),
      () =>
        comment(
          new Request(`${BASE}/api/reviews/${id}/comments`, {
            method: "POST",
            headers: headers(agent.token, "outage-comment-1"),
            body: '{"body":"hello"}',
          }),
          params(id),
        ),
    ];
    await cut();
    for (const send of sends) {
      const res = await send();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await res.json()).toEqual({ error: "database_unavailable", message: expect.any(String) });
    }
    await restore();
    for (const send of sends) expect((await send()).status).toBeLessThan(300);
  });

  it("a PATCH cut off mid-transaction stores nothing; its retry with the same key revises once", async () => {
    const agent = await createAgent();
    const slug = await someService(61);
    const created = await create(
      new Request(`${BASE}/api/reviews`, {
        method: "POST",
        headers: headers(agent.token),
        body: JSON.stringify({ slug, rating: 4, title: "t", body: "b" }),
      }),
    );
    const { id } = ((await created.json()) as { review: { id: string } }).review;
    const send = () =>
      revise(
        new Request(`${BASE}/api/reviews/${id}`, {
          method: "PATCH",
          headers: headers(agent.token, "cut-patch-0001"),
          body: '{"title":"after"}',
        }),
        params(id),
      );
    // The PATCH claims its key and locks the review, then waits on the revisions table.
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    blocker.on("error", () => undefined); // terminated by the outage, like every connection
    await blocker.connect();
    await blocker.query("BEGIN");
    await blocker.query("LOCK TABLE review_revisions IN ACCESS EXCLUSIVE MODE");
    const pending = send();
    // Its claim is not visible outside its transaction: wait until it waits on the blocker's lock.
    const waitingOnLock = async () =>
      Number(
        (
          await blocker.query(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0].n,
      );
    for (let i = 0; i < 250 && (await waitingOnLock()) === 0; i++) await sleep(20);
    expect(await waitingOnLock()).toBe(1);
    await cut();
    const res = await pending;
    expect(res.status).toBe(503);
    await blocker.end().catch(() => undefined);
    await restore();
    expect(await db.writeRequest.count({ where: { key: "cut-patch-0001" } })).toBe(0);
    expect(await db.reviewRevision.count({ where: { reviewId: id } })).toBe(1);
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { review: { title: string; revision: { count: number } } }).review).toMatchObject(
      { title: "after", revision: { count: 2 } },
    );
    expect((await send()).headers.get("idempotent-replayed")).toBe("true");
    expect(await db.reviewRevision.count({ where: { reviewId: id } })).toBe(2);
  });

  it("cut at any point of concurrent writes: each answers 503 or its result, never a 500, and no connection is lost", async () => {
    const agent = await createAgent();
    const slug = await someService(62);
    const created = await create(
      new Request(`${BASE}/api/reviews`, {
        method: "POST",
        headers: headers(agent.token),
        body: JSON.stringify({ slug, rating: 4, title: "t", body: "b" }),
      }),
    );
    const { id } = ((await created.json()) as { review: { id: string } }).review;
    const statuses: number[] = [];
    for (let round = 0; round < 30; round++) {
      const writes = [0, 1, 2].map((k) =>
        revise(
          new Request(`${BASE}/api/reviews/${id}`, {
            method: "PATCH",
            headers: headers(agent.token, `sweep-${round}-${k}`),
            body: `{"title":"t${round}"}`,
          }),
          params(id),
        ),
      );
      // From "before the first statement" to "after the last" in steps of half a millisecond.
      await (round % 15 === 0 ? new Promise((r) => setImmediate(r)) : sleep((round % 15) / 2));
      await cut();
      for (const res of await Promise.all(writes)) statuses.push(res.status);
      await restore();
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    // Every connection of the pool is back: as many transactions as the pool holds, at once, each
    // holding its connection a while, all finish (a lost one would leave one waiting until busy).
    const size = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    const held = Array.from({ length: size }, () =>
      db.$transaction((tx) => tx.$queryRaw`SELECT 1 AS one FROM pg_sleep(0.2)`),
    );
    await expect(Promise.all(held)).resolves.toHaveLength(size);
  });
});

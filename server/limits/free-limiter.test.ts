// The free-route limiter on the real test database: the count shared by two instances, an
// over-limit client refused from memory, the per-instance cap, and a database that refuses or
// never answers (the in-memory insurance limiter decides, quickly, and nothing throws).
import net from "node:net";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createFreeLimiter, type Limit } from "./free-limiter";
import { createLimiterPool } from "./limiter-pool";

const pools: pg.Pool[] = [];
function pool(url = process.env.DATABASE_URL): pg.Pool {
  const p = createLimiterPool(url);
  pools.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

/** A pool whose statements are counted. */
function countedPool(): { pool: pg.Pool; queries: () => number } {
  const p = pool();
  let n = 0;
  const query = p.query.bind(p) as (...args: unknown[]) => unknown;
  (p as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    n++;
    return query(...args);
  };
  return { pool: p, queries: () => n };
}

const perMinute = (points: number): Limit => ({ points, durationS: 60 });
let n = 0;
const client = () => `198.51.100.${++n}`;

describe("createFreeLimiter", () => {
  it("counts a client's requests in PostgreSQL, so two instances share one limit", async () => {
    // Two instances: separate limiters, separate pools, one table.
    const a = createFreeLimiter({ name: "shared", perClient: perMinute(3), instancePerSecond: 1000, pool: pool() });
    const b = createFreeLimiter({ name: "shared", perClient: perMinute(3), instancePerSecond: 1000, pool: pool() });
    const ip = client();
    const first = await a.consume(ip);
    expect(first).toMatchObject({ allowed: true, limit: 3, remaining: 2, windowS: 60 });
    expect(first.resetS).toBeGreaterThanOrEqual(59);
    expect(first.resetS).toBeLessThanOrEqual(60);
    expect(await b.consume(ip)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await a.consume(ip)).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await b.consume(ip);
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
    expect(refused.resetS).toBeGreaterThanOrEqual(1);
    expect(refused.resetS).toBeLessThanOrEqual(60);
    // Another client, another count; another group, another count.
    expect(await a.consume(client())).toMatchObject({ allowed: true, remaining: 2 });
    const other = createFreeLimiter({ name: "other", perClient: perMinute(3), instancePerSecond: 1000, pool: pool() });
    expect(await other.consume(ip)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("charges a batch by its size", async () => {
    const limiter = createFreeLimiter({
      name: "batch",
      perClient: perMinute(10),
      instancePerSecond: 1000,
      pool: pool(),
    });
    const ip = client();
    expect(await limiter.consume(ip, 7)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await limiter.consume(ip, 4)).toMatchObject({ allowed: false });
  });

  it("refuses a client that used its window from memory, without a database trip", async () => {
    const { pool: counted, queries } = countedPool();
    const limiter = createFreeLimiter({
      name: "memory",
      perClient: perMinute(2),
      instancePerSecond: 1000,
      pool: counted,
    });
    const ip = client();
    await limiter.consume(ip);
    await limiter.consume(ip);
    expect(queries()).toBe(2);
    for (let i = 0; i < 50; i++) expect((await limiter.consume(ip)).allowed).toBe(false);
    expect(queries()).toBe(2);
    // Others still reach the database.
    expect((await limiter.consume(client())).allowed).toBe(true);
    expect(queries()).toBe(3);
  });

  it("caps all clients of an instance together, before any database trip; over-limit clients do not use up the cap", async () => {
    const { pool: counted, queries } = countedPool();
    const limiter = createFreeLimiter({
      name: "instance",
      perClient: perMinute(1),
      instancePerSecond: 3,
      pool: counted,
    });
    const flooder = client();
    expect((await limiter.consume(flooder)).allowed).toBe(true);
    for (let i = 0; i < 20; i++) expect((await limiter.consume(flooder)).allowed).toBe(false);
    expect((await limiter.consume(client())).allowed).toBe(true);
    expect((await limiter.consume(client())).allowed).toBe(true);
    expect(queries()).toBe(3);
    // Many new addresses (e.g. forged ones): refused by the cap, no row written for them.
    for (let i = 0; i < 20; i++) {
      const capped = await limiter.consume(client());
      expect(capped).toMatchObject({ allowed: false, limit: 3, remaining: 0, resetS: 1, windowS: 1 });
    }
    expect(queries()).toBe(3);
  });

  it("falls back to a per-instance memory limit when the database refuses connections", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const limiter = createFreeLimiter({
      name: "down",
      perClient: perMinute(2),
      instancePerSecond: 1000,
      pool: pool(`postgresql://u:p@127.0.0.1:${port}/db`),
    });
    const ip = client();
    expect(await limiter.consume(ip)).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect(await limiter.consume(ip)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.consume(ip)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("does not make a request wait for a database that never answers", async () => {
    // Accepts connections and stays silent, like a hung server or a black-holed network.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      const limiter = createFreeLimiter({
        name: "hung",
        perClient: perMinute(5),
        instancePerSecond: 1000,
        pool: pool(`postgresql://u:p@127.0.0.1:${port}/db`),
      });
      const started = performance.now();
      const decisions = await Promise.all(Array.from({ length: 6 }, () => limiter.consume("203.0.113.50")));
      const elapsed = performance.now() - started;
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
      // The pool's 1 s connection bound, with a wide margin for a busy machine.
      expect(elapsed).toBeLessThan(5000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});

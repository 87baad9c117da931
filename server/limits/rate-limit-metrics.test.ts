// marketplace_rate_limit_refusals_total moves once per refused request, under the limiter's group:
// the free limiters (whichever layer refuses: the client's count, its in-memory block, the instance
// cap) and the sign-in throttle ("sign_in").
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { deltas } from "@/test/metrics/metric-values";
import { createFreeLimiter } from "./free-limiter";
import { createLimiterPool } from "./limiter-pool";
import { createSignInThrottle } from "./sign-in-throttle";

const pools: pg.Pool[] = [];
const pool = () => {
  const p = createLimiterPool(process.env.DATABASE_URL);
  pools.push(p);
  return p;
};
afterAll(() => Promise.all(pools.map((p) => p.end())));

const refusals = (limiter: string) =>
  ["marketplace_rate_limit_refusals_total", { limiter }] as [string, Record<string, string>];

describe("rate-limit metrics", () => {
  it("each refusal of a free limiter counts under its group, whichever layer refused; allowed requests count nothing", async () => {
    const perClient = createFreeLimiter({
      name: "metrics_client",
      perClient: { points: 2, durationS: 60 },
      instancePerSecond: 1000,
      pool: pool(),
    });
    const perInstance = createFreeLimiter({
      name: "metrics_instance",
      perClient: { points: 1000, durationS: 60 },
      instancePerSecond: 1,
      pool: pool(),
    });
    const moved = await deltas(
      { client: refusals("metrics_client"), instance: refusals("metrics_instance") },
      async () => {
        const decisions = [];
        // Two allowed, the third refused by the count in PostgreSQL, the fourth from memory.
        for (let i = 0; i < 4; i++) decisions.push((await perClient.consume("203.0.113.7")).allowed);
        expect(decisions).toEqual([true, true, false, false]);
        expect((await perInstance.consume("203.0.113.8")).allowed).toBe(true);
        expect((await perInstance.consume("203.0.113.9")).allowed).toBe(false);
      },
    );
    expect(moved).toEqual({ client: 2, instance: 1 });
  });

  it("a locked account's sign-in counts under sign_in", async () => {
    const throttle = createSignInThrottle({ failures: 1, lockS: 60, pool: pool() });
    const email = `metrics-${Date.now()}@example.com`;
    const moved = await deltas({ signIn: refusals("sign_in") }, async () => {
      const first = await throttle.admit(email);
      expect(first).toMatchObject({ allowed: true, attempt: 1 });
      await throttle.failed(email, 1);
      expect((await throttle.admit(email)).allowed).toBe(false);
    });
    expect(moved).toEqual({ signIn: 1 });
  });
});

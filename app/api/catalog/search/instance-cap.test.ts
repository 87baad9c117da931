// The free search's per-instance cap by default (RATE_LIMIT_SEARCH_INSTANCE_PER_SECOND unset): the
// rule of server/limits/search-capacity.ts, and past it, within one second and from any number of
// client addresses, 429 JSON with Retry-After (the cap's window).
import os from "node:os";
import { describe, expect, it } from "vitest";
import { searchInstanceCap } from "@/server/limits/search-capacity";

// vitest.config.ts sets every cap high; this file wants the default (set before env.ts loads).
delete process.env.RATE_LIMIT_SEARCH_INSTANCE_PER_SECOND;
Object.assign(process.env, { TRUST_PROXY_HOPS: "1", RATE_LIMIT_REFUSAL_DELAY_MS: "0" });
const { GET: search } = await import("./route");
const { instanceCap } = await import("@/server/limits/free-limits");

describe("searchInstanceCap", () => {
  it("is a share (a quarter unless given) of the rate the CPUs or the one JavaScript thread allow, whichever is lower, at least 1", () => {
    expect(searchInstanceCap(2, 9, 5, 0.5)).toBe(100); // min(222, 200) / 2
    expect(searchInstanceCap(1, 9, 5, 0.5)).toBe(55); // min(111, 200) / 2
    expect(searchInstanceCap(8, 9, 5, 0.5)).toBe(100); // the thread bounds it
    expect(searchInstanceCap(1, 5000, 5000, 0.5)).toBe(1);
    expect(searchInstanceCap(2, 9, 5)).toBe(50); // the default share, a quarter
  });
});

describe("the default search cap", () => {
  it("follows the instance's CPUs when no setting overrides it", () => {
    expect(instanceCap("search")).toBe(searchInstanceCap(os.availableParallelism()));
  });

  it("answers 429 JSON with Retry-After past the cap within a second, from any number of addresses", async () => {
    const cap = instanceCap("search");
    const extra = 15;
    // limit=0 is invalid input: answered 400 once admitted, without a search, so the whole burst
    // fits in the cap's one-second window. Each request from an address of its own.
    const answers = await Promise.all(
      Array.from({ length: cap + extra }, (_, i) =>
        search(
          new Request("http://marketplace.test/api/catalog/search?q=weather&limit=0", {
            headers: { "x-forwarded-for": `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(cap);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      error: "rate_limited",
      message: `Too many requests: at most ${cap} per 1 s. Retry after 1 s.`,
    });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("ratelimit-policy")).toBe(`${cap};w=1`);
  });
});

// Every rule of the shortlist request body, and precise issues for each violation.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { normalizeConditions, shortlistInputSchema, shortlistRequestSchema } from "./request-schema";

const ok = { outcome: "Find a geocoding API", request_id: "req-12345678" };

function issues(body: unknown) {
  const r = shortlistInputSchema.safeParse(body);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("shortlist request schema", () => {
  it("accepts the complete contract and applies defaults", () => {
    const parsed = shortlistInputSchema.parse({
      ...ok,
      conditions: [
        "SOC 2",
        { requirement: "EU hosting" },
        { id: "x".repeat(40), requirement: "webhooks", priority: "prefer" },
      ],
      constraints: { protocol: "mpp", tested: "no-output", maxPriceUsd: 0 },
    });
    expect(parsed.search).toBe("all");
    expect(parsed.limit).toBe(5);
    expect(normalizeConditions(parsed.conditions)).toEqual([
      { id: "c1", requirement: "SOC 2", priority: "must" },
      { id: "c2", requirement: "EU hosting", priority: "must" },
      { id: "x".repeat(40), requirement: "webhooks", priority: "prefer" },
    ]);
  });

  it("allows an empty body at the schema level (an unsigned probe) but the engine needs an outcome", () => {
    expect(shortlistRequestSchema.safeParse({}).success).toBe(true);
    expect(issues({})).toEqual([expect.objectContaining({ path: "outcome" })]);
  });

  it.each([
    [{ ...ok, outcome: "short" }, "outcome"],
    [{ ...ok, outcome: "x".repeat(2401) }, "outcome"],
    [{ ...ok, outcome: 42 }, "outcome"],
    [{ ...ok, outcome: "        !!" }, "outcome"],
    [{ ...ok, request_id: "short" }, "request_id"],
    [{ ...ok, request_id: "r".repeat(201) }, "request_id"],
    [{ ...ok, conditions: Array(13).fill("SOC 2") }, "conditions"],
    [{ ...ok, conditions: "SOC 2" }, "conditions"],
    [{ ...ok, conditions: [""] }, "conditions.0"],
    [{ ...ok, conditions: ["x".repeat(241)] }, "conditions.0"],
    [{ ...ok, conditions: [{ requirement: "" }] }, "conditions.0"],
    [{ ...ok, conditions: [{ priority: "must" }] }, "conditions.0"],
    [{ ...ok, conditions: [{ requirement: "ok", id: "i".repeat(41) }] }, "conditions.0"],
    [{ ...ok, conditions: [{ requirement: "ok", priority: "nice" }] }, "conditions.0"],
    [{ ...ok, conditions: [{ requirement: "ok", weight: 2 }] }, "conditions.0"],
    [{ ...ok, constraints: { protocol: "lightning" } }, "constraints.protocol"],
    [{ ...ok, constraints: { tested: true } }, "constraints.tested"],
    [{ ...ok, constraints: { tested: "yes" } }, "constraints.tested"],
    [{ ...ok, constraints: { maxPriceUsd: -0.01 } }, "constraints.maxPriceUsd"],
    [{ ...ok, constraints: { maxPriceUsd: "0.01" } }, "constraints.maxPriceUsd"],
    [{ ...ok, constraints: { region: "eu" } }, "constraints"],
    [{ ...ok, search: "fuzzy" }, "search"],
    [{ ...ok, limit: 0 }, "limit"],
    [{ ...ok, limit: 6 }, "limit"],
    [{ ...ok, limit: 2.5 }, "limit"],
    [{ ...ok, limit: "3" }, "limit"],
    [{ ...ok, extra: true }, ""],
  ])("rejects %j with an issue at %s", (body, path) => {
    const found = issues(body);
    expect(found.some((i) => i.path === path || i.path.startsWith(`${path}.`) || (path === "" && i.path === ""))).toBe(
      true,
    );
    for (const i of found) expect(i.message.length).toBeGreaterThan(0);
  });

  it("rejects bodies that are not objects", () => {
    for (const body of [null, [], "outcome", 5]) expect(shortlistInputSchema.safeParse(body).success).toBe(false);
  });

  it("gives generated ids the next free one, never an explicit id", () => {
    const parsed = shortlistInputSchema.parse({
      ...ok,
      conditions: [
        { id: "c2", requirement: "SOC 2" },
        "EU hosting",
        { requirement: "webhooks" },
        { id: "c4", requirement: "GDPR" },
      ],
    });
    const ids = normalizeConditions(parsed.conditions).map((c) => c.id);
    expect(ids).toEqual(["c2", "c3", "c5", "c4"]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("rejects duplicate explicit condition ids with the path of the second one", () => {
    expect(
      issues({
        ...ok,
        conditions: ["SOC 2", { id: "eu", requirement: "EU hosting" }, { id: "eu", requirement: "webhooks" }],
      }),
    ).toEqual([{ path: "conditions.2.id", message: 'Duplicate condition id "eu".' }]);
    // The unpaid (published) schema refuses it too, so a client learns it before paying.
    expect(
      shortlistRequestSchema.safeParse({
        conditions: [
          { id: "a", requirement: "x" },
          { id: "a", requirement: "y" },
        ],
      }).success,
    ).toBe(false);
  });

  it("publishes the outcome's whole rule: a words pattern and code-point lengths", () => {
    const published = (
      z.toJSONSchema(shortlistRequestSchema, { io: "input" }) as unknown as {
        properties: { outcome: Record<string, unknown> };
      }
    ).properties.outcome;
    expect(published).toMatchObject({ type: "string", minLength: 8, maxLength: 2400, pattern: expect.any(String) });
    expect(shortlistRequestSchema.safeParse({ outcome: "        " }).success).toBe(false);
    expect(shortlistRequestSchema.safeParse({ outcome: "\u{1F600}".repeat(1300) }).success).toBe(false);
    // 1,300 emoji and a word: 1,305 characters for JSON Schema, 2,605 UTF-16 units.
    expect(shortlistInputSchema.safeParse({ ...ok, outcome: `${"\u{1F600}".repeat(1300)} word` }).success).toBe(true);
  });

  it("property: an outcome the published JSON Schema accepts is accepted by the purchase schema, and the reverse", () => {
    const published = (
      z.toJSONSchema(shortlistRequestSchema, { io: "input" }) as unknown as {
        properties: { outcome: { pattern: string; minLength: number; maxLength: number } };
      }
    ).properties.outcome;
    const pattern = new RegExp(published.pattern, "u");
    // What a client's JSON Schema validator does: lengths in code points, the pattern searched anywhere.
    const clientAccepts = (s: string) =>
      [...s].length >= published.minLength && [...s].length <= published.maxLength && pattern.test(s);
    const outcomes = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 3000 }),
      fc.string({ unit: fc.constantFrom(" ", "\u{1F600}", "!", "a", "\t"), minLength: 0, maxLength: 2600 }),
      fc.integer({ min: 0, max: 2500 }).map((n) => "\u{1F600}".repeat(n) + " ok"),
    );
    fc.assert(
      fc.property(outcomes, (outcome) => {
        expect(shortlistInputSchema.safeParse({ ...ok, outcome }).success).toBe(clientAccepts(outcome));
      }),
      { numRuns: 500 },
    );
  });
});

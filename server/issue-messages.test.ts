// Input messages for the mistakes agents make: unknown fields named with the closest known one,
// at their own path; a wrong JSON type says which type to send.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toIssues } from "./errors";
import { shortlistRequestSchema } from "./shortlist/request-schema";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return toIssues(parsed.error.issues);
};

describe("input issue messages", () => {
  it("an unknown field is named at its own path, with the closest known one", () => {
    expect(issuesOf(shortlistRequestSchema, { outcome: "weather forecasts for routes", condtions: ["SOC 2"] })).toEqual(
      [{ path: "condtions", message: 'Unknown field "condtions"; did you mean "conditions"?' }],
    );
    expect(
      issuesOf(shortlistRequestSchema, { outcome: "weather forecasts for routes", constraints: { maxPrice: 1 } }),
    ).toEqual([{ path: "constraints.maxPrice", message: 'Unknown field "maxPrice"; did you mean "maxPriceUsd"?' }]);
    expect(
      issuesOf(shortlistRequestSchema, { outcome: "weather forecasts for routes", requestId: "abcdefgh" }),
    ).toEqual([{ path: "requestId", message: 'Unknown field "requestId"; did you mean "request_id"?' }]);
  });

  it("several unknown fields give one issue each; a field like no other lists the known ones", () => {
    const issues = issuesOf(shortlistRequestSchema, {
      outcome: "weather forecasts for routes",
      serch: "terms",
      zzzzzz: 1,
    });
    expect(issues).toEqual([
      { path: "serch", message: 'Unknown field "serch"; did you mean "search"?' },
      {
        path: "zzzzzz",
        message: 'Unknown field "zzzzzz"; known fields: request_id, outcome, conditions, constraints, search, limit.',
      },
    ]);
  });

  it('the boolean true where the string "true" is expected says so', () => {
    expect(
      issuesOf(shortlistRequestSchema, { outcome: "weather forecasts for routes", constraints: { tested: true } }),
    ).toEqual([{ path: "constraints.tested", message: 'Send the string "true" (in quotes), not the boolean true.' }]);
    expect(issuesOf(shortlistRequestSchema, { search: 5 })[0]!.message).toBe(
      'Expected one of "all", "exact", "terms", "semantic", "hybrid"; got the number 5.',
    );
  });

  it("an object whose own keys shadow toString and valueOf gets a message, not an exception", () => {
    // Found by the shortlist route's property test in CI: String() of {"toString": false} threw.
    for (const search of [{ toString: false }, { valueOf: 1, toString: null }, [{ toString: 0 }]]) {
      expect(issuesOf(shortlistRequestSchema, { outcome: "weather forecasts for routes", search })).toEqual([
        {
          path: "search",
          message: `Expected one of "all", "exact", "terms", "semantic", "hybrid"; got ${Array.isArray(search) ? "an array" : "an object"}.`,
        },
      ]);
    }
  });

  it("a number sent as a string says to drop the quotes", () => {
    expect(issuesOf(shortlistRequestSchema, { constraints: { maxPriceUsd: "0.5" } })).toEqual([
      { path: "constraints.maxPriceUsd", message: 'Expected a number (without quotes); got the string "0.5".' },
    ]);
    expect(issuesOf(shortlistRequestSchema, { limit: "three" })[0]!.message).toBe(
      'Expected a number; got the string "three".',
    );
  });

  it("a long or hostile unknown key is cut in the message", () => {
    const key = `${"k".repeat(5000)}\u0000`;
    const [issue] = issuesOf(shortlistRequestSchema, { [key]: 1 });
    expect(issue!.path).toBe(key);
    expect(issue!.message.length).toBeLessThan(200);
  });
});

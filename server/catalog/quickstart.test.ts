import { describe, expect, it } from "vitest";
import { buildQuickstart } from "./quickstart";

describe("buildQuickstart", () => {
  it("builds a GET call with the example query through the call URL", () => {
    const q = buildQuickstart({ method: "GET", callUrl: "http://m.test/api/x402/observe/off_1", exampleInput: { city: "São Paulo", days: 3 } });
    expect(q.split(" \\\n  ")).toEqual([
      "curl -s",
      "'http://m.test/api/x402/observe/off_1?city=S%C3%A3o+Paulo&days=3'",
      '-H "X-Marketplace-Token: $MARKETPLACE_TOKEN"',
      '-H "Idempotency-Key: $(uuidgen)"',
    ]);
  });
  it("builds a POST call with a shell-safe JSON body", () => {
    const q = buildQuickstart({ method: "POST", callUrl: "http://m.test/x", exampleInput: { text: "it's" } });
    expect(q.startsWith("curl -s -X POST \\\n  'http://m.test/x' \\\n")).toBe(true);
    expect(q).toContain(`-d '{"text":"it'\\''s"}'`);
    expect(q).toContain('-H "Content-Type: application/json"');
  });
});

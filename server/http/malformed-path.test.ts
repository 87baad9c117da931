// Undecodable /api paths are a 400 JSON answer from the proxy (Next.js would answer text/plain 500).
import { describe, expect, it } from "vitest";
import { isUndecodablePath, malformedApiPathResponse } from "./malformed-path";

describe("malformed /api paths", () => {
  it("invalid UTF-8 and broken escapes under /api: 400 invalid_request JSON", async () => {
    for (const path of ["/api/catalog/services/%C0%AF", "/api/reviews/%FF%FE", "/api/catalog/services/%ED%A0%80", "/api/reviews/%E0%80", "/api/x/%zz", "/api/%"]) {
      const res = malformedApiPathResponse(path);
      expect(res?.status, path).toBe(400);
      expect(res!.headers.get("content-type")).toContain("application/json");
      expect(await res!.json()).toMatchObject({ error: "invalid_request", issues: [{ path: "(path)" }] });
    }
  });

  it("valid encodings and paths outside /api pass through", () => {
    for (const path of ["/api/catalog/services/isobar-weather", "/api/reviews/%E2%82%AC", "/api/catalog/services/a%00b", "/services/%C0%AF", "/apix/%FF"]) {
      expect(malformedApiPathResponse(path), path).toBeUndefined();
    }
    expect(isUndecodablePath("/services/%ED%A0%80")).toBe(true);
  });
});

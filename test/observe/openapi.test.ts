// The observer route in the OpenAPI document: both methods, the token scheme, the required
// Idempotency-Key, and every status the observer answers of its own accord, each naming the error
// codes of the table that produce it.
import { describe, expect, it } from "vitest";
import { ERROR_TABLE } from "@/server/errors";
import { buildOpenApiDocument } from "@/server/http/openapi-document";

const doc = buildOpenApiDocument("http://marketplace.test");
const item = doc.paths["/api/x402/observe/{offerId}"]!;

describe("OpenAPI: the observer route", () => {
  it("lists GET and POST with the marketplace token and a required Idempotency-Key", () => {
    for (const op of [item.get!, item.post!]) {
      expect(op.security).toEqual([{ marketplaceToken: [] }]);
      const key = op.parameters!.find((p) => "name" in p && p.name === "Idempotency-Key");
      expect(key).toMatchObject({
        in: "header",
        required: true,
        schema: { minLength: 8, maxLength: 200, pattern: "^[A-Za-z0-9._:-]+$" },
      });
      expect(op.parameters!.some((p) => "name" in p && p.name === "PAYMENT-SIGNATURE")).toBe(true);
    }
    expect(item.post!.requestBody?.content).toHaveProperty("application/json");
    expect(item.get!.requestBody).toBeUndefined();
    expect(doc.components.securitySchemes.marketplaceToken).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Marketplace-Token",
    });
  });

  it("documents each observer error code under its status", () => {
    const codes = [
      "unauthorized",
      "forbidden",
      "not_found",
      "method_not_allowed",
      "invalid_request",
      "payload_too_large",
      "unsupported_media_type",
      "idempotency_key_reused",
      "rate_limited",
      "offer_not_routable",
      "call_in_progress",
      "provider_unreachable",
      "provider_response_too_large",
      "provider_invalid_response",
      "provider_timeout",
    ] as const;
    for (const code of codes) {
      const response = item.get!.responses[String(ERROR_TABLE[code].status)];
      expect(response, code).toBeDefined();
      expect(response!.description, code).toContain(code);
    }
    expect(item.get!.responses.default!.description).toContain("PAYMENT-REQUIRED");
  });
});

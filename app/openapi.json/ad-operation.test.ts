// The paid ad in the OpenAPI document: both operations, its request and result schemas, and the
// 409 no_eligible_ad among the purchase's answers.
import { describe, expect, it } from "vitest";
import { GET } from "./route";

type Json = Record<string, unknown>;
const doc = (await (await GET()).json()) as Json;

function deref(node: unknown): Json {
  let current = node as Json;
  while (typeof current.$ref === "string") {
    current = (current.$ref as string)
      .slice(2)
      .split("/")
      .reduce<unknown>((n, key) => (n as Json)[key], doc) as Json;
  }
  return current;
}

const item = (doc.paths as Record<string, Record<string, Json>>)["/api/shop/ads"]!;
const responses = (op: Json) => op.responses as Record<string, Json>;
const schemaOf = (response: Json) => deref(((response.content as Json)["application/json"] as Json).schema);
const props = (schema: Json) => schema.properties as Record<string, Json>;

describe("/api/shop/ads in the OpenAPI document", () => {
  it("has describeSponsoredAd (free, 402) and buySponsoredAd (x402)", () => {
    expect(item.get!.operationId).toBe("describeSponsoredAd");
    expect(item.get!.security).toEqual([]);
    expect(item.post!.operationId).toBe("buySponsoredAd");
    expect(item.post!["x-payment-info"]).toMatchObject({
      protocols: ["x402"],
      price: { amount: "0.002", currency: "USD", mode: "fixed" },
    });
  });

  it("publishes the request: strict, context with query or capability", () => {
    const body = deref((((item.post!.requestBody as Json).content as Json)["application/json"] as Json).schema);
    expect(body.additionalProperties).toBe(false);
    const context = props(body).context!;
    expect(context.additionalProperties).toBe(false);
    expect(context.anyOf).toEqual([{ required: ["query"] }, { required: ["capability"] }]);
    expect(props(context).query).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect((props(context).capability as Json).enum).toContain("maps-weather");
  });

  it("200 is the ad, marked sponsored", () => {
    const ok = schemaOf(responses(item.post!)["200"]!);
    expect(ok.required).toEqual(expect.arrayContaining(["ok", "idempotentReplay", "requestId", "ad"]));
    const ad = deref(props(ok).ad);
    expect(ad.required).toEqual(expect.arrayContaining(["id", "headline", "body", "url", "sponsored", "service"]));
    expect(props(ad).sponsored).toMatchObject({ const: true });
  });

  it("409 documents no_eligible_ad, charged false", () => {
    const conflict = responses(item.post!)["409"]!;
    expect(conflict.description).toMatch(/no_eligible_ad/);
    const schema = schemaOf(conflict);
    expect((props(schema).error as Json).enum).toEqual(
      expect.arrayContaining(["no_eligible_ad", "purchase_in_progress", "idempotency_key_in_use"]),
    );
    expect(props(schema).charged).toMatchObject({ const: false });
  });
});

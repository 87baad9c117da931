// The OpenAPI document says what the queued products' routes really do with MPP: their 402
// carries WWW-Authenticate, their paid answer Payment-Receipt, and their purchase takes the
// `Payment` HTTP scheme beside x402. Checked against real answers of the routes.
import { Challenge } from "mppx";
import { describe, expect, it } from "vitest";
import { describeProduct } from "@/server/payments/purchase-flow";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { evaluationProduct } from "@/server/products/evaluation-product";
import { placementProduct } from "@/server/products/placement-product";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { buildOpenApiDocument } from "../http/openapi-document";
import type { HeaderObject, OperationObject, Reference } from "./openapi-types";

const doc = buildOpenApiDocument("http://marketplace.test");
const op = (path: string, method: "get" | "post") => doc.paths[path]![method]!;
const header = (h: HeaderObject | Reference | undefined): HeaderObject | undefined =>
  h && "$ref" in h ? doc.components.headers[h.$ref.replace("#/components/headers/", "")] : h;
const headersOf = (o: OperationObject, status: string) =>
  Object.fromEntries(Object.entries(o.responses[status]!.headers ?? {}).map(([k, v]) => [k, header(v)]));

describe("MPP in the OpenAPI document", () => {
  it("declares the Payment HTTP scheme, and the WWW-Authenticate and Payment-Receipt headers", () => {
    expect(doc.components.securitySchemes.mpp).toMatchObject({ type: "http", scheme: "Payment" });
    expect(doc.components.headers["WWW-Authenticate"]).toMatchObject({
      required: true,
      description: expect.stringMatching(/expire 300 s after/),
    });
    expect(doc.components.headers["Payment-Receipt"]).toMatchObject({
      description: expect.stringMatching(/the settlement transaction for evm, the Stripe PaymentIntent id for stripe/),
    });
  });

  for (const product of [placementProduct, evaluationProduct]) {
    it(`${product.id}: the 402 of GET and POST carries WWW-Authenticate; the ${product.successStatus} Payment-Receipt; x402 or MPP pays`, async () => {
      const [get, post] = [op(product.path, "get"), op(product.path, "post")];
      for (const o of [get, post]) expect(headersOf(o, "402")["WWW-Authenticate"]?.required).toBe(true);
      expect(get.security).toEqual([]);
      expect(post.security).toEqual([{ x402: [] }, { mpp: [] }]);
      const paid = headersOf(post, String(product.successStatus));
      expect(paid["Payment-Receipt"]?.required).toBe(false);
      expect(paid["PAYMENT-RESPONSE"]?.required).toBe(false);
      expect(post.responses["400"]!.description).toMatch(/payment_ambiguous/);
      expect(post.responses["402"]!.description).toMatch(/mpp_challenge_mismatch/);
      expect(post.responses["402"]!.description).toMatch(/mpp_payment_declined, mpp_payment_action_required/);
      expect(post["x-payment-info"]).toMatchObject({
        protocols: ["x402", "mpp"],
        mpp: { methods: [{ method: "evm", intent: "charge" }] },
      });
      // What the route answers matches: the header's pattern, and the 402 example's message.
      const real = await describeProduct(paymentRuntime(), product);
      const pattern = new RegExp((doc.components.headers["WWW-Authenticate"]!.schema as { pattern: string }).pattern);
      expect(real.headers["www-authenticate"]).toMatch(pattern);
      expect(Challenge.deserializeList(real.headers["www-authenticate"]!)).toHaveLength(1);
      const example = post.responses["402"]!.content!["application/json"]!.example as { message: string };
      expect(example.message).toBe((JSON.parse(real.body) as { message: string }).message);
    });
  }

  it("the shortlist (x402 only) is unchanged", () => {
    const post = op(shortlistProduct.path, "post");
    expect(post.security).toEqual([{ x402: [] }]);
    expect(headersOf(post, "402")["WWW-Authenticate"]).toBeUndefined();
    expect(headersOf(post, "200")["PAYMENT-RESPONSE"]?.required).toBe(true);
    expect(headersOf(op(shortlistProduct.path, "get"), "402")["WWW-Authenticate"]).toBeUndefined();
  });
});

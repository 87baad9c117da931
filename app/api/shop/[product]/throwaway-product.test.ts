// Adding a product is declaring it: a throwaway declaration, listed with the real ones (in this test
// only), gets its route (402 with its product object, byte-identical GET and unsigned POST), its
// free validate route, its OpenAPI operations and schemas, and its /docs section, with no other file (the dynamic
// [product] route serves it; its one-line static route file only makes it faster).
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { guideMarkdown } from "@/components/docs/markdown/guide-markdown";
import { tagMarkdown } from "@/components/docs/markdown/reference-markdown";
import { ProductSections } from "@/components/docs/product-sections";
import { operationHrefs } from "@/components/docs/reference-model";
import { decodeHeaderJson } from "@/server/payments/header-codec";
import { AppError } from "@/server/errors";
import { shopProductRoutes, shopValidateRoutes } from "@/server/http/shop-routes";
import { buildOpenApiDocument } from "@/server/http/openapi-document";
import { paymentRequiredBodySchema } from "@/server/payments/challenge";
import { productChallenges } from "@/server/products/product-challenges";
import type { ProductDefinition } from "@/server/products/product";
import { productObject } from "@/server/payments/product-object";
import { checkedProducts, PRODUCT_LIST } from "@/server/products/products";
import { createTestAgent } from "@/test/payments/agent";
import { db } from "@/server/db";

const BASE = "http://marketplace.test";

const widgetRequest = z.strictObject({
  request_id: z.string().min(8).max(200).optional(),
  colour: z.enum(["red", "green", "blue"]).describe("The widget's colour."),
  count: z.int().min(1).max(3).describe("How many widgets."),
});
type WidgetRequest = z.infer<typeof widgetRequest>;
const widgetPurchase = z.object({
  ok: z.literal(true),
  idempotentReplay: z.boolean(),
  requestId: z.string(),
  widgets: z.array(z.string()),
});

let fulfilled = 0;
const widgetProduct: ProductDefinition<WidgetRequest> = {
  id: "widget",
  name: "Test widget",
  description: "A product that exists only in this test.",
  operationId: "buyTestWidget",
  describeOperationId: "describeTestWidget",
  method: "POST",
  path: "/api/shop/widgets",
  priceAtomic: 2500, // 0.0025 USD
  protocols: ["x402"],
  delivery: "immediate",
  successStatus: 200,
  requestSchema: widgetRequest,
  purchaseSchema: widgetRequest,
  resultSchema: widgetPurchase,
  resultExample: () => ({ ok: true, idempotentReplay: false, requestId: "widget-example-0001", widgets: ["green"] }),
  example: { request_id: "widget-example-0001", colour: "green", count: 2 },
  docs: {
    summary: "Buy test widgets",
    request: { description: "Which widgets." },
    result: { description: "The widgets." },
  },
  // A rule that needs data: blue widgets are out of the (imaginary) catalogue.
  async checkInput(input) {
    if (input.colour === "blue")
      throw new AppError("invalid_request", "The request is not valid.", [
        { path: "colour", message: "No blue widgets are catalogued." },
      ]);
  },
  async fulfil(input) {
    fulfilled++;
    return { widgets: Array.from({ length: input.count }, (_, i) => `${input.colour}-${i + 1}`) };
  },
};

const products = checkedProducts([...PRODUCT_LIST, widgetProduct as ProductDefinition]);
const routes = shopProductRoutes(products);
const validate = shopValidateRoutes(products);
const params = (product: string) => ({ params: Promise.resolve({ product }) });
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("a product declared in a test", () => {
  it("is sold at its path: GET and unsigned POST answer the same 402 with its product object and requirements", async () => {
    const get = await routes.GET(new Request(`${BASE}/api/shop/widgets`), params("widgets"));
    const unsigned = await routes.POST(new Request(`${BASE}/api/shop/widgets`, { method: "POST" }), params("widgets"));
    expect(get.status).toBe(402);
    expect(unsigned.status).toBe(402);
    const text = await get.text();
    expect(await unsigned.text()).toBe(text);
    expect(unsigned.headers.get("payment-required")).toBe(get.headers.get("payment-required"));
    const body = paymentRequiredBodySchema.parse(JSON.parse(text));
    expect(body.product).toEqual(productObject(widgetProduct as ProductDefinition, BASE));
    expect(body.product).toMatchObject({
      id: "widget",
      operationId: "buyTestWidget",
      path: `${BASE}/api/shop/widgets`,
      price: { amount: "0.0025", currency: "USD", mode: "fixed" },
    });
    expect(body.product.requestSchema).toMatchObject({ required: ["colour", "count"] });
    const required = decodeHeaderJson(get.headers.get("payment-required")!) as {
      resource: { url: string };
      accepts: { amount: string }[];
    };
    expect(required.resource.url).toBe(`${BASE}/api/shop/widgets`);
    expect(required.accepts[0]!.amount).toBe("2500");
    // Wrong methods: 405 with Allow, as for every product.
    const put = await routes.PUT(new Request(`${BASE}/api/shop/widgets`, { method: "PUT" }), params("widgets"));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("has a free validate route running its schema and its data-backed rule", async () => {
    const ok = await validate.POST(
      post("/api/shop/widgets/validate", JSON.stringify({ colour: "red", count: 1 })),
      params("widgets"),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, valid: true });
    const bad = await validate.POST(
      post("/api/shop/widgets/validate", JSON.stringify({ colour: "pink", count: 9, size: 1 })),
      params("widgets"),
    );
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(issues).toEqual(["colour", "count", "size"]);
    const blue = await validate.POST(
      post("/api/shop/widgets/validate", JSON.stringify({ colour: "blue", count: 1 })),
      params("widgets"),
    );
    expect(blue.status).toBe(400);
    expect(await blue.json()).toEqual({
      error: "invalid_request",
      message: "The request is not valid.",
      issues: [{ path: "colour", message: "No blue widgets are catalogued." }],
    });
    expect(fulfilled).toBe(0);
  });

  it("a signed purchase is refused by the same rules before any payment step: 400, uncharged", async () => {
    const agent = await createTestAgent();
    const header = (await routes.GET(new Request(`${BASE}/api/shop/widgets`), params("widgets"))).headers.get(
      "payment-required",
    )!;
    const signature = await agent.sign(header);
    const purchasesBefore = await db.purchase.count();
    for (const body of [
      { request_id: "widget-blue-0001", colour: "blue", count: 1 },
      { request_id: "widget-bad-0001", colour: "red", count: 0 },
    ]) {
      const res = await routes.POST(
        post("/api/shop/widgets", JSON.stringify(body), { "payment-signature": signature }),
        params("widgets"),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request", charged: false });
    }
    expect(await agent.balance()).toBe(1_000_000n);
    expect(await db.purchase.count()).toBe(purchasesBefore);
    expect(fulfilled).toBe(0);
  });

  it("is not sold by the app's own route, whose registry does not list it", async () => {
    const app = await import("./route");
    const res = await app.GET(new Request(`${BASE}/api/shop/widgets`), params("widgets"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: "not_found",
      message: expect.stringContaining("/api/shop/shortlist"),
    });
  });

  it("gets its OpenAPI operations and schemas, the 402 example being the route's body", async () => {
    const doc = buildOpenApiDocument(BASE, products);
    const item = doc.paths["/api/shop/widgets"]!;
    expect(item.get!.operationId).toBe("describeTestWidget");
    expect(item.post!).toMatchObject({
      operationId: "buyTestWidget",
      summary: "Buy test widgets",
      security: [{ x402: [] }],
    });
    expect(item.post!.requestBody!.content["application/json"]).toEqual({
      schema: { $ref: "#/components/schemas/WidgetRequest" },
      example: widgetProduct.example,
    });
    expect(item.post!.responses["200"]!.content!["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/WidgetPurchase",
    });
    expect(doc.components.schemas.WidgetRequest).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["colour", "count"],
      description: "Which widgets.",
    });
    expect(doc.components.schemas.WidgetPurchase).toMatchObject({
      required: ["ok", "idempotentReplay", "requestId", "widgets"],
    });
    const route402 = await (await routes.GET(new Request(`${BASE}/api/shop/widgets`), params("widgets"))).json();
    expect(item.get!.responses["402"]!.content!["application/json"]!.example).toEqual(route402);
    expect(doc.paths["/api/shop/widgets/validate"]!.post!).toMatchObject({
      operationId: "validateTestWidget",
      security: [],
    });
    // Without the declaration, none of it exists.
    const plain = buildOpenApiDocument(BASE);
    expect(plain.paths["/api/shop/widgets"]).toBeUndefined();
    expect(plain.components.schemas.WidgetRequest).toBeUndefined();
  });

  it("gets its /docs section, with the 402 the route answers", async () => {
    const challenges = await productChallenges(products);
    const doc = buildOpenApiDocument(BASE, products);
    const hrefs = operationHrefs(doc);
    const html = renderToStaticMarkup(
      ProductSections({ products, challenges, baseUrl: BASE, href: (id) => hrefs.get(id) ?? "#" }),
    );
    expect(html).toContain('id="product-widget"');
    expect(html).toContain("Test widget");
    expect(html).toContain('href="/docs/reference/shop#buyTestWidget"');
    expect(html).toContain('href="/docs/reference/shop#validateTestWidget"');
    // Its markdown too: the guide's product section and the Shop reference (the same declaration).
    const markdown = guideMarkdown(doc, products, challenges);
    expect(markdown).toContain("### Test widget");
    expect(markdown).toContain("`POST /api/shop/widgets/validate`");
    expect(tagMarkdown(doc, "Shop")).toContain("## POST /api/shop/widgets");
    expect(html).toContain(`${BASE}/api/shop/widgets/validate`);
    expect(html).toContain("&quot;amount&quot;: &quot;2500&quot;");
  });

  it("a declaration the routes cannot serve is refused when listed", () => {
    const taken = {
      ...widgetProduct,
      id: "widget2",
      operationId: "buyOther",
      describeOperationId: "describeOther",
    } as ProductDefinition;
    expect(() => checkedProducts([...products, taken])).toThrow(/segment widgets/);
    expect(() => checkedProducts([{ ...widgetProduct, path: "/api/shop/orders" } as ProductDefinition])).toThrow(
      /another route/,
    );
    expect(() => checkedProducts([{ ...widgetProduct, path: "/api/shop/Widgets" } as ProductDefinition])).toThrow(
      /lowercase/,
    );
  });
});

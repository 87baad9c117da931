// The OpenAPI document against the specification (marketplace-api.md, decisions.md §1–§4) and
// against what the shortlist route really answers.
import { describe, expect, it } from "vitest";
import { shopRoute } from "@/test/shop-route";
import { paymentRequiredBodySchema } from "@/server/payments/challenge";
import { shortlistInputSchema } from "@/server/shortlist/request-schema";
import { GET } from "./route";

type Json = Record<string, unknown>;

async function fetchDocument(): Promise<{ res: Response; doc: Json }> {
  const res = await GET();
  return { res, doc: (await res.clone().json()) as Json };
}

const { doc } = await fetchDocument();
const { GET: shortlistGET, POST: shortlistPOST } = shopRoute("shortlist");

function pointer(ref: string): unknown {
  expect(ref.startsWith("#/")).toBe(true);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/** Follows $ref until a non-reference object. */
function deref<T = Json>(node: unknown): T {
  let current = node as Json;
  for (let hops = 0; typeof current.$ref === "string"; hops++) {
    expect(hops).toBeLessThan(10);
    const target = pointer(current.$ref);
    expect(target, current.$ref).toBeDefined();
    current = target as Json;
  }
  return current as T;
}

const at = (path: string, method: "get" | "post") =>
  (doc.paths as Record<string, Record<string, Json>>)[path]![method]!;
const describeOp = at("/api/shop/shortlist", "get");
const buyOp = at("/api/shop/shortlist", "post");
const responses = (op: Json) => op.responses as Record<string, Json>;
/** A response's body schema, its $ref resolved and the response's own narrowing (`error`'s enum) applied. */
function responseSchema(op: Json, status: string): Json {
  const schema = ((responses(op)[status]!.content as Json)["application/json"] as Json).schema as Json;
  const target = deref(schema);
  const own = schema.properties as Record<string, Json> | undefined;
  return own
    ? {
        ...target,
        properties: {
          ...(target.properties as Json),
          ...Object.fromEntries(
            Object.entries(own).map(([k, v]) => [
              k,
              { ...((target.properties as Record<string, Json> | undefined)?.[k] ?? {}), ...v },
            ]),
          ),
        },
      }
    : target;
}
const responseHeaders = (op: Json, status: string) =>
  Object.fromEntries(
    Object.entries((responses(op)[status]!.headers ?? {}) as Json).map(([name, h]) => [
      name,
      deref<{ required?: boolean; schema: Json }>(h),
    ]),
  );
const props = (schema: Json) => schema.properties as Record<string, Json>;

describe("GET /openapi.json", () => {
  it("serves JSON that may be cached briefly", async () => {
    const { res } = await fetchDocument();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get("cache-control")!)![1])).toBeLessThanOrEqual(3600);
  });

  it("is OpenAPI 3.1.0, interface version 1.4.0, served from BASE_URL", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect((doc.info as Json).version).toBe("1.4.0");
    expect(doc.servers).toEqual([{ url: "http://marketplace.test" }]);
    expect((doc.info as Json).description).toMatch(/PAYMENT-REQUIRED[\s\S]*PAYMENT-SIGNATURE[\s\S]*PAYMENT-RESPONSE/);
  });

  it("names both shortlist operations, and every operation id is unique", () => {
    expect(describeOp.operationId).toBe("describeSoftwareVendorShortlist");
    expect(buyOp.operationId).toBe("buySoftwareVendorShortlist");
    const ids = Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("resolves every $ref", () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "example" || key === "examples") continue; // data, not schema
        if (key === "$ref") refs.push(value as string);
        else walk(value);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(pointer(ref), ref).toBeDefined();
  });

  it("describes x402 as the security scheme of the purchase, not of the describe call", () => {
    const schemes = (doc.components as Json).securitySchemes as Record<string, Json>;
    const [name, scheme] = Object.entries(schemes).find(([, s]) => s.name === "PAYMENT-SIGNATURE")!;
    expect(scheme).toMatchObject({ type: "apiKey", in: "header" });
    expect(buyOp.security).toEqual([{ [name]: [] }]);
    expect(describeOp.security).toEqual([]);
  });

  it("every operation says who may call it: free ones an explicit empty list, the rest a declared scheme", () => {
    const schemes = Object.keys((doc.components as Json).securitySchemes as Json);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
        for (const requirement of op.security as Json[])
          for (const name of Object.keys(requirement)) expect(schemes, `${method} ${path}`).toContain(name);
      }
    }
    expect((doc.info as Json).license).toMatchObject({ name: expect.any(String) });
  });
});

describe("describeSoftwareVendorShortlist (GET)", () => {
  it("answers 402 or 503", () => {
    expect(Object.keys(responses(describeOp)).sort()).toEqual(["402", "503"]);
  });

  it("402: PAYMENT-REQUIRED header, body {error, product, free}", () => {
    expect(responseHeaders(describeOp, "402")["PAYMENT-REQUIRED"]).toMatchObject({
      required: true,
      schema: { type: "string" },
    });
    const body = responseSchema(describeOp, "402");
    expect(body.required).toEqual(["error", "message", "product", "free"]);
    const free = deref(props(body).free);
    expect(free.required).toEqual(["homepage", "browse_marketplace", "search_api", "docs"]);
    expect(free.additionalProperties).toBe(false);
    for (const link of Object.values(props(free))) expect(link).toMatchObject({ type: "string", format: "uri" });
  });

  it("503: {error, code, charged: false}, payment_unconfigured or facilitator_unavailable", () => {
    const variants = responseSchema(describeOp, "503").oneOf as Json[];
    expect(variants.map((v) => (props(v).code as Json).const).sort()).toEqual([
      "facilitator_unavailable",
      "payment_unconfigured",
    ]);
    for (const v of variants) {
      expect(v.required).toEqual(expect.arrayContaining(["error", "code", "charged"]));
      expect(props(v).charged).toMatchObject({ const: false });
    }
  });

  it("marks every answer Cache-Control: no-store", () => {
    for (const status of Object.keys(responses(describeOp)))
      expect(responseHeaders(describeOp, status)["Cache-Control"]?.schema).toEqual({
        type: "string",
        const: "no-store",
      });
  });
});

describe("buySoftwareVendorShortlist (POST)", () => {
  it("answers 200, 400, 402, 409, 413, 422 and 503", () => {
    expect(Object.keys(responses(buyOp)).sort()).toEqual(["200", "400", "402", "409", "413", "422", "503"]);
  });

  it("takes PAYMENT-SIGNATURE and Idempotency-Key (8–200, ^[A-Za-z0-9._:-]+$), both optional", () => {
    const params = (buyOp.parameters as Json[]).map((p) =>
      deref<{ name: string; in: string; required?: boolean; schema: Json }>(p),
    );
    const signature = params.find((p) => p.name === "PAYMENT-SIGNATURE")!;
    expect(signature).toMatchObject({ in: "header", required: false });
    const key = params.find((p) => p.name === "Idempotency-Key")!;
    expect(key).toMatchObject({
      in: "header",
      required: false,
      schema: { type: "string", minLength: 8, maxLength: 200, pattern: "^[A-Za-z0-9._:-]+$" },
    });
    const pattern = new RegExp(key.schema.pattern as string);
    expect(pattern.test("order-2024.01:ab_C")).toBe(true);
    expect(pattern.test("has space")).toBe(false);
    expect(pattern.test("slash/key")).toBe(false);
  });

  it("publishes the shortlist request body rules of the specification", () => {
    const content = (buyOp.requestBody as Json).content as Record<string, Json>;
    const body = deref(content["application/json"]!.schema);
    expect(body.type).toBe("object");
    expect(body.additionalProperties).toBe(false);
    expect(body.required ?? []).toEqual([]);
    const p = props(body);
    expect(Object.keys(p).sort()).toEqual(["conditions", "constraints", "limit", "outcome", "request_id", "search"]);
    expect(p.request_id).toMatchObject({ type: "string", minLength: 8, maxLength: 200 });
    expect(p.outcome).toMatchObject({ type: "string", minLength: 8, maxLength: 2400 });
    expect(p.search).toMatchObject({
      type: "string",
      enum: ["all", "exact", "terms", "semantic", "hybrid"],
      default: "all",
    });
    expect(p.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 5, default: 5 });

    expect(p.conditions).toMatchObject({ type: "array", maxItems: 12 });
    const [asString, asObject] = ((p.conditions!.items as Json).anyOf as Json[]).map((s) => deref(s));
    expect(asString).toMatchObject({ type: "string", minLength: 1, maxLength: 240 });
    expect(asObject).toMatchObject({ type: "object", additionalProperties: false, required: ["requirement"] });
    expect(props(asObject!).id).toMatchObject({ type: "string", maxLength: 40 });
    expect(props(asObject!).requirement).toMatchObject({ type: "string", minLength: 1, maxLength: 240 });
    expect(props(asObject!).priority).toMatchObject({ enum: ["must", "prefer"], default: "must" });

    const constraints = deref(p.constraints);
    expect(constraints).toMatchObject({ type: "object", additionalProperties: false });
    expect(constraints.required ?? []).toEqual([]);
    expect(props(constraints).protocol).toMatchObject({ enum: ["mpp", "x402"] });
    expect(props(constraints).tested).toMatchObject({ enum: ["true", "output", "no-output"] });
    expect(props(constraints).maxPriceUsd).toMatchObject({ type: "number", minimum: 0 });

    // The example is a complete purchase body.
    expect(shortlistInputSchema.safeParse(content["application/json"]!.example).success).toBe(true);
  });

  it("200: {ok, idempotentReplay, requestId, shortlist} with PAYMENT-RESPONSE", () => {
    expect(responseHeaders(buyOp, "200")["PAYMENT-RESPONSE"]).toMatchObject({
      required: true,
      schema: { type: "string" },
    });
    const body = responseSchema(buyOp, "200");
    expect(body.required).toEqual(expect.arrayContaining(["ok", "idempotentReplay", "requestId", "shortlist"]));
    expect(props(body).ok).toMatchObject({ const: true });
    expect(props(body).idempotentReplay).toMatchObject({ type: "boolean" });
    const shortlist = deref(props(body).shortlist);
    expect(shortlist.required).toEqual(
      expect.arrayContaining(["query", "matches", "catalogObservedAt", "generatedAt"]),
    );
    const match = deref((props(shortlist).matches as Json).items);
    expect(match.required).toEqual(
      expect.arrayContaining(["rank", "service", "score", "fitReasons", "conditions", "reputation", "links", "offers"]),
    );
  });

  it.each([
    ["400", ["invalid_request", "invalid_json", "idempotency_key_mismatch", "idempotency_key_required"]],
    ["409", ["purchase_in_progress", "idempotency_key_in_use", "payment_identifier_reused"]],
    ["413", ["payload_too_large"]],
    ["422", ["idempotency_key_reused"]],
  ])("%s: {error, message, charged: false} with the codes %j", (status, codes) => {
    const body = responseSchema(buyOp, status);
    expect(body.required).toEqual(expect.arrayContaining(["error", "message", "charged"]));
    expect((props(body).error as Json).enum).toEqual(codes);
    expect(props(body).charged).toMatchObject({ const: false });
  });

  it("400 lists the issues as {path, message}", () => {
    const issue = deref((props(responseSchema(buyOp, "400")).issues as Json).items);
    expect(issue.required).toEqual(["path", "message"]);
  });

  it("402: the challenge, with the x402 reason in `error` when a payment is refused", () => {
    expect(responseHeaders(buyOp, "402")["PAYMENT-REQUIRED"]).toMatchObject({ required: true });
    expect(responseSchema(buyOp, "402").required).toEqual(["error", "message", "product", "free"]);
    expect(responses(buyOp)["402"]!.description).toMatch(/payment_required[\s\S]*invalid_exact_evm_signature/);
  });

  it("409 and 503 carry Retry-After (seconds)", () => {
    for (const status of ["409", "503"])
      expect(responseHeaders(buyOp, status)["Retry-After"]).toMatchObject({
        required: false,
        schema: { type: "integer", minimum: 1 },
      });
  });

  it('503: the six codes with charged false, false, "unknown", true, false or "unknown", any (server_busy); each with error = code and a message', () => {
    const variants = responseSchema(buyOp, "503").oneOf as Json[];
    const chargedOf = (c: Json) =>
      "const" in c ? c.const : ((c.anyOf ?? c.oneOf) as Json[]).map((x) => String(x.const)).join("|");
    const charged = Object.fromEntries(
      variants.map((v) => [(props(v).code as Json).const, chargedOf(props(v).charged as Json)]),
    );
    expect(charged).toEqual({
      payment_unconfigured: false,
      facilitator_unavailable: false,
      settlement_unknown: "unknown",
      fulfilment_pending: true,
      purchase_interrupted: "false|unknown",
      server_busy: "false|unknown|true",
    });
    for (const v of variants) {
      expect(v.required).toEqual(expect.arrayContaining(["error", "message", "code", "charged"]));
      expect((props(v).error as Json).const).toBe((props(v).code as Json).const);
    }
  });

  it("marks every answer Cache-Control: no-store", () => {
    for (const status of Object.keys(responses(buyOp)))
      expect(responseHeaders(buyOp, status)["Cache-Control"]?.schema).toEqual({ type: "string", const: "no-store" });
  });
});

describe("recoverPurchase (GET /api/shop/purchases/{key})", () => {
  const op = at("/api/shop/purchases/{key}", "get");

  it("answers 200, 400, 401, 403, 404, 409 and 503; takes the key and the Purchase-Authorization header; never charges", () => {
    expect(op.operationId).toBe("recoverPurchase");
    // 200 for an immediate product's stored answer, 202 for a queued one's.
    expect(Object.keys(responses(op)).sort()).toEqual(["200", "202", "400", "401", "403", "404", "409", "429", "503"]);
    const params = (op.parameters as Json[]).map((p) => deref<{ name: string; in: string; required?: boolean }>(p));
    expect(params).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "key", in: "path", required: true }),
        expect.objectContaining({ name: "Purchase-Authorization", in: "header", required: true }),
      ]),
    );
    expect(responseHeaders(op, "200")["PAYMENT-RESPONSE"]).toBeDefined();
    expect(op.description).toMatch(/EIP-712[\s\S]*PurchaseRecovery[\s\S]*expiresAt/);
    for (const status of ["400", "401", "403", "404", "409", "503"])
      expect(responseSchema(op, status).required).toEqual(expect.arrayContaining(["error", "message"]));
  });

  it("publishes the header's JSON and the 409 recovery hint of buySoftwareVendorShortlist", () => {
    const auth = deref((doc.components as { schemas: Json }).schemas.PurchaseRecoveryAuthorization);
    expect(auth.required).toEqual(["payer", "resource", "expiresAt", "signature"]);
    expect(auth.additionalProperties).toBe(false);
    expect(deref(props(responseSchema(buyOp, "409")).recovery)).toMatchObject({ type: "object" });
  });
});

describe("the free APIs", () => {
  it.each([
    ["/api/catalog/search", "ranked services", ["200", "400", "405", "429", "503"]],
    ["/api/catalog/services", "a page of services", ["200", "400", "405", "429", "503"]],
    ["/api/catalog/services/{slug}", "the service record", ["200", "404", "405", "429", "503"]],
    ["/api/reviews", "a page of reviews", ["200", "400", "404", "405", "429", "503"]],
    ["/api/reviews/{id}", "one review", ["200", "400", "404", "405", "429", "503"]],
  ])("GET %s answers %s", (path, _what, statuses) => {
    const op = at(path, "get");
    expect(Object.keys(responses(op)).sort()).toEqual(statuses);
    expect(op.security).toEqual([]);
    expect(responseSchema(op, "200").type).toBe("object");
  });

  it("search takes q (1–400 characters; without it, the most called services) and bounds limit to 1–50", () => {
    const params = at("/api/catalog/search", "get").parameters as Json[];
    expect(params.find((p) => p.name === "q")).toMatchObject({
      in: "query",
      required: false,
      schema: { type: "string", minLength: 1, maxLength: 400 },
    });
    expect(params.find((p) => p.name === "limit")).toMatchObject({
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 50, default: 10 },
    });
  });

  it("the service record is schemaVersion 1, snapshot+live-reviews", () => {
    const record = responseSchema(at("/api/catalog/services/{slug}", "get"), "200");
    expect(props(record).schemaVersion).toMatchObject({ const: 1 });
    expect(props(record).dataMode).toMatchObject({ const: "snapshot+live-reviews" });
    const service = deref(props(record).service);
    expect(deref((props(service).offers as Json).items).required).toEqual(
      expect.arrayContaining(["id", "method", "path", "callUrl", "priceUsd"]),
    );
    // Issue 11's additive fields: how each offer is paid and what the observer saw.
    expect(service.required).toEqual(expect.arrayContaining(["protocols", "observed"]));
    expect(deref(props(service).protocols)).toMatchObject({ type: "array", items: { enum: ["x402", "mpp"] } });
    expect(deref(props(service).observed).required).toEqual(
      expect.arrayContaining(["calls30d", "paidCalls30d", "uniquePayers30d", "successRate", "p50LatencyMs"]),
    );
    const offer = deref((props(service).offers as Json).items);
    expect(offer.required).toEqual(expect.arrayContaining(["protocol", "routedByMarketplace", "observed"]));
    expect(deref(props(offer).observed).required).toEqual(
      expect.arrayContaining(["calls30d", "successRate", "p50LatencyMs"]),
    );
  });

  it("review records in both forms carry verifiedCall; shortlist reputation counts verified reviews", () => {
    const schemas = (doc.components as Json).schemas as Record<string, Json>;
    for (const name of ["Review", "ReviewListItem"]) {
      expect(deref(schemas[name]).required, name).toContain("verifiedCall");
      expect(props(deref(schemas[name])).verifiedCall, name).toMatchObject({ type: "boolean" });
    }
    const reputation = deref(props(deref(schemas.ShortlistMatch)).reputation);
    expect(reputation.required).toContain("verifiedReviewCount");
  });

  it("the faucet: 200, 400, 404 when the local facilitator is off", () => {
    const op = at("/api/dev/faucet", "post");
    expect(Object.keys(responses(op))).toEqual(expect.arrayContaining(["200", "400", "404"]));
    const body = deref(((op.requestBody as Json).content as Record<string, Json>)["application/json"]!.schema);
    expect(body.required).toEqual(["address"]);
  });
});

describe("the document matches what the shortlist route answers", () => {
  it.each([
    ["GET", () => shortlistGET(new Request("http://marketplace.test/api/shop/shortlist"))],
    [
      "unsigned POST",
      () => shortlistPOST(new Request("http://marketplace.test/api/shop/shortlist", { method: "POST" })),
    ],
  ])("%s: a documented 402 with a decodable PAYMENT-REQUIRED", async (name, call) => {
    const res = await call();
    const op = name === "GET" ? describeOp : buyOp;
    expect(Object.keys(responses(op))).toContain(String(res.status));
    expect(res.status).toBe(402);
    const header = res.headers.get("payment-required")!;
    expect(header).toMatch(new RegExp(responseHeaders(op, "402")["PAYMENT-REQUIRED"]!.schema.pattern as string));
    expect(JSON.parse(Buffer.from(header, "base64").toString("utf8"))).toMatchObject({
      x402Version: 2,
      error: "payment_required",
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = paymentRequiredBodySchema.parse(await res.json());
    expect(body.product.operationId).toBe(buyOp.operationId);
    // The documented example is the body the route sends.
    expect(body).toEqual(((responses(op)["402"]!.content as Json)["application/json"] as Json).example);
  });
});

describe("the /docs page renders the document", () => {
  it("shows every operation, the payment guide, the link to /openapi.json and keeps #methodology", async () => {
    // The cards and schemas are on each tag's page (/docs/reference/<tag>); /docs links to them.
    const { allDocsHtml } = await import("@/test/docs/docs-pages");
    const html = await allDocsHtml();
    const ids = Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId as string),
    );
    for (const id of ids) expect(html).toContain(`id="${id}"`);
    for (const name of Object.keys((doc.components as Json).schemas as Json))
      expect(html).toContain(`id="schema-${name}"`);
    expect(html).toContain('href="/openapi.json"');
    expect(html).toContain('id="methodology"');
    expect(html).toContain('id="paying"');
    expect(html).toContain("wrapFetchWithPayment");
    expect(html).toContain("base64 -d");
    expect(html).toContain("npm run agent:shortlist");
    for (const status of Object.keys(responses(buyOp))) expect(html).toContain(`>${status} `);
  });

  it("has a section per product of the registry, with the 402 its route answers; no docs component reads the configuration", async () => {
    const { docsPageHtml } = await import("@/test/docs/docs-pages");
    const { PRODUCT_LIST } = await import("@/server/products/products");
    const html = await docsPageHtml();
    const guideText = await (
      await (await import("@/app/docs.md/route")).GET(new Request("http://marketplace.test/docs.md"))
    ).text();
    const escape = (text: string) =>
      text
        .replace(/&/g, "&amp;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#x27;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;");
    for (const product of PRODUCT_LIST) {
      expect(html).toContain(`id="product-${product.id}"`);
      expect(html).toContain(`href="/docs/reference/shop#${product.operationId}"`);
      const res402 = await shopRoute(product.path.split("/").pop()!).GET(
        new Request(`http://marketplace.test${product.path}`),
      );
      const route402 = await res402.json();
      const decoded = JSON.parse(Buffer.from(res402.headers.get("payment-required")!, "base64").toString("utf8"));
      // Shown as the route sends it, but for each extension's JSON Schema (the bazaar one repeats the
      // request schema), which is left out with a note, and the bazaar's output (an example answer),
      // left out: the page stays under its size.
      const shown = {
        ...decoded,
        extensions: Object.fromEntries(
          Object.entries(decoded.extensions as Record<string, { info?: { output?: unknown } }>).map(([name, ext]) => {
            if (!("schema" in ext)) return [name, ext];
            const { output, ...info } = ext.info ?? {};
            if (name === "bazaar") expect(output).toBeDefined();
            return [name, { ...ext, info, schema: "(JSON Schema, left out here)" }];
          }),
        ),
      };
      expect(Object.keys(decoded.extensions as object).sort()).toEqual(["bazaar", "payment-identifier"]);
      expect(html).toContain(escape(JSON.stringify(shown, null, 2)));
      // The 402 body itself is in the markdown guide (it holds the request's whole schema: too heavy for /docs).
      expect(html).toContain(`href="/docs.md#${product.id}-402"`);
      expect(guideText).toContain(JSON.stringify(route402, null, 2));
    }
    const { readdirSync, readFileSync } = await import("node:fs");
    const files = readdirSync("components/docs", { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.map((f) => f.name)).toContain("guide-markdown.ts");
    for (const file of files) {
      const path = `${file.parentPath}/${file.name}`;
      expect(readFileSync(path, "utf8"), path).not.toMatch(/process\.env|server\/env"|FromEnv\(/);
    }
  });
});

describe("free reads document their limits and outages", () => {
  it("every free catalog and review read declares 405 with Allow, 429 with Retry-After and RateLimit-*, and 503 with Retry-After", () => {
    const paths = doc.paths as Record<
      string,
      Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
    >;
    const free = [
      "/api/catalog/services",
      "/api/catalog/services/{slug}",
      "/api/catalog/search",
      "/api/reviews",
      "/api/reviews/{id}",
    ];
    for (const path of free) {
      const responses = paths[path]!.get!.responses;
      expect(Object.keys(responses["405"]!.headers!), path).toEqual(["Allow"]);
      expect(Object.keys(responses["429"]!.headers!), path).toEqual([
        "Retry-After",
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
        "RateLimit-Policy",
      ]);
      expect(Object.keys(responses["503"]!.headers!), path).toEqual(["Retry-After"]);
    }
  });
});

describe("the review writes", () => {
  type Op = Json & { parameters: Json[]; responses: Record<string, Json>; security: Record<string, string[]>[] };
  const op = (path: string, method: string) => (doc.paths as Record<string, Record<string, Op>>)[path]![method]!;
  const WRITES: [string, string, string, string][] = [
    ["/api/reviews", "post", "createReview", "201"],
    ["/api/reviews/{id}", "patch", "reviseReview", "200"],
    ["/api/reviews/{id}/like", "post", "likeReview", "200"],
    ["/api/reviews/{id}/favorite", "post", "favoriteReview", "200"],
    ["/api/reviews/{id}/comments", "post", "addReviewComment", "201"],
    ["/api/reviews/{id}/comments/{commentId}", "patch", "editReviewComment", "200"],
    ["/api/reviews/{id}/comments/{commentId}", "delete", "deleteReviewComment", "200"],
  ];

  it("a marketplaceToken security scheme: apiKey in the X-Marketplace-Token header", () => {
    const schemes = (doc.components as Json).securitySchemes as Record<string, Json>;
    expect(schemes.marketplaceToken).toMatchObject({ type: "apiKey", in: "header", name: "X-Marketplace-Token" });
  });

  it.each(WRITES)(
    "%s %s (%s): the token, Idempotency-Key, every status with its codes",
    (path, method, operationId, success) => {
      const o = op(path, method);
      expect(o.operationId).toBe(operationId);
      expect(o.security).toEqual([{ marketplaceToken: [] }]);
      const statuses = [
        success,
        "400",
        "401",
        "403",
        "404",
        "405",
        "413",
        "415",
        "422",
        "429",
        "503",
        ...(operationId === "createReview" ? ["409"] : []),
      ];
      expect(Object.keys(o.responses).sort()).toEqual(statuses.sort());
      const key = o.parameters
        .map((p) => deref<{ name: string; in: string; required?: boolean; schema: Json }>(p))
        .find((p) => p.name === "Idempotency-Key")!;
      expect(key).toMatchObject({
        in: "header",
        required: false,
        schema: { type: "string", minLength: 8, maxLength: 200, pattern: "^[A-Za-z0-9._:-]+$" },
      });
      const codes: Record<string, string> = {
        "400": "invalid_request",
        "401": "unauthorized",
        "403": "forbidden",
        "404": "not_found",
        "413": "payload_too_large",
        "415": "unsupported_media_type",
        "422": "idempotency_key_reused",
        "429": "rate_limited",
        "409": "conflict",
      };
      for (const [status, code] of Object.entries(codes))
        if (status in o.responses) expect(o.responses[status]!.description, `${status}`).toContain(code);
      for (const status of statuses.filter((s) => Number(s) >= 400))
        expect(responseSchema(o, status).required).toEqual(expect.arrayContaining(["error", "message"]));
      expect(Object.keys(responseHeaders(o, "429"))).toEqual(
        expect.arrayContaining([
          "Retry-After",
          "RateLimit-Limit",
          "RateLimit-Remaining",
          "RateLimit-Reset",
          "RateLimit-Policy",
        ]),
      );
      expect(Object.keys(responseHeaders(o, success))).toEqual(
        expect.arrayContaining(["Idempotent-Replayed", "RateLimit-Remaining"]),
      );
    },
  );

  it("request bodies come from the services' schemas", () => {
    const bodyOf = (o: Op) =>
      deref(((o.requestBody as Json).content as Record<string, Json>)["application/json"]!.schema);
    const create = bodyOf(op("/api/reviews", "post"));
    expect(create).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["slug", "rating", "title", "body"],
    });
    expect(props(create).rating).toMatchObject({ type: "integer", minimum: 1, maximum: 5 });
    expect(props(create).title).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect(props(create).body).toMatchObject({ type: "string", minLength: 1, maxLength: 5000 });
    expect(props(create).tags).toMatchObject({
      type: "array",
      maxItems: 10,
      items: { type: "string", minLength: 1, maxLength: 40 },
    });
    expect(props(create).link).toMatchObject({ type: "string", maxLength: 2000 });
    const revise = bodyOf(op("/api/reviews/{id}", "patch"));
    expect(revise).toMatchObject({ type: "object", additionalProperties: false });
    expect(revise.required ?? []).toEqual([]);
    expect(bodyOf(op("/api/reviews/{id}/like", "post"))).toMatchObject({
      additionalProperties: false,
      properties: { active: { type: "boolean" } },
    });
    expect((op("/api/reviews/{id}/like", "post").requestBody as Json).required).toBe(false);
    expect(props(bodyOf(op("/api/reviews/{id}/comments", "post"))).body).toMatchObject({
      type: "string",
      minLength: 1,
      maxLength: 2000,
    });
    expect(op("/api/reviews/{id}/comments/{commentId}", "delete").requestBody).toBeUndefined();
  });

  it("success bodies: {ok, review}, {ok, kind, active, engagement}, {ok, comment}, {ok}", () => {
    expect(props(responseSchema(op("/api/reviews", "post"), "201")).review).toBeDefined();
    expect(responseSchema(op("/api/reviews/{id}/like", "post"), "200").required).toEqual([
      "ok",
      "kind",
      "active",
      "engagement",
    ]);
    expect(responseSchema(op("/api/reviews/{id}/comments", "post"), "201").required).toEqual(["ok", "comment"]);
    expect(responseSchema(op("/api/reviews/{id}/comments/{commentId}", "delete"), "200").required).toEqual(["ok"]);
    // The list form documents its capped comments.
    const item = deref((doc.components as { schemas: Json }).schemas.ReviewListItem);
    expect(item.description).toContain("at most 20");
    expect(item.required).toEqual(expect.arrayContaining(["comments"]));
    expect(item.required).not.toContain("link");
    expect(deref((doc.components as { schemas: Json }).schemas.Review).required).toEqual(
      expect.arrayContaining(["link", "comments"]),
    );
  });

  it("/docs and the Reviews page show every write, its statuses with their names, the token header once and no duplicate ids", async () => {
    const { docsPageHtml, referencePagesHtml } = await import("@/test/docs/docs-pages");
    const docsHtml = await docsPageHtml();
    const pages = await referencePagesHtml();
    const html = pages.get("Reviews")!;
    for (const [, , id] of WRITES) expect(html).toContain(`id="${id}"`);
    for (const text of [
      "201 Created",
      "401 Unauthorized",
      "403 Forbidden",
      "405 Method Not Allowed",
      "409 Conflict",
      "415 Unsupported Media Type",
      "422 Unprocessable Content",
      "429 Too Many Requests",
    ])
      expect(html).toContain(`>${text}<`);
    expect(html).toContain("needs a marketplace token (X-Marketplace-Token)");
    for (const page of [docsHtml, ...pages.values()]) {
      const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    }
    const ids = [...docsHtml.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toContain("header-X-Marketplace-Token");
    expect(ids).toContain("header-Idempotency-Key");
    // Every header a response names links to its description on /docs.
    const targets = [...pages.values()].flatMap((page) =>
      [...page.matchAll(/href="\/docs#(header-[^"]+)"/g)].map((m) => m[1]),
    );
    expect(targets).toEqual(expect.arrayContaining(["header-Idempotent-Replayed", "header-RateLimit-Remaining"]));
    expect([...new Set(targets.filter((t) => !ids.includes(t)))]).toEqual([]);
  });
});

describe("every product of the registry, from its declaration", () => {
  it("has its describe (402), purchase and free validate operations, with its request and result schemas", async () => {
    const { PRODUCT_LIST } = await import("@/server/products/products");
    const { productSchemaNames, validateOperationId } = await import("@/server/products/product");
    expect(PRODUCT_LIST.map((p) => p.id)).toEqual(expect.arrayContaining(["shortlist", "placement", "evaluation"]));
    for (const product of PRODUCT_LIST) {
      const names = productSchemaNames(product);
      const get = at(product.path, "get");
      const post = at(product.path, "post");
      expect(get.operationId).toBe(product.describeOperationId);
      expect(post.operationId).toBe(product.operationId);
      expect(post.summary).toBe(product.docs.summary);
      expect(Object.keys(responses(get)).sort()).toEqual(["402", "503"]);
      expect(Object.keys(responses(post))).toContain(String(product.successStatus));
      expect(
        ((responses(post)[String(product.successStatus)]!.content as Json)["application/json"] as Json).schema,
      ).toEqual({ $ref: `#/components/schemas/${names.result}` });
      const body = ((post.requestBody as Json).content as Record<string, Json>)["application/json"]!;
      expect(body.schema).toEqual({ $ref: `#/components/schemas/${names.request}` });
      expect(product.purchaseSchema.safeParse(body.example).success, product.id).toBe(true);
      expect(
        (((responses(get)["402"]!.content as Json)["application/json"] as Json).example as Json).product,
      ).toMatchObject({ id: product.id, path: `http://marketplace.test${product.path}` });

      const validate = at(`${product.path}/validate`, "post");
      expect(validate.operationId).toBe(validateOperationId(product));
      expect(validate.security).toEqual([]);
      expect(Object.keys(responses(validate)).sort()).toEqual(["200", "400", "405", "413", "429", "503"]);
      expect(responseSchema(validate, "400").properties).toMatchObject({
        error: { enum: ["invalid_request", "invalid_json"] },
      });
    }
    expect(at("/api/shop/placements", "post").operationId).toBe("buySponsoredPlacement");
    expect(at("/api/shop/evaluations", "post").operationId).toBe("buyEvaluation");
    expect(Object.keys(responses(at("/api/shop/placements", "post")))).toContain("202");
  });
});

describe("error responses come from the error table", () => {
  it("each lists codes of its own status, described as the table describes them", async () => {
    const { ERROR_TABLE } = await import("@/server/errors");
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(responses(op))) {
          const schema = ((response.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema as
            Json | undefined;
          const codes = (schema?.properties as { error?: { enum?: string[] } } | undefined)?.error?.enum;
          if (!codes) continue;
          for (const code of codes) {
            const entry = ERROR_TABLE[code as keyof typeof ERROR_TABLE];
            expect(entry, `${method} ${path} ${status}: ${code}`).toBeDefined();
            expect(String(entry.status), `${method} ${path}: ${code}`).toBe(status);
            expect(response.description, `${method} ${path} ${status}`).toContain(`\`${code}\`: ${entry.description}`);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    // The error bodies' `error` enumerates the table.
    expect((props(deref((doc.components as { schemas: Json }).schemas.ApiError)).error as Json).enum).toEqual(
      Object.keys(ERROR_TABLE),
    );
  });
});

describe("schemas say what the values are", () => {
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  const prop = (schema: string, ...path: string[]) =>
    path.reduce<Json>((node, key) => props(deref(node))[key]!, schemas[schema]!);

  it("whole numbers are integers, even as literals", () => {
    const numbers: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (node === null || typeof node !== "object") return;
      const n = node as Json;
      if (
        n.type === "number" &&
        (Number.isInteger(n.const) || (Array.isArray(n.enum) && n.enum.every(Number.isInteger)))
      )
        numbers.push(at);
      for (const [k, v] of Object.entries(n)) if (k !== "example") walk(v, `${at}/${k}`);
    };
    walk(doc, "");
    expect(numbers).toEqual([]);
    expect(prop("ServiceRecord", "schemaVersion")).toEqual({ type: "integer", const: 1 });
    expect(prop("PlacementRequest", "durationDays")).toMatchObject({ type: "integer", minimum: 1, maximum: 90 });
  });

  it("URLs are format uri, timestamps date-time, epoch fields say milliseconds", () => {
    for (const [schema, path] of [
      ["ServiceRecord", ["methodologyUrl"]],
      ["Offer", ["callUrl"]],
      ["Offer", ["providerUrl"]],
      ["Service", ["website"]],
      ["ServiceSummary", ["profileUrl"]],
      ["Review", ["url"]],
      ["Review", ["link"]],
      ["CreateReviewRequest", ["link"]],
      ["ShortlistMatch", ["links", "purchase"]],
      ["FreeLinks", ["docs"]],
      ["QueuedPurchase", ["order", "statusUrl"]],
    ] as const) {
      expect(prop(schema, ...path), `${schema}.${path.join(".")}`).toMatchObject({ type: "string", format: "uri" });
    }
    for (const [schema, path] of [
      ["Shortlist", ["generatedAt"]],
      ["Shortlist", ["catalogObservedAt"]],
      ["Service", ["catalogObservedAt"]],
      ["QueuedPurchase", ["order", "createdAt"]],
    ] as const) {
      expect(prop(schema, ...path), `${schema}.${path.join(".")}`).toMatchObject({
        type: "string",
        format: "date-time",
      });
    }
    for (const [schema, path] of [
      ["Review", ["created_at"]],
      ["Review", ["updated_at"]],
      ["ReviewComment", ["created_at"]],
      ["LastReview", ["created_at"]],
    ] as const) {
      expect(prop(schema, ...path), `${schema}.${path.join(".")}`).toMatchObject({
        type: "integer",
        description: expect.stringContaining("milliseconds since the Unix epoch"),
      });
    }
  });
});

// The agent-readable docs: /llms.txt, /docs.md and /docs/<tag>.md list every operation of the OpenAPI
// document (a missing one fails here), answer text/markdown with an ETag, use BASE_URL, and refuse other
// methods and unknown names with JSON; the proxy lets every method reach them and gives them the API's headers.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { tagSlug } from "@/components/docs/reference-model";
import { GET as openApiGET } from "@/app/openapi.json/route";
import * as llms from "@/app/llms.txt/route";
import * as tagFile from "@/app/docs/[file]/route";
import { handleRequest } from "@/server/proxy/handle-request";
import { PRODUCT_LIST } from "@/server/products/products";
import * as guide from "./route";

const BASE = "http://marketplace.test";
type Doc = { paths: Record<string, Record<string, { operationId: string; tags: string[] }>>; tags: { name: string }[] };
const doc = (await (await openApiGET()).json()) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), ...op })),
);

const get = (url: string, headers: HeadersInit = {}) => new Request(`${BASE}${url}`, { headers });
const fileParams = (file: string) => ({ params: Promise.resolve({ file }) });
const tagMd = (tag: string, headers: HeadersInit = {}) =>
  tagFile.GET(get(`/docs/${tagSlug(tag)}.md`, headers), fileParams(`${tagSlug(tag)}.md`));
const text = async (res: Response | Promise<Response>) => (await res).text();

describe("every operation of the OpenAPI document is in the agent docs", () => {
  it("the document has the operations this checks (products, free reads, token writes)", () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(["buySoftwareVendorShortlist", "buySponsoredPlacement", "buyEvaluation", "searchCatalog"]),
    );
  });

  it("/llms.txt links each one (method, path, operationId) to its tag's markdown", async () => {
    const index = await text(llms.GET(get("/llms.txt")));
    for (const op of operations) {
      const link = `[${op.method} ${op.path}](${BASE}/docs/${tagSlug(op.tags[0]!)}.md)`;
      expect(index, op.operationId).toContain(link);
      expect(index, op.operationId).toContain(`\`${op.operationId}\``);
    }
    for (const tag of doc.tags) expect(index).toContain(`(${BASE}/docs/${tagSlug(tag.name)}.md)`);
    expect(index).toMatch(/^# .+\n\n> .+/);
  });

  it("/docs.md indexes each one, and its tag's page describes it in full", async () => {
    const guideText = await text(guide.GET(get("/docs.md")));
    const pages = new Map(await Promise.all(doc.tags.map(async (t) => [t.name, await text(tagMd(t.name))] as const)));
    for (const op of operations) {
      expect(guideText, op.operationId).toContain(`\`${op.method} ${op.path}\` (\`${op.operationId}\``);
      const page = pages.get(op.tags[0]!)!;
      expect(page, op.operationId).toContain(`## ${op.method} ${op.path}\n`);
      expect(page, op.operationId).toContain(`operationId \`${op.operationId}\``);
    }
    // A tag's page carries its own operations only.
    expect(pages.get("Catalog")).not.toContain("## POST /api/shop/shortlist\n");
    expect(pages.get("Shop")).toContain("## ShortlistRequest");
  });

  it("the guide has every product with its price, and the spend-control line where the price is over 1 USD", async () => {
    const guideText = await text(guide.GET(get("/docs.md")));
    for (const product of PRODUCT_LIST) expect(guideText).toContain(`### ${product.name}`);
    expect(guideText).toContain('.setSpendControls({ maxAmountPerPayment: "$10.00" })');
    expect(guideText).toContain('.setSpendControls({ maxAmountPerPayment: "$49.00" })');
    expect(guideText).toContain("refuses any payment above 1 USD by default");
    expect(guideText).toContain(`${BASE}/api/mcp`);
  });
});

describe("the routes", () => {
  const answers = () => [llms.GET(get("/llms.txt")), guide.GET(get("/docs.md")), tagMd("Shop")];

  it("answer 200 text/markdown with an ETag and a short public cache; 304 for the same ETag", async () => {
    for (const res of await Promise.all(answers())) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      const etag = res.headers.get("etag")!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    }
    const first = await llms.GET(get("/llms.txt"));
    const again = await llms.GET(get("/llms.txt", { "if-none-match": first.headers.get("etag")! }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await tagMd("Shop", { "if-none-match": `"nope", W/${first.headers.get("etag")}` });
    expect(other.status).toBe(200);
  });

  it("use the configured BASE_URL, never localhost:3000", async () => {
    for (const res of await Promise.all(answers())) {
      const body = await res.text();
      expect(body).toContain(BASE);
      expect(body).not.toContain("localhost:3000");
    }
  });

  it("refuse other methods with a JSON 405 and Allow; OPTIONS says what is allowed", async () => {
    for (const route of [llms, guide, tagFile] as unknown as Record<string, (r: Request, c: unknown) => Promise<Response> | Response>[]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const res = await route[method]!(new Request(`${BASE}/llms.txt`, { method, body: "x" }), fileParams("shop.md"));
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
      }
      const options = await route.OPTIONS!(new Request(`${BASE}/llms.txt`, { method: "OPTIONS" }), fileParams("shop.md"));
      expect(options.status).toBe(204);
    }
  });

  it("answer an unknown name under /docs/ with a JSON 404", async () => {
    for (const file of ["nope.md", "shop", "Shop.md", "shop.md.md", "..%2Fshop.md", "shop.md\u0000", "\ud800.md", "x".repeat(5000)]) {
      const res = await tagFile.GET(get("/docs/some-name.md"), fileParams(file));
      expect(res.status, file).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });

  it("pass the proxy with every method and get the API's headers (no page CSP)", async () => {
    const unreachable = () => {
      throw new Error("the docs never ask for the database");
    };
    for (const path of ["/llms.txt", "/docs.md", "/docs/shop.md", "/docs/nope.md"]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await handleRequest(new NextRequest(new URL(path, BASE), { method }), unreachable);
        expect(res.headers.get("x-middleware-next"), `${method} ${path}`).toBe("1");
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }
    // A bad address is refused with JSON, as on the API.
    const bad = await handleRequest(new NextRequest(new URL("/docs/%00.md", BASE)), unreachable);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_request" });
  });
});

// Adding a free endpoint is declaring it: a throwaway declaration (in this test only) and its
// one-line route (freeRoutes(declaration)) serve it, and listed with the real declarations it gets
// its OpenAPI operation and named schema and its /docs entry, with nothing written in
// server/openapi/, client/ or mcp/. Without a route file, the pairing check reports it.
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ApiReferenceIndex, TagReference } from "@/components/docs/api-reference";
import { operationIndexMarkdown } from "@/components/docs/markdown/guide-markdown";
import { llmsTxt } from "@/components/docs/markdown/llms-txt";
import { tagMarkdown } from "@/components/docs/markdown/reference-markdown";
import { AppError } from "@/server/errors";
import { freeRoutes } from "@/server/http/free-routes";
import { buildOpenApiDocument } from "@/server/http/openapi-document";
import { checkedOperations, FREE_OPERATIONS } from "@/server/http/operations/free-operations";
import { json, parseQuery, route } from "@/server/http/respond";
import { errorResponses, FREE_READ_CODES } from "@/server/openapi/error-responses";
import type { FreeOperation } from "@/server/openapi/free-operation";
import { pathParameter, queryParameters } from "@/server/openapi/parameters";
import { jsonContent } from "@/server/openapi/responses";
import { PRODUCT_LIST } from "@/server/products/products";
import { unpaired } from "@/test/http/route-declarations";

const BASE = "http://marketplace.test";

const colourSchema = z.enum(["red", "green", "blue"]);
const stockQuery = z.object({ warehouse: z.enum(["north", "south"]).default("north") });
const widgetStockSchema = z.object({ colour: colourSchema, warehouse: z.string(), count: z.int().min(0) });
const STOCK: Record<string, number> = { red: 3, green: 0 };

// The whole declaration: path, method, input and output schemas, error codes, summary, handler.
const widgetStockOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/catalog/widgets/{colour}",
  operationId: "getWidgetStock",
  summary: "Count widgets in stock (test)",
  description: "A free read that exists only in this test.",
  tags: ["Catalog"],
  security: [],
  parameters: [
    pathParameter("colour", colourSchema, "The widget's colour."),
    ...queryParameters(stockQuery, { warehouse: "Where to count." }),
  ],
  schemas: {
    responses: { WidgetStock: { schema: widgetStockSchema, description: "Widgets of one colour in one warehouse." } },
  },
  responses: {
    "200": { description: "The stock.", content: jsonContent("WidgetStock") },
    ...errorResponses(["invalid_request", "not_found", ...FREE_READ_CODES], {
      detail: { not_found: "Here: no widget of this colour is catalogued." },
    }),
  },
  handler: route(async (request: Request, context: { params: Promise<{ colour: string }> }) => {
    const colour = colourSchema.parse((await context.params).colour);
    const { warehouse } = parseQuery(stockQuery, request.url);
    if (!(colour in STOCK)) throw new AppError("not_found", `No ${colour} widgets are catalogued.`);
    return json(widgetStockSchema.parse({ colour, warehouse, count: STOCK[colour] }));
  }),
};

// What its route file app/api/catalog/widgets/[colour]/route.ts would say, in one line:
//   export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(widgetStockOperation);
const { GET, POST, OPTIONS } = freeRoutes(widgetStockOperation);
const operations = checkedOperations([...FREE_OPERATIONS, widgetStockOperation]);
const params = (colour: string) => ({ params: Promise.resolve({ colour }) });

describe("a free operation declared in a test", () => {
  it("is served by its one-line route: the handler, 400 and 404 from the error table, 405 with Allow for other methods", async () => {
    const ok = await GET(new Request(`${BASE}/api/catalog/widgets/red?warehouse=south`), params("red"));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ colour: "red", warehouse: "south", count: 3 });
    const badQuery = await GET(new Request(`${BASE}/api/catalog/widgets/red?warehouse=east`), params("red"));
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({ error: "invalid_request", issues: [{ path: "warehouse" }] });
    const missing = await GET(new Request(`${BASE}/api/catalog/widgets/blue`), params("blue"));
    expect(missing.status).toBe(404);
    const post = POST(new Request(`${BASE}/api/catalog/widgets/red`, { method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await post.json()).toEqual({
      error: "method_not_allowed",
      message: "POST is not allowed here; use GET, HEAD, OPTIONS.",
    });
    expect(OPTIONS(new Request(`${BASE}/api/catalog/widgets/red`, { method: "OPTIONS" })).status).toBe(204);
  });

  it("gets its OpenAPI operation and named schema from the declaration", () => {
    const doc = buildOpenApiDocument(BASE, PRODUCT_LIST, operations);
    const get = doc.paths["/api/catalog/widgets/{colour}"]!.get!;
    expect(get).toMatchObject({
      operationId: "getWidgetStock",
      summary: "Count widgets in stock (test)",
      tags: ["Catalog"],
      security: [],
    });
    expect(get.parameters).toEqual([
      {
        name: "colour",
        in: "path",
        required: true,
        description: "The widget's colour.",
        schema: { type: "string", enum: ["red", "green", "blue"] },
      },
      {
        name: "warehouse",
        in: "query",
        required: false,
        description: "Where to count.",
        schema: { default: "north", type: "string", enum: ["north", "south"] },
      },
    ]);
    expect(get.responses["200"]!.content!["application/json"]!.schema).toEqual({
      $ref: "#/components/schemas/WidgetStock",
    });
    expect(Object.keys(get.responses)).toEqual(["200", "400", "404", "405", "429", "503"]);
    expect(doc.components.schemas.WidgetStock).toMatchObject({
      type: "object",
      required: ["colour", "warehouse", "count"],
      description: "Widgets of one colour in one warehouse.",
    });
    // The real operations are all still there, in their order; without the declaration none of it exists.
    const plain = buildOpenApiDocument(BASE);
    expect(Object.keys(doc.paths)).toEqual([...Object.keys(plain.paths), "/api/catalog/widgets/{colour}"]);
    expect(plain.components.schemas.WidgetStock).toBeUndefined();
  });

  it("gets its /docs entry, under its tag", () => {
    const document = buildOpenApiDocument(BASE, PRODUCT_LIST, operations);
    const html = renderToStaticMarkup(TagReference({ document, tag: "Catalog" }));
    expect(html).toContain('id="getWidgetStock"');
    expect(html).toContain("/api/catalog/widgets/{colour}");
    expect(html).toContain("Count widgets in stock (test)");
    expect(html).toContain('id="schema-WidgetStock"');
    expect(renderToStaticMarkup(ApiReferenceIndex({ document }))).toContain(
      'href="/docs/reference/catalog#getWidgetStock"',
    );
    // The markdown reference, the guide's index and llms.txt list it too.
    expect(tagMarkdown(document, "Catalog")).toContain("## GET /api/catalog/widgets/{colour}");
    expect(tagMarkdown(document, "Catalog")).toContain("## WidgetStock");
    expect(operationIndexMarkdown(document)).toContain("`getWidgetStock`");
    expect(llmsTxt(document, PRODUCT_LIST)).toContain("getWidgetStock");
    const plain = buildOpenApiDocument(BASE);
    expect(renderToStaticMarkup(TagReference({ document: plain, tag: "Catalog" }))).not.toContain("getWidgetStock");
    expect(llmsTxt(plain, PRODUCT_LIST)).not.toContain("getWidgetStock");
  });

  it("a declaration the routes, the document or /docs cannot serve is refused when listed; one without a route file is reported", () => {
    expect(() => checkedOperations([...operations, { ...widgetStockOperation, operationId: "getOtherStock" }])).toThrow(
      /route GET \/api\/catalog\/widgets\/\{colour\}/,
    );
    expect(() => checkedOperations([{ ...widgetStockOperation, tags: ["Widgets"] }])).toThrow(
      /one tag of the document/,
    );
    expect(() => checkedOperations([{ ...widgetStockOperation, path: "/api/catalog/widgets/:colour" }])).toThrow(
      /not a path/,
    );
    expect(() =>
      buildOpenApiDocument(BASE, PRODUCT_LIST, [
        ...FREE_OPERATIONS,
        { ...widgetStockOperation, schemas: { responses: { ServiceRecord: { schema: widgetStockSchema } } } },
      ]),
    ).toThrow(/ServiceRecord is taken/);
    expect(unpaired({}, [widgetStockOperation])).toEqual([
      "GET /api/catalog/widgets/{colour} (getWidgetStock) has no route file",
    ]);
  });
});

// The order status route in the OpenAPI document: a Bearer security scheme, the statuses the route
// answers, and a 200 schema that is the one the route's answers are checked against.
import { describe, expect, it } from "vitest";
import { orderStatusResponseSchema } from "../orders/order-view";
import { buildOpenApiDocument } from "../http/openapi-document";
import { ORDER_STATUS_SCHEME } from "./order-status-scheme";

describe("OpenAPI: GET /api/shop/orders/{id}", () => {
  const doc = buildOpenApiDocument("http://marketplace.test");
  const get = doc.paths["/api/shop/orders/{id}"]!.get!;

  it("is secured by an HTTP Bearer scheme", () => {
    expect(get.security).toEqual([{ [ORDER_STATUS_SCHEME]: [] }]);
    expect(doc.components.securitySchemes[ORDER_STATUS_SCHEME]).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("answers 200, 401 (with WWW-Authenticate), 404, 405, 429 and 503; the order's own answers are no-store", () => {
    expect(Object.keys(get.responses).sort()).toEqual(["200", "401", "404", "405", "429", "503"]);
    expect(Object.keys(get.responses["401"]!.headers!).sort()).toEqual(["Cache-Control", "WWW-Authenticate"]);
    for (const status of ["200", "401", "404"]) expect(get.responses[status]!.headers).toHaveProperty("Cache-Control");
  });

  it("documents the 200 body from the schema the route answers with (ISO times, states, result)", () => {
    const schema = get.responses["200"]!.content!["application/json"]!.schema as {
      properties: { order: { properties: Record<string, { format?: string; enum?: string[] }>; required: string[] } };
    };
    const order = schema.properties.order;
    expect(order.required.sort()).toEqual(["createdAt", "history", "id", "product", "status", "updatedAt"]);
    for (const field of ["createdAt", "updatedAt", "activeFrom", "activeUntil"])
      expect(order.properties[field]!.format, field).toBe("date-time");
    expect(order.properties.status!.enum).toContain("in_review");
    expect(Object.keys(order.properties).sort()).toEqual(
      Object.keys(orderStatusResponseSchema.shape.order.shape).sort(),
    );
  });
});

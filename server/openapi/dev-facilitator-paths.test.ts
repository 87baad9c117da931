import { describe, expect, it } from "vitest";
import { facilitatorRequestSchema } from "../payments/facilitators/dev-facilitator";
import { buildOpenApiDocument } from "../http/openapi-document";

describe("OpenAPI: the dev facilitator", () => {
  const paths = buildOpenApiDocument("http://marketplace.test").paths as Record<
    string,
    Record<
      string,
      {
        operationId: string;
        responses: Record<string, unknown>;
        requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
      }
    >
  >;

  it("documents verify and settle (200, 400, 404, 413, 503) with the x402 request body, and supported (200, 404)", () => {
    for (const op of ["verify", "settle"]) {
      const post = paths[`/api/dev/facilitator/${op}`]!.post!;
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "413", "503"]));
      expect(post.requestBody!.content["application/json"]!.schema.required).toEqual([
        "x402Version",
        "paymentPayload",
        "paymentRequirements",
      ]);
    }
    expect(Object.keys(paths["/api/dev/facilitator/supported"]!.get!.responses)).toEqual(["200", "404"]);
    expect(Object.keys(facilitatorRequestSchema.shape)).toEqual([
      "x402Version",
      "paymentPayload",
      "paymentRequirements",
    ]);
  });
});

// The OpenAPI document and /docs describe what issue 25 added to the API: `health` on offers,
// services and summaries (named schemas with the conformance checks in words), the `healthy` filter
// of the list and the search, `metadata.health` of the discovery list, and the observer's 409
// offer_terms_changed with its `termsChange`.
import { describe, expect, it } from "vitest";
import { ERROR_TABLE } from "@/server/errors";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";
import { GET } from "./route";

type Json = Record<string, unknown>;
const doc = (await (await GET()).json()) as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};
const schemas = doc.components.schemas;
const props = (name: string) => schemas[name]!.properties as Record<string, Json>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("the document describes health", () => {
  it("names OfferHealth, ServiceHealth and TermsChange, each described, and uses them where health shows", () => {
    for (const name of ["OfferHealth", "ServiceHealth", "TermsChange"])
      expect((schemas[name]!.description as string).length, name).toBeGreaterThan(80);
    for (const text of Object.values(CONFORMANCE_CHECK_TEXT))
      expect(schemas.OfferHealth!.description as string).toContain(text);
    expect(props("Offer").health).toEqual(ref("OfferHealth"));
    expect(props("Service").health).toEqual(ref("ServiceHealth"));
    expect(props("ServiceSummary").health).toEqual(ref("ServiceHealth"));
    expect(props("OfferHealth").termsChange).toMatchObject({ anyOf: [ref("TermsChange"), { type: "null" }] });
    expect(props("OfferHealth").state).toMatchObject({
      enum: ["conformant", "non_conformant", "unreachable", "unprobed"],
      description: expect.stringContaining("unprobed"),
    });
    expect(props("ApiError").termsChange).toEqual(ref("TermsChange"));
    expect(schemas.ApiError!.description).toContain("offer_terms_changed");
  });

  it("the list and the search take `healthy` (true or false), described", () => {
    for (const [path, name] of [
      ["/api/catalog/services", "listCatalogServices"],
      ["/api/catalog/search", "searchCatalog"],
    ] as const) {
      const op = doc.paths[path]!.get!;
      expect(op.operationId).toBe(name);
      const healthy = (op.parameters as Json[]).find((p) => p.name === "healthy");
      expect(healthy, name).toMatchObject({
        in: "query",
        required: false,
        schema: { type: "string", enum: ["true", "false"] },
        description: expect.stringContaining("health.healthy"),
      });
    }
  });

  it("each discovery resource's metadata carries health", () => {
    const op = doc.paths["/discovery/resources"]!.get!;
    const schema = ((op.responses as Json)["200"] as { content: Record<string, { schema: Json }> }).content[
      "application/json"
    ]!.schema;
    // An item is one of our products or a catalog offer (anyOf); the catalog offer's metadata has health.
    const items = (schema.properties as Record<string, Json>).items!.items as Json;
    const variants = ((items.anyOf as Json[] | undefined) ?? [items]).map(
      (v) => ((v.properties as Record<string, Json>).metadata!.properties ?? {}) as Record<string, Json>,
    );
    const metadata = variants.find((m) => "health" in m)!;
    expect(metadata, "a catalog offer's metadata").toBeDefined();
    expect(metadata.health).toMatchObject({
      type: "object",
      description: expect.stringContaining("unpaid probes"),
      properties: expect.objectContaining({ routingStopped: expect.any(Object), state: expect.any(Object) }),
    });
  });

  it("/docs renders the new schemas, the filter and the observer's new error", async () => {
    const { allDocsHtml } = await import("@/test/docs/docs-pages");
    const html = await allDocsHtml();
    for (const name of ["OfferHealth", "ServiceHealth", "TermsChange"]) expect(html).toContain(`id="schema-${name}"`);
    expect(html).toContain("offer_terms_changed");
    expect(html).toContain("<code>healthy</code>");
    expect(html).toContain("metadata.health");
    expect(ERROR_TABLE.offer_terms_changed.status).toBe(409);
  });
});

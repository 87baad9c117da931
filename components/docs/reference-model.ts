// What the API reference (HTML pages and markdown) reads from the OpenAPI document: its operations in
// document order with their tag, the address of each tag's reference, and the named schemas an
// operation reaches (so a tag's page carries the schemas its operations use, and no others).
import type { HttpMethod, OpenApiDocument, OperationObject, Reference } from "@/server/openapi/openapi-types";

export const METHODS: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete"];

export const STATUS_TEXT: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "400": "Bad Request",
  "401": "Unauthorized",
  "402": "Payment Required",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "409": "Conflict",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
};

// How an operation's security requirement reads on its card (scheme names: server/openapi).
export const SCHEME_LABEL: Record<string, string> = {
  x402: "paid with x402 (PAYMENT-SIGNATURE)",
  marketplaceToken: "needs a marketplace token (X-Marketplace-Token)",
};

/** Who may call an operation, in words: ["free"], or one label per security scheme it takes. */
export function accessText(op: OperationObject): string[] {
  const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return schemes.length === 0 ? ["free"] : schemes.map((name) => SCHEME_LABEL[name] ?? name);
}

export interface DocumentOperation {
  path: string;
  method: HttpMethod;
  op: OperationObject;
  /** The operation's tag (every operation carries one of the document's tags). */
  tag: string;
}

/** Every operation of the document, in the document's order. */
export function documentOperations(doc: OpenApiDocument): DocumentOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      return op ? [{ path, method, op, tag: op.tags?.[0] ?? "Other" }] : [];
    }),
  );
}

/** `Shop` -> `shop`: the tag's segment in /docs/reference/<slug> and /docs/<slug>.md. */
export const tagSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const referencePagePath = (tag: string) => `/docs/reference/${tagSlug(tag)}`;
export const referenceMarkdownPath = (tag: string) => `/docs/${tagSlug(tag)}.md`;

/** Follows `$ref` inside the document (at most 10 hops). */
export function resolve<T>(doc: OpenApiDocument, node: T | Reference): T {
  let current: unknown = node;
  for (let hops = 0; hops < 10 && typeof (current as Reference)?.$ref === "string"; hops++) {
    const path = (current as Reference).$ref.replace(/^#\//, "").split("/");
    current = path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
  }
  return current as T;
}

const SCHEMA_REF = "#/components/schemas/";

/** The names of the component schemas `nodes` reach, directly or through other schemas, in the document's order. */
export function reachableSchemas(doc: OpenApiDocument, nodes: unknown[]): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key === "example" || key === "examples") continue; // data, not schema
      if (key === "$ref" && typeof value === "string") {
        if (value.startsWith(SCHEMA_REF)) {
          const name = value.slice(SCHEMA_REF.length);
          if (!found.has(name)) {
            found.add(name);
            walk(doc.components.schemas[name]);
          }
        } else walk(resolve(doc, { $ref: value }));
      } else walk(value);
    }
  };
  nodes.forEach(walk);
  return Object.keys(doc.components.schemas).filter((name) => found.has(name));
}

/** Which tag's reference page describes each named schema: the first tag (document order) whose operations reach it. */
export function schemaHomes(doc: OpenApiDocument): Map<string, string> {
  const homes = new Map<string, string>();
  const operations = documentOperations(doc);
  for (const tag of doc.tags) {
    const ops = operations.filter((o) => o.tag === tag.name).map((o) => o.op);
    for (const name of reachableSchemas(doc, ops)) if (!homes.has(name)) homes.set(name, tag.name);
  }
  return homes;
}

/** Where each operation is described: its tag's page and its card's anchor. */
export function operationHrefs(doc: OpenApiDocument): Map<string, string> {
  return new Map(
    documentOperations(doc).map((o) => [o.op.operationId, `${referencePagePath(o.tag)}#${o.op.operationId}`]),
  );
}

export interface HeaderItem {
  name: string;
  direction: "request" | "response";
  description: string;
  schema: Record<string, unknown>;
}

/** The x402, token and idempotency headers of the document, each once: a header named by more than one
 * component (Idempotency-Key: purchases and review writes) is listed once, with both descriptions. */
export function headerItems(doc: OpenApiDocument): HeaderItem[] {
  const requestHeaders = Object.values(doc.components.parameters).filter((p) => p.in === "header");
  // An http scheme (MPP's `Payment`) travels in Authorization.
  const schemeHeaders = Object.values(doc.components.securitySchemes).map((s) => ({
    name: s.type === "http" ? "Authorization" : s.name,
    description: s.description,
    schema: { type: "string" },
  }));
  const all: HeaderItem[] = [
    ...requestHeaders.map((p) => ({
      name: p.name,
      direction: "request" as const,
      description: p.description ?? "",
      schema: p.schema,
    })),
    ...schemeHeaders.map((h) => ({ ...h, direction: "request" as const })),
    ...Object.entries(doc.components.headers).map(([name, h]) => ({
      name,
      direction: "response" as const,
      description: h.description,
      schema: h.schema,
    })),
  ];
  const items = all.filter((h, i) => all.findIndex((o) => o.name === h.name) === i).map((h) => ({ ...h }));
  for (const h of all) {
    const kept = items.find((o) => o.name === h.name)!;
    if (kept.description !== h.description && !kept.description.includes(h.description))
      kept.description = `${kept.description} ${h.description}`;
  }
  return items;
}

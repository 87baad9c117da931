// Pairs the route files under app/ with the free operations' declarations: every route file of an
// API operation hands the declarations of its path to freeRoutes, and every declaration has its
// route file. The few routes that are not API operations of the OpenAPI document are named here.
import { declarationsServedBy } from "@/server/http/free-routes";
import type { FreeOperation } from "@/server/openapi/free-operation";
import { productSegment } from "@/server/products/product";
import { PRODUCT_LIST } from "@/server/products/products";

/** Route folders (under app/) that are not free operations, and why the document leaves them out. */
export const NOT_FREE_OPERATIONS: Record<string, string> = {
  "api/auth/[...all]": "better-auth's own endpoints for the site's sign-up and sign-in, not an API for agents",
  "api/trpc/[trpc]": "the site's tRPC transport",
  "api/[...path]": "the JSON 404 of every unknown /api path",
  "api/mcp": "the hosted MCP server (JSON-RPC over streamable HTTP), described by its tools",
  "api/health": "the load balancer's health check",
  "api/ping": "the constant answer the purchase benchmark compares with",
  metrics: "the operators' Prometheus metrics, behind a bearer secret: not an API for agents",
  "openapi.json": "the document itself",
  // The agent-readable docs are renderings of the document (components/docs/markdown/), as /docs is.
  "llms.txt": "the llms.txt index of the docs and of every operation, rendered from the document",
  "docs.md": "the API guide in markdown, rendered from the document and the product declarations",
  "docs/[file]": "each tag's reference in markdown (/docs/<tag>.md), rendered from the document",
  "api/shop/[product]": "the paid products: declared in server/products/ (any segment; unknown ones are a JSON 404)",
  "api/shop/[product]/validate": "the paid products' free body check: declared with each product",
  // Each product's own static route (server/products/products.ts checks the paths).
  ...Object.fromEntries(
    PRODUCT_LIST.map((p) => [`api/shop/${productSegment(p)}`, `the product ${p.id}: declared in server/products/`]),
  ),
};

/** The document's path of a route folder: `api/reviews/[id]` -> `/api/reviews/{id}`; `well-known/x` ->
 * `/.well-known/x` (the App Router routes no dot-folder; next.config.mjs rewrites /.well-known/ there). */
export const documentPath = (folder: string) =>
  `/${folder.replace(/^well-known\//, ".well-known/").replace(/\[([A-Za-z0-9]+)\]/g, "{$1}")}`;

/** What does not pair: route files without declarations (or with another path's), and declarations without a route file. */
export function unpaired(
  routes: Record<string, Record<string, unknown>>,
  operations: readonly FreeOperation[],
): string[] {
  const problems: string[] = [];
  const served = new Set<FreeOperation>();
  for (const [folder, module] of Object.entries(routes)) {
    const path = documentPath(folder);
    // Every route file exports OPTIONS (a 204 with Allow, or the handler that routes every method).
    const declarations = declarationsServedBy(module.OPTIONS);
    const expected = operations.filter((op) => op.path === path);
    if (!declarations) problems.push(`app/${folder}/route.ts is not built by freeRoutes from declarations`);
    else if (declarations.length !== expected.length || declarations.some((op) => !expected.includes(op))) {
      problems.push(
        `app/${folder}/route.ts serves ${declarations.map((op) => op.operationId).join(", ")}; declared at ${path}: ${expected.map((op) => op.operationId).join(", ") || "none"}`,
      );
    }
    for (const op of declarations ?? []) served.add(op);
    for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
      if (declarations && module[method] !== undefined && declarationsServedBy(module[method]) !== declarations)
        problems.push(`app/${folder}/route.ts: ${method} comes from elsewhere`);
    }
  }
  for (const op of operations)
    if (!served.has(op)) problems.push(`${op.method} ${op.path} (${op.operationId}) has no route file`);
  return problems;
}

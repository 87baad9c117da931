// Wrong methods (issue 9 §11): every REST route answers them with a JSON 405 and an Allow header.
// Next.js answers a method a route file does not export with an empty 405 and no Allow, so each
// route file must export every method; this test loads every route file under app/api.
import { describe, expect, it } from "vitest";
import { ROUTE_METHODS } from "@/server/http/method-not-allowed";
import { productSegment } from "@/server/products/product";
import { PRODUCT_LIST } from "@/server/products/products";

// The methods each route serves (HEAD comes with GET). A new route file must be listed here.
const ALLOWED: Record<string, string[]> = {
  "catalog/search": ["GET"],
  "catalog/services": ["GET"],
  "catalog/services/[slug]": ["GET"],
  listings: ["GET", "POST"],
  "listings/[id]": ["GET", "PATCH"],
  "listings/[id]/activity": ["GET"],
  "listings/[id]/submit": ["POST"],
  "listings/[id]/pause": ["POST"],
  "listings/[id]/resume": ["POST"],
  "listings/[id]/withdraw": ["POST"],
  "listings/[id]/payee-proofs": ["POST"],
  "listings/[id]/payee-proofs/challenge": ["POST"],
  reviews: ["GET", "POST"],
  "reviews/[id]": ["GET", "PATCH"],
  "reviews/[id]/like": ["POST"],
  "reviews/[id]/favorite": ["POST"],
  "reviews/[id]/comments": ["POST"],
  "reviews/[id]/comments/[commentId]": ["PATCH", "DELETE"],
  health: ["GET"],
  ping: ["GET", "POST"],
  "dev/faucet": ["POST"],
  "dev/facilitator/verify": ["POST"],
  "dev/facilitator/settle": ["POST"],
  "dev/facilitator/supported": ["GET"],
  "shop/[product]": ["GET", "POST"],
  // Each product's own static route (app/api/shop/<segment>).
  ...Object.fromEntries(PRODUCT_LIST.map((p) => [`shop/${productSegment(p)}`, ["GET", "POST"]])),
  mcp: ["POST"],
  "shop/[product]/validate": ["POST"],
  "shop/purchases/[key]": ["GET"],
  "shop/orders/[id]": ["GET"],
  "trpc/[trpc]": ["GET", "POST"],
  "auth/[...all]": ["GET", "POST"],
  "auth/wallet/challenge": ["POST"],
  "auth/wallet/token": ["POST"],
  "auth/wallet/attach": ["POST"],
  tokens: ["GET", "POST"],
  "tokens/[id]": ["DELETE"],
  "tokens/[id]/revoke": ["POST"],
};
const CATCH_ALL = "[...path]";
// Routes whose answer depends on a path segment: called with a real one (every product has the same methods).
const PARAMS: Record<string, Record<string, string>> = {
  "shop/[product]": { product: "shortlist" },
  "shop/[product]/validate": { product: "placements" },
};
// The observer route's method is the offer's: every method goes through its token and offer checks
// first (test/observe/route-errors.test.ts checks its 405s with real offers).
const OBSERVER = "x402/observe/[offerId]";

const modules = import.meta.glob<Record<string, unknown>>("./**/route.ts");
const routeFiles = () => Object.keys(modules).map((f) => f.replace(/^\.\//, "").replace(/\/route\.ts$/, ""));
const load = (route: string) => modules[`./${route}/route.ts`]!();
const request = (method: string) => new Request("http://marketplace.test/api/x", { method });
type Handler = (req: Request, ctx: unknown) => Response | Promise<Response>;

describe("wrong methods on /api routes", () => {
  it("every route file is listed", () => {
    expect(routeFiles().sort()).toEqual([...Object.keys(ALLOWED), CATCH_ALL, OBSERVER].sort());
  });

  it("the observer route answers every method, token first: 401 JSON without one", async () => {
    const mod = await load(OBSERVER);
    for (const method of ROUTE_METHODS) {
      const res = await (mod[method] as Handler)(request(method), {
        params: Promise.resolve({ offerId: "no-such-offer" }),
      });
      expect(res.status, method).toBe(401);
      expect((await res.json()).error).toBe("unauthorized");
    }
  });

  it.each(Object.entries(ALLOWED))("%s answers other methods with 405 JSON and Allow", async (route, allowed) => {
    const mod = await load(route);
    const allow = [...ROUTE_METHODS].filter(
      (m) => allowed.includes(m) || m === "OPTIONS" || (m === "HEAD" && allowed.includes("GET")),
    );
    for (const method of ROUTE_METHODS) {
      if (allowed.includes(method) || (method === "HEAD" && allowed.includes("GET"))) continue;
      const handler = mod[method] as Handler | undefined;
      expect(handler, `${route} exports ${method}`).toBeTypeOf("function");
      const res = await handler!(request(method), { params: Promise.resolve(PARAMS[route] ?? {}) });
      expect(res.headers.get("allow"), `${route} ${method}`).toBe(allow.join(", "));
      if (method === "OPTIONS") {
        expect(res.status).toBe(204);
        continue;
      }
      expect(res.status, `${route} ${method}`).toBe(405);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({
        error: "method_not_allowed",
        message: `${method} is not allowed here; use ${allow.join(", ")}.`,
      });
    }
  });

  it("unknown API paths are 404 JSON whatever the method", async () => {
    const mod = await load(CATCH_ALL);
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await (mod[method] as Handler)(request(method), {});
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe("not_found");
    }
  });
});

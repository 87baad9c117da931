// GET /api/ping: a constant JSON answer with no database or service work. It is the ceiling the
// purchase benchmark (scripts/bench-purchase.ts) compares the payment routes with, so it must run
// per request like them: force-dynamic keeps `next build` from prerendering it into a static file.
// POST answers the same without reading the body: the ceiling for POST requests.
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true });
}

export { GET as POST };

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);

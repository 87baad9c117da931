// GET /metrics: the Prometheus text of this instance's metrics (server/metrics/, docs/metrics.md),
// for operators' scrapers only. Never public by default:
//   METRICS_BEARER_TOKEN unset → every method is the JSON 404 of an unknown path (nothing tells the
//                                route exists);
//   set                        → GET (HEAD) needs `Authorization: Bearer <token>`, compared in constant
//                                time, else 401 with WWW-Authenticate: Bearer; other methods 405 + Allow.
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";
import { timedRoutes } from "../metrics/http-metrics";
import { metricsText } from "../metrics/metrics";
import { methodNotAllowed, ROUTE_METHODS, type RouteMethod } from "./method-not-allowed";
import { errorJson, errorResponse } from "./respond";

export const METRICS_PATH = "/metrics";

// RFC 6750's scheme, case-insensitive, then the token: printable ASCII without spaces (the form
// server/env.ts requires of METRICS_BEARER_TOKEN).
const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the Authorization header carries `token`. Compared as SHA-256 digests: equal lengths for
 * timingSafeEqual, so neither the token nor its length shows in the time an answer takes. */
export function bearerMatches(authorization: string | null, token: string): boolean {
  const sent = authorization === null ? null : (BEARER.exec(authorization)?.[1] ?? null);
  const same = timingSafeEqual(digest(sent ?? ""), digest(token));
  return sent !== null && same;
}

const notFound = () => errorResponse(new AppError("not_found", `No endpoint at ${METRICS_PATH}.`));

const unauthorized = () =>
  errorJson("unauthorized", "Send the metrics token as Authorization: Bearer <token>.", undefined, {
    "www-authenticate": 'Bearer realm="metrics"',
  });

async function scrape(): Promise<Response> {
  try {
    const { text, contentType } = await metricsText();
    return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err);
  }
}

/** The handlers of app/metrics/route.ts; `token` is read per request (tests change it). */
export function metricsRoutes(token: () => string | undefined = () => env.METRICS_BEARER_TOKEN) {
  const refused = methodNotAllowed(["GET"]);
  const get = (request: Request): Response | Promise<Response> => {
    const expected = token();
    if (expected === undefined) return notFound();
    return bearerMatches(request.headers.get("authorization"), expected) ? scrape() : unauthorized();
  };
  const handlers = Object.fromEntries(
    ROUTE_METHODS.map((method) => [
      method,
      method === "GET" || method === "HEAD"
        ? get
        : (request: Request) =>
            token() === undefined ? notFound() : refused[method as Exclude<RouteMethod, "GET" | "HEAD">](request),
    ]),
  ) as Record<RouteMethod, (request: Request) => Response | Promise<Response>>;
  return timedRoutes(METRICS_PATH, handlers);
}

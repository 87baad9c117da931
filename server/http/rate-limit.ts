// Rate limits at the REST edge: the client's key from its headers, 429 answers and the RateLimit-*
// headers (IETF draft-ietf-httpapi-ratelimit-headers-06 form: RateLimit-Limit, -Remaining, -Reset in
// seconds, and RateLimit-Policy "<limit>;w=<window s>"). Paid routes never pass through here.
import { freeLimiter, rateLimitsEnabled, type FreeGroup } from "../limits/free-limits";
import type { RateDecision } from "../limits/free-limiter";
import { delayRefusal } from "../limits/refusal-delay";
import { clientAddress } from "./client-address";
import { errorJson } from "./respond";

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(d.limit),
    "RateLimit-Remaining": String(d.remaining),
    "RateLimit-Reset": String(d.resetS),
    "RateLimit-Policy": `${d.limit};w=${d.windowS}`,
  };
  if (!d.allowed) headers["Retry-After"] = String(d.resetS);
  return headers;
}

export const rateLimitMessage = (d: RateDecision) =>
  `Too many requests: at most ${d.limit} per ${d.windowS} s. Retry after ${d.resetS} s.`;

/** The 429 answer to a refused request, with Retry-After and the RateLimit-* headers. */
export const rateLimitedResponse = (d: RateDecision): Response =>
  errorJson("rate_limited", rateLimitMessage(d), undefined, rateLimitHeaders(d));

/** Counts `cost` requests of the client that sent `headers`; undefined when limits are switched off.
 * A refusal resolves only after RATE_LIMIT_REFUSAL_DELAY_MS (capped at its Retry-After). */
export async function admitFree(group: FreeGroup, headers: Headers, cost = 1): Promise<RateDecision | undefined> {
  if (!rateLimitsEnabled) return undefined;
  const decision = await freeLimiter(group).consume(clientAddress(headers), cost);
  await delayRefusal(decision);
  return decision;
}

/** Wraps a free route handler: 429 JSON past the client's limit, RateLimit-* headers on every answer. */
export function rateLimited<A extends [Request, ...unknown[]]>(
  group: FreeGroup,
  handler: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    const decision = await admitFree(group, args[0].headers);
    if (!decision) return handler(...args);
    if (!decision.allowed) return rateLimitedResponse(decision);
    const response = await handler(...args);
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
    return response;
  };
}

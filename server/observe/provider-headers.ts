// Which headers cross the observer, each way (docs/decisions.md "Observer route").
// To the provider: only what the call needs — Content-Type, Accept, PAYMENT-SIGNATURE, and for MPP
// offers an `Authorization: Payment …` credential — plus an Idempotency-Key derived from the
// token, the offer and the agent's key. Never the marketplace token, cookies, the agent's own key,
// X-Forwarded-* or anything else about the agent.
// Back to the agent: the provider's end-to-end headers, less the hop-by-hop ones (RFC 9110 §7.6.1,
// and any the provider's Connection header names), Content-Length (recomputed), and the headers
// that would act on the marketplace's own origin in a browser (cookies, HSTS, Alt-Svc,
// Clear-Site-Data, CORS) — the answer is served from our origin, not the provider's.
import { createHash } from "node:crypto";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
const ORIGIN_SCOPED = new Set([
  "set-cookie",
  "set-cookie2",
  "strict-transport-security",
  "alt-svc",
  "clear-site-data",
  "public-key-pins",
  "public-key-pins-report-only",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-allow-headers",
  "access-control-allow-methods",
  "access-control-expose-headers",
  "access-control-max-age",
]);
// Ours to set: the length of what we send, the date of our answer, whether it is a replay, and
// caching: an answer bought with one agent's token must never be served to another by a shared
// cache in front of the marketplace (the token is not `Authorization`, so caches would not know),
// and each call has its own Idempotency-Key anyway, so every relayed answer is `private, no-store`.
const OURS = new Set(["content-length", "date", "idempotent-replayed", "cache-control"]);
export const RELAYED_CACHE_CONTROL = "private, no-store";

export type HeaderPairs = [string, string][];

/** `obs_` + base64url(sha256(tokenId \n offerId \n key)): stable for a retry, different per token,
 * and it reveals neither the token nor the agent's key to the provider. */
export function derivedIdempotencyKey(tokenId: string, offerId: string, key: string): string {
  return `obs_${createHash("sha256").update(`${tokenId}\n${offerId}\n${key}`).digest("base64url")}`;
}

export interface ForwardedInput {
  contentType: string | null;
  accept: string | null;
  paymentSignature: string | null;
  authorization: string | null;
}

/** The request headers sent to the provider. */
export function forwardedHeaders(
  input: ForwardedInput,
  offer: { protocol: string },
  derivedKey: string,
): Record<string, string> {
  const headers: Record<string, string> = { "idempotency-key": derivedKey };
  if (input.contentType) headers["content-type"] = input.contentType;
  if (input.accept) headers.accept = input.accept;
  if (input.paymentSignature) headers["payment-signature"] = input.paymentSignature;
  if (offer.protocol === "mpp" && input.authorization && /^Payment\s/i.test(input.authorization))
    headers.authorization = input.authorization;
  return headers;
}

/** The provider's answer headers that go back to the agent, in order, repeated ones kept. */
export function returnedHeaders(raw: Record<string, string | string[] | undefined>): HeaderPairs {
  const named = new Set<string>();
  const connection = raw.connection;
  for (const value of Array.isArray(connection) ? connection : connection ? [connection] : []) {
    for (const token of value.split(",")) named.add(token.trim().toLowerCase());
  }
  const pairs: HeaderPairs = [];
  for (const [name, value] of Object.entries(raw)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || ORIGIN_SCOPED.has(lower) || OURS.has(lower) || named.has(lower))
      continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      // A value Headers or jsonb cannot hold is dropped rather than failing the whole answer.
      if (!/[\u0000\r\n]/.test(v)) pairs.push([lower, v]);
    }
  }
  pairs.push(["cache-control", RELAYED_CACHE_CONTROL]);
  return pairs;
}

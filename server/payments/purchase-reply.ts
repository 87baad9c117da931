// What the payment layer answers, independent of the HTTP framework: status, headers, body text.

export interface PaymentReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Payment answers are per request and must never be cached by a proxy.
const BASE_HEADERS = { "content-type": "application/json", "cache-control": "no-store" };
export const RETRY_AFTER_SECONDS = 2;

export function reply(status: number, body: unknown, headers: Record<string, string> = {}): PaymentReply {
  return { status, headers: { ...BASE_HEADERS, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) };
}

export function challengeReply(challenge: { header: string; body: string }): PaymentReply {
  return reply(402, challenge.body, { "payment-required": challenge.header });
}

/** 4xx answers that never charge. */
export function refusal(status: number, error: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): PaymentReply {
  return reply(status, { error, message, charged: false, ...extra }, headers);
}

export function unavailable(code: string, message: string, charged: boolean | "unknown"): PaymentReply {
  return reply(503, { error: message, code, charged }, charged === false ? {} : { "retry-after": String(RETRY_AFTER_SECONDS) });
}

export const unconfigured = () => unavailable("payment_unconfigured", "No payment protocol is configured for this product.", false);
export const facilitatorDown = () => unavailable("facilitator_unavailable", "The payment facilitator could not be reached; nothing was charged.", false);

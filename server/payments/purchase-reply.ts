// What the payment layer answers, independent of the HTTP framework: status, headers, body text.
// Error answers take a code of server/errors.ts and read its status from the table.
import { statusOf, type ErrorCode, type ErrorCodeWithStatus } from "../errors";

export interface PaymentReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** What the purchase counter reads (server/metrics/payment-metrics.ts): a stored result sent fresh
   * or again, a settle refused after verification; unset for every other answer. */
  outcome?: "completed" | "replayed" | "failed";
}

// Payment answers are per request and must never be cached by a proxy.
const BASE_HEADERS = { "content-type": "application/json", "cache-control": "no-store" };
export const RETRY_AFTER_SECONDS = 2;

export function reply(status: number, body: unknown, headers: Record<string, string> = {}): PaymentReply {
  return {
    status,
    headers: { ...BASE_HEADERS, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

export function challengeReply(challenge: { header: string; body: string; wwwAuthenticate?: string }): PaymentReply {
  const headers: Record<string, string> = { "payment-required": challenge.header };
  if (challenge.wwwAuthenticate) headers["www-authenticate"] = challenge.wwwAuthenticate;
  return reply(statusOf("payment_required"), challenge.body, headers);
}

/** The 4xx codes a purchase answers (the OpenAPI document lists them; a product's precheck may add its own). */
export const PURCHASE_REFUSAL_CODES = [
  "invalid_request",
  "invalid_json",
  "idempotency_key_mismatch",
  "idempotency_key_required",
  "purchase_in_progress",
  "idempotency_key_in_use",
  "payload_too_large",
  "idempotency_key_reused",
  "payment_identifier_reused",
] as const satisfies readonly ErrorCode[];

/** The 503 codes a purchase answers, each with `code` and `charged`. */
export const PURCHASE_UNAVAILABLE_CODES = [
  "payment_unconfigured",
  "facilitator_unavailable",
  "settlement_unknown",
  "fulfilment_pending",
  "purchase_interrupted",
  "server_busy",
] as const satisfies readonly ErrorCodeWithStatus<503>[];

/** Answers decided before anything was verified or settled (4xx): they never charge. */
export function refusal(
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): PaymentReply {
  return reply(statusOf(code), { error: code, message, charged: false, ...extra }, headers);
}

/** 503: `error` and `code` name what happened (the specification's 503 body has both), `message` says what to do. */
export function unavailable(
  code: ErrorCodeWithStatus<503>,
  message: string,
  charged: boolean | "unknown",
  retryAfter = charged !== false,
): PaymentReply {
  return reply(
    statusOf(code),
    { error: code, message, code, charged },
    retryAfter ? { "retry-after": String(RETRY_AFTER_SECONDS) } : {},
  );
}

/**
 * Every database connection is in use (server/db.ts DatabaseBusyError): the database is healthy,
 * this instance is at capacity. `charged` is what the purchase's recorded state says; "unknown"
 * when the ledger could not even be read (an earlier attempt with this key may have been charged).
 */
export function busy(charged: boolean | "unknown"): PaymentReply {
  const done =
    charged === true
      ? "The payment went through; "
      : charged === "unknown"
        ? "An earlier attempt with this key may have been charged; "
        : "Nothing was charged; ";
  return unavailable(
    "server_busy",
    `The marketplace is busy: no database connection was free in time. ${done}retry the identical request with the same PAYMENT-SIGNATURE after Retry-After seconds.`,
    charged,
    true,
  );
}

export const unconfigured = () =>
  unavailable("payment_unconfigured", "No payment protocol is configured for this product.", false);
export const facilitatorDown = () =>
  unavailable("facilitator_unavailable", "The payment facilitator could not be reached; nothing was charged.", false);

// HTTP answers -> MarketplaceError (issue 14 contract, "Error mapping"). The API's own code is
// kept verbatim in `code`; `kind` is the coarse class a caller branches on. Codes and statuses
// are those of ERROR_TABLE (server/errors.ts).
import { readChallenge } from "./payment-terms";
import type { Answer } from "./http-call";
import type { ErrorKind, MarketplaceError, RetryAdvice } from "./types";

const SAME_REQUEST_ADVICE = "retry with the same Idempotency-Key and the same PAYMENT-SIGNATURE";

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  message?: unknown;
  issues?: unknown;
  charged?: unknown;
}

const bodyOf = (answer: Answer): ErrorBody =>
  typeof answer.json === "object" && answer.json !== null && !Array.isArray(answer.json)
    ? (answer.json as ErrorBody)
    : {};

/** Retry-After in whole seconds, or null. */
function retryAfter(answer: Answer): number | null {
  const v = answer.headers.get("retry-after");
  if (v === null || !/^\d{1,9}$/.test(v.trim())) return null;
  return Number(v.trim());
}

/** "conditions.0.requirement" -> ["conditions", 0, "requirement"]. */
function issuePath(path: unknown): (string | number)[] {
  if (Array.isArray(path))
    return path.filter((p): p is string | number => typeof p === "string" || typeof p === "number");
  if (typeof path !== "string" || path === "") return [];
  return path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function issuesOf(body: ErrorBody): MarketplaceError["issues"] {
  if (!Array.isArray(body.issues)) return undefined;
  return body.issues
    .filter((i): i is { path?: unknown; message?: unknown } => typeof i === "object" && i !== null)
    .map((i) => ({ path: issuePath(i.path), message: typeof i.message === "string" ? i.message : "Invalid." }));
}

/** The answer says money may have moved: settlement unknown, or paid but not delivered. */
export function settlementInDoubt(answer: Answer): boolean {
  const body = bodyOf(answer);
  return (
    body.code === "settlement_unknown" ||
    body.error === "settlement_unknown" ||
    (answer.status >= 500 && (body.charged === "unknown" || body.charged === true))
  );
}

/** The answer proves that this request charged nothing: a refusal before settlement. */
export function provesNothingCharged(answer: Answer): boolean {
  const body = bodyOf(answer);
  if (answer.status >= 400 && answer.status < 500)
    return body.charged === false || !answer.headers.has("payment-response");
  return answer.status === 503 && body.charged === false;
}

function kindOf(answer: Answer): ErrorKind {
  const s = answer.status;
  if (settlementInDoubt(answer)) return "settlement_unknown";
  if (s === 400 || s === 405 || s === 413 || s === 415) return "invalid_request";
  if (s === 401) return "unauthorized";
  if (s === 402) return "payment_required";
  if (s === 403) return "forbidden";
  // 410 is observed_answer_expired: the call's stored answer is gone (its retention ran out).
  if (s === 404 || s === 410) return "not_found";
  // 422 is idempotency_key_reused: the key belongs to another request, a conflict for the caller.
  if (s === 409 || s === 422) return "conflict";
  if (s === 429) return "rate_limited";
  if (s === 503) return "unavailable";
  if (s >= 500) return "server_error";
  return s >= 400 ? "invalid_request" : "server_error";
}

function retryOf(kind: ErrorKind, answer: Answer, code: string): RetryAdvice | undefined {
  const afterSeconds = retryAfter(answer);
  if (kind === "settlement_unknown") {
    return {
      sameIdempotencyKey: true,
      samePayment: true,
      afterSeconds,
      advice: `The payment may have been charged (${code}): ${SAME_REQUEST_ADVICE}${afterSeconds === null ? "" : ` after ${afterSeconds} s`}; a new payment could pay twice.`,
    };
  }
  if (kind === "rate_limited") {
    return {
      sameIdempotencyKey: true,
      samePayment: true,
      afterSeconds,
      advice: `Too many requests: retry the same request${afterSeconds === null ? " later" : ` after ${afterSeconds} s`}.`,
    };
  }
  if (kind === "unavailable") {
    return {
      sameIdempotencyKey: true,
      samePayment: true,
      afterSeconds,
      advice: `The marketplace cannot answer right now (${code}); nothing was charged: retry the same request${afterSeconds === null ? " later" : ` after ${afterSeconds} s`}.`,
    };
  }
  return undefined;
}

/**
 * The error of a non-success answer. `signed`: the request carried a payment, so a 402 is a refused
 * payment and keeps the reason the challenge or body gives (e.g. the facilitator's).
 */
export function mapError(
  answer: Answer,
  options: { signed?: boolean; idempotencyKey?: string } = {},
): MarketplaceError {
  const body = bodyOf(answer);
  const kind = kindOf(answer);
  let code =
    typeof body.code === "string" ? body.code : typeof body.error === "string" ? body.error : `http_${answer.status}`;
  const message = typeof body.message === "string" ? body.message : `The marketplace answered HTTP ${answer.status}.`;
  const error: MarketplaceError = { kind, status: answer.status, code, message };
  if (kind === "payment_required") {
    const challenge = readChallenge(answer.headers.get("payment-required"));
    if ("terms" in challenge) {
      error.terms = challenge.terms;
      // A refused signed payment: the challenge's `error` is the verifier's reason.
      if (
        options.signed &&
        typeof challenge.paymentRequired.error === "string" &&
        challenge.paymentRequired.error !== ""
      )
        error.code = code = challenge.paymentRequired.error;
    }
  }
  const issues = issuesOf(body);
  if (issues) error.issues = issues;
  const retry = retryOf(kind, answer, code);
  if (retry) error.retry = retry;
  if (options.idempotencyKey !== undefined) error.idempotencyKey = options.idempotencyKey;
  return error;
}

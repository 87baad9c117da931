// One call through the observer (docs/decisions.md "Observer route"), after the edge has checked
// the token, the offer, the method, the Idempotency-Key, the rate limit and the body:
//   routable? (409 offer_not_routable) → routing stopped by a payment-terms change? (the completed
//   answer of this key, else 409 offer_terms_changed) → claim the key → call the provider → record → answer.
// A completed call with the same key and request is answered from the record (no provider call), or,
// once the retention removed its stored answer, with 410 observed_answer_expired (no provider call either);
// a 402 and a call that never connected leave the key retryable (the paid retry must go through).
import { createHash } from "node:crypto";
import { env } from "../env";
import { AppError, ERROR_TABLE, type ErrorCode } from "../errors";
import { logger } from "../logger";
import { countObserverRefusal, countProviderCall } from "../metrics/observe-metrics";
import { routingStop } from "../probes/offer-health";
import type { TermsChange } from "../probes/health-schema";
import {
  claimCall,
  completedReplay,
  recordCall,
  type CallRecord,
  type ExpiredAnswer,
  type NewCall,
  type StoredAnswer,
} from "./call-claims";
import { observerModeFromEnv, routableProviderUrl } from "./offer-policy";
import type { ObservedOffer } from "./observed-offer";
import { paymentOutcome } from "./payment-response";
import { derivedIdempotencyKey, forwardedHeaders, returnedHeaders, type ForwardedInput } from "./provider-headers";
import { createSafeOutbound, type OutboundResult, type SafeOutbound } from "./safe-outbound";
import { issueCallReceipt } from "../receipts/call-receipt";
import { markVerifiedReviews } from "./verified-calls";

export interface ObserveInput extends ForwardedInput {
  tokenId: string;
  offer: ObservedOffer;
  idempotencyKey: string;
  /** The request's query string, with its "?" (or empty): forwarded as it is. */
  query: string;
  /** The body to forward (POST offers); null for GET. */
  body: Buffer | null;
}

export interface ObserverAnswer extends StoredAnswer {
  /** The recorded answer of an earlier call with the same key (Idempotent-Replayed: true). */
  replayed: boolean;
}

// Retry-After of a 409 call_in_progress: the first call is usually done within a second or two.
export const IN_PROGRESS_RETRY_AFTER_S = 1;

let outbound: SafeOutbound | undefined;
/** The process's outbound client (replaced in tests by one with a fake DNS). */
export function observerOutbound(): SafeOutbound {
  outbound ??= createSafeOutbound({ connectTimeoutMs: env.OBSERVER_CONNECT_TIMEOUT_MS });
  return outbound;
}
export function useObserverOutbound(replacement: SafeOutbound | undefined): void {
  outbound = replacement;
}

const JSON_HEADERS: [string, string][] = [["content-type", "application/json"]];

/** One of our own answers, `{error, message}` (plus `details`' fields) with the code's status from the error table. */
function errorAnswer(
  code: ErrorCode,
  message: string,
  extra: [string, string][] = [],
  details: Record<string, unknown> = {},
): StoredAnswer {
  return {
    status: ERROR_TABLE[code].status,
    headers: [...JSON_HEADERS, ...extra],
    body: Buffer.from(JSON.stringify({ error: code, message, ...details })),
  };
}

// Each field of a terms change in words, and its value in a terms object.
const TERMS_FIELDS: Record<TermsChange["fields"][number], [string, (t: TermsChange["catalogued"]) => string | null]> = {
  payTo: ["payee", (t) => t.payTo],
  network: ["network", (t) => t.network],
  asset: ["asset", (t) => t.asset],
  price: ["amount (atomic units)", (t) => t.amountAtomic],
};

/** 409 offer_terms_changed: what changed (catalogued → observed) and when, the change itself in `termsChange`. */
function termsChangedAnswer(change: TermsChange): StoredAnswer {
  const changes = change.fields
    .map((f) => {
      const [label, value] = TERMS_FIELDS[f];
      return `${label} ${value(change.catalogued) ?? "none"} → ${value(change.observed) ?? "none"}`;
    })
    .join("; ");
  return errorAnswer(
    "offer_terms_changed",
    `The provider's payment terms differ from the catalogue's since ${change.detectedAt} (${changes}). ` +
      "The marketplace stopped routing this offer until an operator confirms the new terms or the listing is re-imported; " +
      "nothing was forwarded to the provider and nothing was charged.",
    [],
    { termsChange: change },
  );
}

/** 410 observed_answer_expired: the call completed, its stored answer is gone; what its record says. */
function expiredAnswer(record: ExpiredAnswer): StoredAnswer {
  const when = record.completedAt ? ` on ${record.completedAt.toISOString()}` : "";
  return errorAnswer(
    "observed_answer_expired",
    `The call with this Idempotency-Key completed${when} with status ${record.status}, but its stored answer was removed ` +
      `after ${env.OBSERVER_ANSWER_RETENTION_DAYS} days. The provider was not called again and nothing was charged; use a new Idempotency-Key for a new call.`,
    [],
    { recordedStatus: record.status, completedAt: record.completedAt?.toISOString() ?? null },
  );
}

/** Method, query, content type and body: what must be the same for a retry under the same key.
 * PAYMENT-SIGNATURE (and an MPP credential) is left out: the paid retry of a 402 is the same call. */
function fingerprintOf(input: ObserveInput): string {
  const hash = createHash("sha256").update(`${input.offer.method}\n${input.query}\n${input.contentType ?? ""}\n`);
  if (input.body) hash.update(input.body);
  return hash.digest("base64url");
}

/** What the agent gets, and what is recorded, for an outbound result. */
function outcomeOf(result: OutboundResult): Omit<CallRecord, "latencyMs"> {
  switch (result.kind) {
    case "answer": {
      if (result.status < 200 || result.status > 599) {
        return failedCall(
          "completed",
          "provider_invalid_response",
          result.body.length,
          `The provider answered with status ${result.status}, which cannot be relayed.`,
        );
      }
      const headers = returnedHeaders(result.headers);
      const payment = paymentOutcome(result.status, headers);
      // 402: payment required and nothing charged — the paid retry with this key must reach the provider.
      return {
        state: result.status === 402 ? "retryable" : "completed",
        outcome: "provider",
        responseBytes: result.body.length,
        ...payment,
        ...answerOf({ status: result.status, headers, body: result.body }),
      };
    }
    case "unreachable":
      return failedCall(
        "retryable",
        "provider_unreachable",
        0,
        `The provider could not be reached: ${result.reason}. Nothing was sent; retrying with the same Idempotency-Key is safe.`,
      );
    case "broken":
      return failedCall(
        "completed",
        "provider_unreachable",
        0,
        `The request was sent, then ${result.reason} before answering. It may have run; this answer is final for this Idempotency-Key.`,
      );
    case "timeout":
      return result.sent
        ? failedCall(
            "completed",
            "provider_timeout",
            0,
            `The provider did not answer within ${env.OBSERVER_TIMEOUT_MS} ms. The request was sent and may have run; this answer is final for this Idempotency-Key.`,
          )
        : failedCall(
            "retryable",
            "provider_timeout",
            0,
            `No connection to the provider within ${env.OBSERVER_CONNECT_TIMEOUT_MS} ms. Nothing was sent; retrying with the same Idempotency-Key is safe.`,
          );
    case "too_large":
      return failedCall(
        "completed",
        "provider_response_too_large",
        result.limit,
        `The provider's answer is larger than ${result.limit} bytes, the most the observer relays. The call may have run; this answer is final for this Idempotency-Key.`,
      );
  }
}

/** A call the provider did not answer usably: our own error answer, its code as the outcome, nothing paid. */
function failedCall(
  state: CallRecord["state"],
  code: ErrorCode,
  responseBytes: number,
  message: string,
): Omit<CallRecord, "latencyMs"> {
  return {
    state,
    outcome: code,
    responseBytes,
    paid: false,
    payer: null,
    transaction: null,
    network: null,
    ...answerOf(errorAnswer(code, message)),
  };
}
const answerOf = (answer: StoredAnswer) => ({ status: answer.status, answer });

/** One call (see the top of this file); the observer's metrics count what it did (server/metrics/observe-metrics.ts). */
export async function observeCall(input: ObserveInput): Promise<ObserverAnswer> {
  try {
    const { refusal, ...answer } = await observe(input);
    if (refusal) countObserverRefusal(answer.status, refusal);
    return answer;
  } catch (err) {
    if (err instanceof AppError) countObserverRefusal(ERROR_TABLE[err.code].status, err.code);
    throw err;
  }
}

async function observe(input: ObserveInput): Promise<ObserverAnswer & { refusal?: ErrorCode }> {
  const { offer } = input;
  const mode = observerModeFromEnv();
  const target = routableProviderUrl(offer, mode);
  if (!target.ok) throw new AppError("offer_not_routable", `The observer cannot call this offer: ${target.reason}`);

  const call: NewCall = {
    tokenId: input.tokenId,
    offerId: offer.id,
    idempotencyKey: input.idempotencyKey,
    serviceId: offer.serviceId,
    fingerprint: fingerprintOf(input),
    method: offer.method,
    requestBytes: input.body?.length ?? 0,
  };
  // The offer's row said a payment-terms change stops it: read the change again (it may have been
  // resolved since the row was cached). An agent that was already answered (and may have paid)
  // still gets its completed answer; nothing else reaches the provider, and no key is claimed.
  if (offer.routingStopped) {
    const change = await routingStop(offer.id);
    if (change) {
      const replay = await completedReplay(call);
      if (replay?.kind === "replay") return { ...replay.answer, replayed: true };
      // A replay whose answer was purged: no provider call and, like any replay, no observer metric.
      if (replay?.kind === "expired") return { ...expiredAnswer(replay.record), replayed: false };
      return { ...termsChangedAnswer(change), replayed: false, refusal: "offer_terms_changed" };
    }
  }
  const claim = await claimCall(call);
  if (claim.kind === "replay") return { ...claim.answer, replayed: true };
  if (claim.kind === "expired") return { ...expiredAnswer(claim.record), replayed: false };
  if (claim.kind === "reused")
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used with this token and offer for another request (method, query, Content-Type or body); use a new key.",
    );
  if (claim.kind === "in_progress") {
    const answer = errorAnswer(
      "call_in_progress",
      "A call with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer.",
      [["retry-after", String(IN_PROGRESS_RETRY_AFTER_S)]],
    );
    return { ...answer, replayed: false, refusal: "call_in_progress" };
  }

  const url = new URL(target.url);
  if (input.query)
    url.search = target.url.search ? `${target.url.search}&${input.query.replace(/^\?/, "")}` : input.query;
  const started = performance.now();
  const result = await observerOutbound().send({
    url,
    method: offer.method,
    headers: forwardedHeaders(input, offer, derivedIdempotencyKey(input.tokenId, offer.id, input.idempotencyKey)),
    body: input.body,
    allowLoopback: target.loopback,
    timeoutMs: env.OBSERVER_TIMEOUT_MS,
    maxResponseBytes: env.OBSERVER_MAX_RESPONSE_BYTES,
  });
  const record: CallRecord = { ...outcomeOf(result), latencyMs: Math.round(performance.now() - started) };
  countProviderCall(record.status, record.outcome, record.latencyMs);
  // A paid call gets our signed receipt, recorded with it; its header is part of the stored answer,
  // so a replay carries the same receipt.
  if (record.paid && record.state === "completed") {
    const issued = await issueCallReceipt(offer.id, target.url.toString(), record);
    if (issued) {
      const { header, ...receipt } = issued;
      record.receipt = receipt;
      record.answer = { ...record.answer, headers: [...record.answer.headers, header] };
    }
  }
  // The provider has answered: the agent gets that answer even if the record cannot be written
  // (the claim then goes stale and a retry calls again with the same derived provider key).
  const recorded = await recordCall(call, claim.ticket, record).catch((err: unknown) => {
    logger.error({ err, offerId: offer.id }, "observed call not recorded");
    return false;
  });
  if (record.paid && recorded) {
    // After the paid call's row has committed (see verified-calls.ts); a failure here must not
    // cost the agent the answer it paid for.
    await markVerifiedReviews(input.tokenId, offer.serviceId).catch((err: unknown) =>
      logger.warn({ err }, "verified-call mark failed"),
    );
  }
  return { ...record.answer, replayed: false };
}

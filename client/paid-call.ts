// One paid call (a shop purchase or an offer through the observer), in the contract's order:
// learn the 402 terms, check and reserve the amount against the caps, sign, send with the
// Idempotency-Key, then keep the reservation (charged, or money may have moved) or release it
// (the answer proves nothing was charged). The payment signed for a key is kept for the life of
// the client, so calling again with the same key resends the same PAYMENT-SIGNATURE: a completed
// purchase is replayed uncharged and an unknown settlement is resolved, never paid twice.
import { decodePaymentResponseHeader } from "@x402/core/http";
import { ERROR_TABLE } from "../server/errors";
import { exchange, type Answer, type Exchange } from "./http-call";
import { mapError, provesNothingCharged } from "./map-error";
import { readChallenge, readSignedPayment } from "./payment-terms";
import type { Reservation, SpendCaps } from "./spend-caps";
import type { SettleResponse } from "@x402/core/types";
import type { BuyOptions, MarketplaceError, PaymentTerms, Result, Spend } from "./types";
import type { X402Payer } from "./x402-payer";

interface StoredPayment {
  signature: string;
  terms: PaymentTerms;
  atomic: bigint;
  /** Held while the amount counts against the session; null once released. */
  reservation: Reservation | null;
}

export interface PaidContext {
  fetchImpl: typeof fetch;
  caps: SpendCaps;
  payer: X402Payer | null;
  /** Payments this client signed, per scope and idempotency key. */
  signatures: Map<string, StoredPayment>;
  /** The advice of a payment_required error when there is no payer and no payment (MarketplaceClientOptions). */
  paymentAdvice?: string;
}

export interface PaidRequest {
  /** What the key belongs to (a product, an offer): the same key elsewhere is another payment. */
  scope: string;
  key: string;
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  opts: Omit<BuyOptions, "idempotencyKey">;
  /** How to learn the terms: free requests answering the 402, or the unpaid request itself. */
  prepare: (() => Promise<Exchange>) | "send-unpaid";
  /** A successful answer (anything else is an error answer). */
  isSuccess(answer: Answer): boolean;
}

export interface PaidAnswer {
  answer: Answer;
  spent: Spend | null;
  idempotencyKey: string;
  /** The decoded PAYMENT-RESPONSE of the answer (a replay's is the original settlement), or null. */
  settlement: SettleResponse | null;
}

export const NO_WALLET_ADVICE = "This client has no wallet: pass `wallet` (or an already-signed `payment`) to pay.";

/** Signed payments kept for resending under their key. */
export const MAX_STORED_PAYMENTS = 1000;

const CODES = new Set(Object.keys(ERROR_TABLE));
const REFUSAL_KEYS = new Set(["error", "message", "issues"]);

/** The observer's own refusal ({error, message[, issues]} with a code of ERROR_TABLE), not a provider's answer. */
export function isObserverRefusal(answer: Answer): boolean {
  const j = answer.json;
  if (answer.status < 400 || typeof j !== "object" || j === null || Array.isArray(j)) return false;
  const body = j as Record<string, unknown>;
  return (
    typeof body.error === "string" &&
    CODES.has(body.error) &&
    typeof body.message === "string" &&
    Object.keys(body).every((k) => REFUSAL_KEYS.has(k))
  );
}

const capExceeded = (message: string, terms: PaymentTerms, key: string): MarketplaceError => ({
  kind: "cap_exceeded",
  status: null,
  code: "cap_exceeded",
  message,
  terms,
  idempotencyKey: key,
});

/** The answer's PAYMENT-RESPONSE, decoded with the official codec; null when absent or unreadable. */
function settlementOf(answer: Answer): SettleResponse | null {
  const header = answer.headers.get("payment-response");
  if (!header) return null;
  try {
    return decodePaymentResponseHeader(header);
  } catch {
    return null;
  }
}

function spendOf(settled: SettleResponse | null, terms: PaymentTerms): Spend {
  const spend: Spend = {
    amountUsd: terms.amountUsd,
    atomic: terms.atomic,
    asset: terms.asset,
    network: terms.network,
    payTo: terms.payTo,
  };
  // An unreadable receipt: the amount is still what was signed.
  if (settled?.payer) spend.payer = settled.payer;
  if (settled?.transaction) spend.transaction = settled.transaction;
  return spend;
}

const isReplay = (answer: Answer) =>
  answer.headers.get("idempotent-replayed") === "true" ||
  (typeof answer.json === "object" &&
    answer.json !== null &&
    (answer.json as { idempotentReplay?: unknown }).idempotentReplay === true);

export async function payAndSend(ctx: PaidContext, req: PaidRequest): Promise<Result<PaidAnswer>> {
  const { key, opts } = req;
  const fail = (error: MarketplaceError): Result<PaidAnswer> => ({
    ok: false,
    error: { ...error, idempotencyKey: key },
  });
  const storeKey = `${req.scope}\n${key}`;
  const stored = opts.dryRun ? undefined : ctx.signatures.get(storeKey);

  let payment: StoredPayment;
  let fresh: Reservation | null = null; // reserved by this call
  if (opts.payment !== undefined && !opts.dryRun) {
    const signed = readSignedPayment(opts.payment);
    if ("problem" in signed)
      return fail({ kind: "invalid_request", status: null, code: "invalid_payment", message: signed.problem });
    const check = ctx.caps.reserve(signed.atomic, opts.maxUsd);
    if (!check.ok) return fail(capExceeded(check.message, signed.terms, key));
    fresh = check.reservation;
    payment = { signature: opts.payment, terms: signed.terms, atomic: signed.atomic, reservation: fresh };
  } else if (stored) {
    if (!stored.reservation) {
      const check = ctx.caps.reserve(stored.atomic, opts.maxUsd);
      if (!check.ok) return fail(capExceeded(check.message, stored.terms, key));
      stored.reservation = fresh = check.reservation;
    }
    payment = stored;
  } else {
    const learned =
      req.prepare === "send-unpaid" ? await exchange(ctx.fetchImpl, req.url, req.init) : await req.prepare();
    if (!learned.ok) return fail(learned.error);
    const first = learned.answer;
    // The unpaid call was answered without a payment (a free offer): nothing to pay.
    if (req.prepare === "send-unpaid" && req.isSuccess(first))
      return { ok: true, value: { answer: first, spent: null, idempotencyKey: key, settlement: null } };
    if (first.status !== 402 || (req.prepare === "send-unpaid" && isObserverRefusal(first)))
      return fail(mapError(first));
    // batch-settlement only when the caps allow a channel deposit and there is a wallet to sign vouchers.
    const challenge = readChallenge(first.headers.get("payment-required"), ctx.payer ? ctx.caps.perDeposit : 0n);
    if ("problem" in challenge) return fail({ ...mapError(first), message: challenge.problem });
    if (opts.dryRun || !ctx.payer) {
      const why = opts.dryRun ? "Dry run: nothing was signed or sent." : (ctx.paymentAdvice ?? NO_WALLET_ADVICE);
      return fail({
        kind: "payment_required",
        status: 402,
        code: "payment_required",
        message: `${why} The terms say what the call would cost.`,
        terms: challenge.terms,
      });
    }
    const check = ctx.caps.reserve(challenge.atomic, opts.maxUsd);
    if (!check.ok) return fail(capExceeded(check.message, challenge.terms, key));
    fresh = check.reservation;
    let signature: string;
    try {
      signature = await ctx.payer.sign(challenge);
    } catch (err) {
      fresh.release();
      return fail({
        kind: "payment_required",
        status: null,
        code: "signing_failed",
        message: `The payment could not be signed: ${err instanceof Error ? err.message : String(err)}`,
        terms: challenge.terms,
      });
    }
    payment = { signature, terms: challenge.terms, atomic: challenge.atomic, reservation: fresh };
    ctx.signatures.set(storeKey, payment);
    // Keys of long-finished calls are not kept forever: the oldest go first (Map keeps insertion order).
    while (ctx.signatures.size > MAX_STORED_PAYMENTS) ctx.signatures.delete(ctx.signatures.keys().next().value!);
  }

  // Only what this call reserved goes back: a stored payment that was charged earlier stays spent
  // whatever a resend of it is answered (e.g. 422 for another body under its key).
  const release = () => {
    if (!fresh) return;
    fresh.release();
    if (payment.reservation === fresh) payment.reservation = null;
  };
  const sent = await exchange(ctx.fetchImpl, req.url, {
    ...req.init,
    headers: { ...req.init.headers, "payment-signature": payment.signature },
  });
  if (!sent.ok) {
    // Sent or not, the payment may have settled: it stays reserved, and the retry must reuse it.
    return fail({
      ...sent.error,
      terms: payment.terms,
      retry: {
        sameIdempotencyKey: true,
        samePayment: true,
        afterSeconds: null,
        advice:
          "The payment may have been charged: retry with the same Idempotency-Key and the same PAYMENT-SIGNATURE (this client resends it for the same key).",
      },
    });
  }
  const answer = sent.answer;
  if (req.isSuccess(answer)) {
    const settlement = settlementOf(answer);
    if (isReplay(answer)) {
      // The stored answer of an earlier payment: this call charged nothing (its settlement is the original's).
      release();
      return { ok: true, value: { answer, spent: null, idempotencyKey: key, settlement } };
    }
    if (answer.status >= 400 && !answer.headers.has("payment-response")) {
      // A provider's error answer without a settlement receipt: a 4xx charged nothing; a 5xx may have.
      if (answer.status < 500) release();
      return { ok: true, value: { answer, spent: null, idempotencyKey: key, settlement } };
    }
    // A voucher's channel learns its new charged total (the next voucher builds on it); a receipt it
    // cannot read leaves the channel as it was (the server's corrective 402 resyncs it).
    const header = answer.headers.get("payment-response");
    if (header && ctx.payer) await ctx.payer.settled(payment.signature, header).catch(() => undefined);
    return {
      ok: true,
      value: { answer, spent: spendOf(settlement, payment.terms), idempotencyKey: key, settlement },
    };
  }
  const error = mapError(answer, { signed: true });
  if (provesNothingCharged(answer)) release();
  // A refused payment cannot succeed when resent: the next call with this key signs anew.
  if (answer.status === 402) ctx.signatures.delete(storeKey);
  if (error.kind === "cap_exceeded" || error.kind === "payment_required") error.terms ??= payment.terms;
  return fail(error);
}

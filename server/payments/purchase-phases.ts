// The phases of a claimed purchase: verify, settle, fulfil. Each commits its recovery point
// (purchase-ledger.ts) before the next starts; `advance` resumes from whatever phase a row is in,
// which is how retries and the reconciler finish a purchase after a timeout or a crash.
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from "@x402/core/types";
import { SettleError, VerifyError } from "@x402/core/types";
import { DatabaseBusyError, DatabaseError } from "../db";
import { logger } from "../logger";
import { PRODUCTS } from "../products/products";
import { balanceShortfall, INSUFFICIENT_BALANCE } from "./balance-shortfall";
import { refusedChallenge } from "./challenge";
import { rememberCompleted } from "./completed-purchases";
import { findLocalTransfer } from "./facilitators/local-chain-signer";
import { encodeHeaderJson } from "./header-codec";
import { mppReceipt, PAYMENT_RECEIPT_HEADER } from "./mpp/mpp-receipt";
import { chargeStripe, isStripePayload, STRIPE_IDEMPOTENCY_WINDOW_MS, type StripeLedgerPayload } from "./mpp/stripe-settle";
import { broadcastTempo, isTempoPayload, type TempoLedgerPayload } from "./mpp/tempo-settle";
import type { PaymentRuntime } from "./payment-runtime";
import { countFulfilmentFailure, markCompleted, markFailed, markSettled, markSettlementUnknown, markSettling, releaseClaim, type PurchaseRow } from "./purchase-ledger";
import { challengeReply, facilitatorDown, reply, unavailable, type PaymentReply } from "./purchase-reply";

// "Nonce already used" at settle: our claim on the nonce is unique and the authorization pays
// our address, so it was executed for this purchase: the payer is charged.
const ALREADY_EXECUTED = new Set(["invalid_exact_evm_nonce_already_used"]);
// Failures raised while or after a transfer was submitted: it may have executed.
const MAYBE_EXECUTED = new Set([
  "settlement_pending",
  "invalid_exact_evm_transaction_failed",
  "invalid_exact_evm_transfer_event_mismatch",
  "invalid_transaction_state",
  "unexpected_settle_error",
]);
// Over HTTP, an open settlement whose authorization expired this long ago can no longer be
// decided by re-settling (a chain refuses an expired authorization before looking at its nonce).
const UNRESOLVABLE_AFTER_S = 60;
export const UNRESOLVED = "settlement_unresolved";
// Failed fulfilments of one paid purchase after which each further failure is logged as needing an operator.
export const FULFIL_FAILURES_ALERT = 10;

export const settlementUnknown = () =>
  unavailable("settlement_unknown", "The payment may have been charged; the purchase is being reconciled. Retry with the same request and signature.", "unknown");

/** The success body of a completed purchase (200, or 202 for a queued order); a replay differs only in idempotentReplay. */
export function completedReply(row: Pick<PurchaseRow, "responseBody" | "paymentResponse" | "protocol">, replay: boolean, status: 200 | 202): PaymentReply {
  const body = replay ? row.responseBody!.replace('"idempotentReplay":false', '"idempotentReplay":true') : row.responseBody!;
  const header = row.protocol === "mpp" ? PAYMENT_RECEIPT_HEADER : "payment-response";
  return reply(status, body, row.paymentResponse ? { [header]: row.paymentResponse } : {});
}

/** A 402 that says why the payment was refused; built only when needed (it may need the facilitator). */
async function refuse(runtime: PaymentRuntime, row: PurchaseRow, reason: string, detail?: string): Promise<PaymentReply> {
  const product = PRODUCTS[row.product];
  try {
    if (!product) throw new Error(`unknown product ${row.product}`);
    const challenge = await runtime.challenge(product);
    const price = BigInt((row.paymentRequirements as { amount?: string } | null)?.amount ?? product.priceAtomic);
    const details = reason === INSUFFICIENT_BALANCE ? await balanceShortfall(runtime, row.payer, price, row.protocol) : {};
    // A refused MPP credential gets fresh challenges, so the payer can pay again at once.
    const mpp = row.protocol === "mpp" && runtime.mpp ? { wwwAuthenticate: await runtime.mpp.freshChallenges(product), detail } : undefined;
    return challengeReply(refusedChallenge(challenge, reason, details, mpp));
  } catch (err) {
    logger.warn({ err }, "cannot build the payment challenge for a refusal");
    return facilitatorDown(); // nothing was charged: the refusal itself says so
  }
}

export type Verification = { verdict: VerifyResponse } | { error: unknown };

/** Asks the facilitator to verify; never rejects, so it can run while the claim commits. */
export async function startVerification(runtime: PaymentRuntime, payload: PaymentPayload, requirements: PaymentRequirements): Promise<Verification> {
  // A Shared Payment Token has nothing to verify before the charge: mppx admitted its challenge
  // before the claim, and Stripe judges the token when the PaymentIntent is created (settle).
  // A tempo transaction was checked and simulated by mppx before the claim; the chain judges it when broadcast (settle).
  if (isStripePayload(payload) || isTempoPayload(payload)) return { verdict: { isValid: true } };
  try {
    return { verdict: await (await runtime.resourceServer()).verifyPayment(payload, requirements) };
  } catch (error) {
    // A facilitator that answers "invalid" with an error status is still a verdict.
    if (error instanceof VerifyError) return { verdict: { isValid: false, invalidReason: error.invalidReason ?? "invalid_payment", payer: error.payer } };
    return { error };
  }
}

// A throw from the in-process facilitator that is not the database is the payload's fault.
function unverifiablePayload(runtime: PaymentRuntime, error: unknown): boolean {
  return runtime.config.mode === "local" && !(error instanceof DatabaseError);
}

// A payment that did not verify binds nothing: its claim is deleted (purchase-ledger.ts), so a
// forged `authorization.from` can neither occupy that payer's key nor leave rows behind.
async function verify(runtime: PaymentRuntime, row: PurchaseRow, pending?: Promise<Verification>): Promise<PaymentReply | undefined> {
  const verification = await (pending ?? startVerification(runtime, row.paymentPayload as unknown as PaymentPayload, row.paymentRequirements as unknown as PaymentRequirements));
  if ("error" in verification) {
    // Busy is not the facilitator's fault: answered server_busy; the claim is resumed or dropped later.
    if (verification.error instanceof DatabaseBusyError) throw verification.error;
    if (unverifiablePayload(runtime, verification.error)) {
      await releaseClaim(row.id);
      return refuse(runtime, row, "invalid_payload");
    }
    logger.warn({ err: verification.error, purchase: row.id }, "facilitator verify failed");
    await releaseClaim(row.id);
    return facilitatorDown();
  }
  const { verdict } = verification;
  if (!verdict.isValid) {
    const reason = verdict.invalidReason ?? "invalid_payment";
    await releaseClaim(row.id);
    return refuse(runtime, row, reason);
  }
  try {
    await markSettling(row.id, verdict.payer ?? row.payer!);
  } catch (err) {
    // Unless the statement never ran (busy), its commit may have landed before the connection
    // dropped: the row may be `settling`, which the reconciler settles. Never answer "not charged" then.
    if (!(err instanceof DatabaseBusyError)) row.state = "settling";
    throw err;
  }
  row.state = "settling";
  return undefined;
}

// Whether this authorization was executed, when the facilitator can say (the local ledger can).
async function executedTransfer(runtime: PaymentRuntime, row: PurchaseRow): Promise<string | undefined> {
  if (runtime.config.mode !== "local" || !row.payer || !row.nonce) return undefined;
  return (await findLocalTransfer(row.payer, row.nonce))?.transaction;
}

function authorizationExpired(row: PurchaseRow): boolean {
  const validBefore = (row.paymentPayload as { payload?: { authorization?: { validBefore?: string } } } | null)?.payload?.authorization?.validBefore;
  return validBefore !== undefined && Number(validBefore) + UNRESOLVABLE_AFTER_S < Date.now() / 1000;
}

// On success returns the pending write of the `settled` recovery point: fulfilment runs while it
// commits, and the result is stored only after it (markCompleted follows markSettled).
async function settle(runtime: PaymentRuntime, row: PurchaseRow, sentBefore: boolean): Promise<PaymentReply | { recorded: Promise<void> }> {
  if (isStripePayload(row.paymentPayload)) return settleStripe(runtime, row, row.paymentPayload, sentBefore);
  if (isTempoPayload(row.paymentPayload)) return settleTempo(runtime, row, row.paymentPayload, sentBefore);
  const payload = row.paymentPayload as unknown as PaymentPayload;
  const requirements = row.paymentRequirements as unknown as PaymentRequirements;
  let result: SettleResponse;
  const known = sentBefore ? await executedTransfer(runtime, row) : undefined;
  if (known) {
    result = { success: true, transaction: known, network: requirements.network, payer: row.payer! };
  } else {
    try {
      result = await (await runtime.resourceServer()).settlePayment(payload, requirements);
    } catch (err) {
      if (err instanceof SettleError) {
        result = { success: false, errorReason: err.errorReason, transaction: err.transaction, network: err.network, payer: err.payer };
      } else {
        logger.warn({ err, purchase: row.id }, "facilitator settle failed; outcome unknown");
        await markSettlementUnknown(row.id, "settlement_unknown");
        return settlementUnknown();
      }
    }
  }
  if (!result.success && result.errorReason && ALREADY_EXECUTED.has(result.errorReason)) {
    const transaction = (await executedTransfer(runtime, row)) || result.transaction || row.transaction || "";
    result = { success: true, transaction, network: requirements.network, payer: row.payer! };
  }
  if (!result.success) {
    // Decide "not charged" only when nothing may have executed: no transaction, a reason raised
    // before submission, the local ledger (when it can tell) agrees, and no earlier settle of this
    // authorization went unanswered over HTTP (the facilitator cannot tell us about that one).
    const executed = await executedTransfer(runtime, row);
    if (executed) {
      result = { success: true, transaction: executed, network: requirements.network, payer: row.payer! };
    } else if (result.transaction || MAYBE_EXECUTED.has(result.errorReason ?? "") || (sentBefore && runtime.config.mode === "http")) {
      const code = sentBefore && runtime.config.mode === "http" && authorizationExpired(row) ? UNRESOLVED : (result.errorReason ?? "settlement_unknown");
      if (code === UNRESOLVED) logger.error({ purchase: row.id }, "settlement cannot be decided by the facilitator: check the chain");
      await markSettlementUnknown(row.id, code, result.transaction || undefined);
      return settlementUnknown();
    } else {
      const reason = result.errorReason ?? "settlement_failed";
      await markFailed(row.id, reason);
      return refuse(runtime, row, reason);
    }
  }
  const paymentResponse =
    row.protocol === "mpp"
      ? mppReceipt("evm", result.transaction)
      : encodeHeaderJson({ success: true, transaction: result.transaction, network: result.network, payer: result.payer ?? row.payer });
  const recorded = markSettled(row.id, result.transaction, paymentResponse);
  Object.assign(row, { state: "settled", transaction: result.transaction, paymentResponse });
  return { recorded };
}

// A stripe purchase: create the PaymentIntent (same idempotency key on every attempt, so at most
// one charge); refused before money moved → failed, 402; anything unclear → open, 503, reconciled.
async function settleStripe(runtime: PaymentRuntime, row: PurchaseRow, payload: StripeLedgerPayload, sentBefore: boolean): Promise<PaymentReply | { recorded: Promise<void> }> {
  const client = runtime.mpp?.config.stripe?.client;
  if (sentBefore && Date.now() - payload.claimedAt > STRIPE_IDEMPOTENCY_WINDOW_MS) {
    logger.error({ purchase: row.id }, "stripe settlement cannot be decided any more by its idempotency key: check Stripe for metadata.purchase_id");
    await markSettlementUnknown(row.id, UNRESOLVED);
    return settlementUnknown();
  }
  if (!client) {
    logger.error({ purchase: row.id }, "a stripe purchase is open but MPP stripe is not configured: cannot settle it");
    await markSettlementUnknown(row.id, "settlement_unknown");
    return settlementUnknown();
  }
  return recordMethodOutcome(runtime, row, "stripe", await chargeStripe(client, payload, row), "stripe PaymentIntent outcome unknown; reconciled with the same idempotency key");
}

// A tempo purchase: broadcast the signed transaction (or find it executed); it did not execute
// (reverted, refused on first sending, expired) → failed, 402; anything unclear → open, 503, reconciled.
async function settleTempo(runtime: PaymentRuntime, row: PurchaseRow, payload: TempoLedgerPayload, sentBefore: boolean): Promise<PaymentReply | { recorded: Promise<void> }> {
  const client = runtime.mpp?.config.tempo?.client();
  if (!client) {
    logger.error({ purchase: row.id }, "a tempo purchase is open but MPP tempo is not configured: cannot settle it");
    await markSettlementUnknown(row.id, "settlement_unknown");
    return settlementUnknown();
  }
  return recordMethodOutcome(runtime, row, "tempo", await broadcastTempo(client, payload, sentBefore), "tempo transaction outcome unknown; reconciled by its hash", payload.hash);
}

type MethodOutcome = { outcome: "succeeded"; reference: string } | { outcome: "refused"; reason: string; detail: string } | { outcome: "unknown"; detail: string };

// What a stripe charge or a tempo broadcast decided, recorded the same way: unknown → open, 503
// (reconciled); refused before money moved → failed, 402; succeeded → settled with the MPP receipt.
async function recordMethodOutcome(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  method: "stripe" | "tempo",
  result: MethodOutcome,
  unknownMessage: string,
  pendingTransaction?: string,
): Promise<PaymentReply | { recorded: Promise<void> }> {
  if (result.outcome === "unknown") {
    logger.warn({ purchase: row.id, detail: result.detail }, unknownMessage);
    await markSettlementUnknown(row.id, "settlement_unknown", pendingTransaction);
    return settlementUnknown();
  }
  if (result.outcome === "refused") {
    await markFailed(row.id, result.reason);
    return refuse(runtime, row, result.reason, result.detail);
  }
  const paymentResponse = mppReceipt(method, result.reference);
  const recorded = markSettled(row.id, result.reference, paymentResponse);
  Object.assign(row, { state: "settled", transaction: result.reference, paymentResponse });
  return { recorded };
}

type Fulfilment = Promise<Record<string, unknown>>;

function startFulfilment(row: PurchaseRow): Fulfilment {
  const product = PRODUCTS[row.product];
  const work = (async () => {
    if (!product) throw new Error(`unknown product ${row.product}`);
    return product.fulfil(product.purchaseSchema.parse(row.requestBody), { purchaseId: row.id, idempotencyKey: row.idempotencyKey, payer: row.payer });
  })();
  work.catch(() => undefined); // a speculative one may be dropped; failures are handled where it is awaited
  return work;
}

// A product whose fulfilment only reads can be prepared while the payment settles; its result is
// stored (and sent) only once the settlement is recorded, and dropped if the settle fails.
const speculative = (row: PurchaseRow): Fulfilment | undefined => (PRODUCTS[row.product]?.fulfilmentReadsOnly ? startFulfilment(row) : undefined);

async function fulfil(row: PurchaseRow, recorded: Promise<void>, prepared?: Fulfilment): Promise<PaymentReply> {
  const work = prepared ?? startFulfilment(row);
  const [written, result] = await Promise.allSettled([recorded, work]);
  try {
    if (written.status === "rejected") throw written.reason;
    if (result.status === "rejected") throw result.reason;
    const responseBody = JSON.stringify({ ok: true, idempotentReplay: false, requestId: row.idempotencyKey, ...result.value });
    await markCompleted(row.id, responseBody);
    rememberCompleted(row.payer, row.idempotencyKey, { ...row, state: "completed", responseBody });
    return completedReply({ responseBody, paymentResponse: row.paymentResponse, protocol: row.protocol }, false, PRODUCTS[row.product]?.successStatus ?? 200);
  } catch (err) {
    // Paid but not deliverable yet: retried by the client and the reconciler (backing off); a
    // failure that persists needs someone to look (the payer cannot be refunded from here).
    const failures = await countFulfilmentFailure(row.id).catch(() => undefined);
    const needsOperator = failures !== undefined && failures >= FULFIL_FAILURES_ALERT;
    logger.error({ err, purchase: row.id, failures, needsOperator }, needsOperator ? "paid purchase still cannot be fulfilled: needs an operator" : "fulfilment failed after settlement");
    return unavailable("fulfilment_pending", "Paid; the result is not ready yet. Retry with the same request and signature.", true);
  }
}

/**
 * Moves a claimed, settling or settled purchase as far as it can go. `resuming` marks a row
 * found open by a retry or the reconciler (its settle may have been sent before); `verifying` is
 * a verification already under way for a fresh claim.
 */
export async function advance(runtime: PaymentRuntime, row: PurchaseRow, resuming: boolean, verifying?: Promise<Verification>): Promise<PaymentReply> {
  // Only a row found in `settling` may have had a settle sent for it before.
  const settleSentBefore = resuming && row.state === "settling";
  if (row.state === "claimed") {
    const refused = await verify(runtime, row, verifying);
    if (refused) return refused;
  }
  let recorded: Promise<void> = Promise.resolve();
  let prepared: Fulfilment | undefined;
  if (row.state === "settling") {
    prepared = speculative(row);
    const settled = await settle(runtime, row, settleSentBefore);
    if ("status" in settled) return settled;
    recorded = settled.recorded;
  }
  if (row.state === "settled") return fulfil(row, recorded, prepared);
  throw new Error(`purchase ${row.id} cannot advance from ${row.state}`);
}

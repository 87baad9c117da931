// The phases of a claimed purchase: verify, settle, fulfil. Each commits its recovery point
// (purchase-ledger.ts) before the next starts; `advance` resumes from whatever phase a row is in,
// which is how retries and the reconciler finish a purchase after a timeout or a crash.
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from "@x402/core/types";
import { logger } from "../logger";
import { PRODUCTS } from "../products/products";
import { refusedChallenge, type Challenge } from "./challenge";
import { findLocalTransfer } from "./facilitators/local-chain-signer";
import { rememberCompleted } from "./completed-purchases";
import { encodeHeaderJson } from "./header-codec";
import type { PaymentRuntime } from "./payment-runtime";
import { markCompleted, markFailed, markSettled, markSettlementUnknown, markSettling, type PurchaseRow } from "./purchase-ledger";
import { challengeReply, facilitatorDown, reply, unavailable, type PaymentReply } from "./purchase-reply";

// Settle answers that mean the authorization was (or may have been) executed: the payer is
// charged, so the purchase must complete, never become a 402.
const ALREADY_EXECUTED = new Set(["invalid_exact_evm_nonce_already_used"]);
const OUTCOME_OPEN = new Set(["settlement_pending"]);

const settlementUnknown = () =>
  unavailable("settlement_unknown", "The payment may have been charged; the purchase is being reconciled. Retry with the same request and signature.", "unknown");

/** The 200 body of a completed purchase; a replay differs only in idempotentReplay. */
export function completedReply(row: Pick<PurchaseRow, "responseBody" | "paymentResponse">, replay: boolean): PaymentReply {
  const body = replay ? row.responseBody!.replace('"idempotentReplay":false', '"idempotentReplay":true') : row.responseBody!;
  return reply(200, body, row.paymentResponse ? { "payment-response": row.paymentResponse } : {});
}

export type Verification = { verdict: VerifyResponse } | { error: unknown };

/** Asks the facilitator to verify; never rejects, so it can run while the claim commits. */
export async function startVerification(runtime: PaymentRuntime, payload: PaymentPayload, requirements: PaymentRequirements): Promise<Verification> {
  try {
    return { verdict: await (await runtime.resourceServer()).verifyPayment(payload, requirements) };
  } catch (error) {
    return { error };
  }
}

async function verify(runtime: PaymentRuntime, row: PurchaseRow, challenge: Challenge, pending?: Promise<Verification>): Promise<PaymentReply | undefined> {
  const verification = await (pending ?? startVerification(runtime, row.paymentPayload as unknown as PaymentPayload, row.paymentRequirements as unknown as PaymentRequirements));
  if ("error" in verification) {
    logger.warn({ err: verification.error, purchase: row.id }, "facilitator verify failed");
    await markFailed(row.id, "facilitator_unavailable");
    return facilitatorDown();
  }
  const { verdict } = verification;
  if (!verdict.isValid) {
    const reason = verdict.invalidReason ?? "invalid_payment";
    await markFailed(row.id, reason);
    return challengeReply(refusedChallenge(challenge, reason));
  }
  await markSettling(row.id, verdict.payer ?? row.payer!);
  row.state = "settling";
  return undefined;
}

// Whether this authorization was executed, when the facilitator can say (the local ledger can).
async function executedTransfer(runtime: PaymentRuntime, row: PurchaseRow): Promise<string | undefined> {
  if (runtime.config.mode !== "local" || !row.payer || !row.nonce) return undefined;
  return (await findLocalTransfer(row.payer, row.nonce))?.transaction;
}

// On success returns the pending write of the `settled` recovery point: fulfilment runs while it
// commits, and the result is stored only after it (markCompleted follows markSettled).
async function settle(runtime: PaymentRuntime, row: PurchaseRow, challenge: Challenge, sentBefore: boolean): Promise<PaymentReply | { recorded: Promise<void> }> {
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
      logger.warn({ err, purchase: row.id }, "facilitator settle failed; outcome unknown");
      await markSettlementUnknown(row.id, "settlement_unknown");
      return settlementUnknown();
    }
  }
  if (!result.success && result.errorReason && ALREADY_EXECUTED.has(result.errorReason)) {
    // Our claim on the nonce is unique, and the authorization pays our payTo: executed means paid.
    const transaction = (await executedTransfer(runtime, row)) ?? result.transaction ?? "";
    result = { success: true, transaction, network: requirements.network, payer: row.payer! };
  }
  if (!result.success) {
    // A remote facilitator cannot tell whether an earlier, unanswered settle of this authorization
    // executed (a chain refuses an expired authorization even when it was used): only success or
    // "nonce used" is conclusive, so the purchase stays open rather than becoming a 402.
    const inconclusive = sentBefore && runtime.config.mode === "http";
    if (inconclusive || (result.errorReason && OUTCOME_OPEN.has(result.errorReason))) {
      await markSettlementUnknown(row.id, result.errorReason ?? "settlement_unknown");
      return settlementUnknown();
    }
    const reason = result.errorReason ?? "settlement_failed";
    await markFailed(row.id, reason);
    return challengeReply(refusedChallenge(challenge, reason));
  }
  const paymentResponse = encodeHeaderJson({ success: true, transaction: result.transaction, network: result.network, payer: result.payer ?? row.payer });
  const recorded = markSettled(row.id, result.transaction, paymentResponse);
  Object.assign(row, { state: "settled", transaction: result.transaction, paymentResponse });
  return { recorded };
}

async function fulfil(row: PurchaseRow, recorded: Promise<void>): Promise<PaymentReply> {
  const product = PRODUCTS[row.product];
  const work = (async () => {
    if (!product) throw new Error(`unknown product ${row.product}`);
    return product.fulfil(product.purchaseSchema.parse(row.requestBody));
  })();
  const [written, result] = await Promise.allSettled([recorded, work]);
  try {
    if (written.status === "rejected") throw written.reason;
    if (result.status === "rejected") throw result.reason;
    const responseBody = JSON.stringify({ ok: true, idempotentReplay: false, requestId: row.idempotencyKey, ...result.value });
    await markCompleted(row.id, responseBody);
    rememberCompleted(row.idempotencyKey, { fingerprint: row.fingerprint, signatureHash: row.signatureHash!, responseBody, paymentResponse: row.paymentResponse });
    return completedReply({ responseBody, paymentResponse: row.paymentResponse }, false);
  } catch (err) {
    logger.error({ err, purchase: row.id }, "fulfilment failed after settlement");
    return unavailable("fulfilment_pending", "Paid; the result is not ready yet. Retry with the same request and signature.", true);
  }
}

/**
 * Moves a claimed, settling or settled purchase as far as it can go. `resuming` marks a row
 * found open by a retry or the reconciler (its settle may have been sent before); `verifying` is
 * a verification already under way for a fresh claim.
 */
export async function advance(runtime: PaymentRuntime, row: PurchaseRow, challenge: Challenge, resuming: boolean, verifying?: Promise<Verification>): Promise<PaymentReply> {
  // Only a row found in `settling` may have had a settle sent for it before.
  const settleSentBefore = resuming && row.state === "settling";
  if (row.state === "claimed") {
    const refused = await verify(runtime, row, challenge, verifying);
    if (refused) return refused;
  }
  let recorded: Promise<void> = Promise.resolve();
  if (row.state === "settling") {
    const settled = await settle(runtime, row, challenge, settleSentBefore);
    if ("status" in settled) return settled;
    recorded = settled.recorded;
  }
  if (row.state === "settled") return fulfil(row, recorded);
  throw new Error(`purchase ${row.id} cannot advance from ${row.state}`);
}

// x402's `batch-settlement` scheme: a PAYMENT-SIGNATURE carrying a cumulative voucher on a channel
// the payer funded (or the deposit that funds it, with its first voucher). The library's server scheme
// (registered on the resource server, its channels in PostgreSQL) verifies the voucher and, at settle,
// records the charge on the channel; no transfer happens per purchase: the channel manager's jobs claim
// and settle the vouchers in batches (batch-jobs/batch-jobs.ts). A deposit's settle goes to the facilitator.
//
// Exactly once: the ledger's nonce of a voucher is its channel and cumulative amount, so one voucher
// pays one purchase (the claim's unique index), and a settle that may have run before is decided from
// the channel's record (its charged total covers the voucher: it was charged) before anything is redone.
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { SettleError } from "@x402/core/types";
import { logger } from "../../logger";
import { inSpan } from "../../observability/spans";
import { batchIdentity, parseBatchPayload, type BatchPayload } from "../batch/batch-payload";
import { refusedChallenge } from "../challenge";
import { encodeHeaderJson } from "../header-codec";
import type { PaymentRuntime } from "../payment-runtime";
import type { PurchaseRow } from "../purchase-ledger";
import { challengeReply } from "../purchase-reply";
import { verifyByFacilitator } from "./facilitator-settlement";
import type { LedgerPayment, Offer, PaymentMethod, RefusedOffer, Settlement } from "./payment-method";

// The library's reasons (@x402/evm batch-settlement): a voucher whose cumulative amount is not the
// channel's charged total plus the price (reused, out of order), and a channel another request holds.
export const CUMULATIVE_MISMATCH = "invalid_batch_settlement_evm_cumulative_amount_mismatch";
const CHANNEL_BUSY = "invalid_batch_settlement_evm_channel_busy";
const MISSING_CHANNEL = "invalid_batch_settlement_evm_missing_channel";
// A deposit whose transaction may have run: left open, never "not charged".
const MAYBE_EXECUTED = new Set(["invalid_batch_settlement_evm_deposit_transaction_failed", "settlement_pending"]);

// The library keeps a request's reservation of the channel keyed by the payload object it verified:
// settle must hand it the same object. A purchase resumed from the ledger has only the stored copy.
const live = new Map<string, PaymentPayload>();
const LIVE_KEPT = 1000;

const voucherOf = (payload: unknown) => (payload as BatchPayload).payload.voucher;

async function chargedCovers(runtime: PaymentRuntime, payload: unknown): Promise<boolean> {
  const v = voucherOf(payload);
  const channel = await runtime.batch!.getStorage().get(v.channelId);
  return channel !== undefined && BigInt(channel.chargedCumulativeAmount) >= BigInt(v.maxClaimableAmount);
}

// A reservation left by a request that died holding this very voucher (no other purchase may hold
// it: the ledger's nonce is unique), cleared so the purchase can be resumed now, not when it expires.
async function clearOwnStaleReservation(runtime: PaymentRuntime, payload: unknown): Promise<void> {
  const v = voucherOf(payload);
  await runtime
    .batch!.getStorage()
    .updateChannel(v.channelId, (current) =>
      current?.pendingRequest?.signedMaxClaimable === v.maxClaimableAmount
        ? { ...current, pendingRequest: undefined }
        : current,
    );
}

const paymentResponse = (result: SettleResponse, row: PurchaseRow) =>
  encodeHeaderJson({
    success: true,
    transaction: result.transaction,
    network: result.network,
    payer: result.payer ?? row.payer,
    ...(result.extra && { extra: result.extra }),
  });

// The ledger's transaction of a purchase paid by voucher: no transfer of its own, its channel and amount.
const voucherReference = (payload: unknown) => {
  const v = voucherOf(payload);
  return `voucher:${v.channelId}:${v.maxClaimableAmount}`.toLowerCase();
};

async function settleBatch(runtime: PaymentRuntime, row: PurchaseRow, sentBefore: boolean): Promise<Settlement> {
  const requirements = row.paymentRequirements as PaymentRequirements;
  const kept = row.signatureHash ? live.get(row.signatureHash) : undefined;
  if (row.signatureHash) live.delete(row.signatureHash);
  const payload = kept ?? (row.paymentPayload as PaymentPayload);
  const v = voucherOf(payload);
  const settledByChannel = (): Settlement => ({
    outcome: "settled",
    transaction: voucherReference(payload),
    paymentResponse: paymentResponse(
      {
        success: true,
        transaction: "",
        network: requirements.network,
        payer: row.payer,
        extra: {
          chargedAmount: requirements.amount,
          channelState: { channelId: v.channelId, chargedCumulativeAmount: v.maxClaimableAmount },
        },
      },
      row,
    ),
  });
  if ((sentBefore || !kept) && (await chargedCovers(runtime, payload))) return settledByChannel();
  const server = await runtime.resourceServer();
  if (!kept) {
    // Resumed (a retry elsewhere, the reconciler): reserve the channel afresh for this payload.
    await clearOwnStaleReservation(runtime, payload);
    const verdict = await verifyByFacilitator(runtime, { payload, requirements });
    if ("error" in verdict) return { outcome: "unknown", code: "settlement_unknown" };
    if (!verdict.verdict.isValid) {
      const reason = verdict.verdict.invalidReason ?? "invalid_payment";
      // Held by another request: decided later. Anything else: this voucher was never charged.
      return reason === CHANNEL_BUSY ? { outcome: "unknown", code: reason } : { outcome: "refused", reason };
    }
  }
  let result: SettleResponse;
  try {
    result = await inSpan("facilitator.settle", {}, () => server.settlePayment(payload, requirements));
  } catch (err) {
    if (!(err instanceof SettleError)) {
      logger.warn({ err, purchase: row.id }, "batch settle failed; outcome unknown");
      return { outcome: "unknown", code: "settlement_unknown" };
    }
    result = {
      success: false,
      errorReason: err.errorReason,
      transaction: err.transaction,
      network: requirements.network,
    };
  }
  if (!result.success) {
    if (await chargedCovers(runtime, payload)) return settledByChannel();
    const reason = result.errorReason ?? "settlement_failed";
    if (reason === CHANNEL_BUSY || reason === MISSING_CHANNEL || MAYBE_EXECUTED.has(reason) || result.transaction)
      return { outcome: "unknown", code: reason, transaction: result.transaction || undefined };
    return { outcome: "refused", reason };
  }
  return {
    outcome: "settled",
    transaction: result.transaction || voucherReference(payload),
    paymentResponse: paymentResponse(result, row),
  };
}

export const x402Batch: PaymentMethod = {
  id: "x402-batch",
  protocol: "x402",
  // A voucher already paying another purchase: to the library, a cumulative amount that is not the next one.
  nonceUsedReason: CUMULATIVE_MISMATCH,
  // Verifying reserves the channel: only the request that claimed the voucher may.
  verifiesAfterClaim: true,
  pays: (row) =>
    row.protocol === "x402" && (row.paymentRequirements as { scheme?: string } | null)?.scheme === "batch-settlement",
  async verify(runtime, payment: LedgerPayment) {
    const verdict = await verifyByFacilitator(runtime, payment);
    // Kept only when it verified: then it holds the channel's reservation, which no other request
    // carrying the same voucher can hold at the same time.
    if (!("error" in verdict) && verdict.verdict.isValid) {
      if (live.size >= LIVE_KEPT) live.delete(live.keys().next().value!);
      live.set(batchIdentity(payment.payload), payment.payload);
    }
    return verdict;
  },
  settle: settleBatch,
};

/** A batch-settlement PAYMENT-SIGNATURE (already decoded) as an offer; refused when unreadable. */
export function readBatchOffer(decoded: unknown, header: string): Offer | RefusedOffer {
  const { payload, payer, nonce, identity } = parseBatchPayload(decoded, header);
  if (!payload || !payer || !nonce) return { protocol: "x402", identity, refused: "invalid_payload" };
  return {
    method: x402Batch,
    identity,
    payer,
    nonce,
    async admit(runtime, _product, challenge) {
      if (!runtime.batch) return challengeReply(refusedChallenge(challenge, "payment_requirements_mismatch"));
      const requirements = (await runtime.resourceServer()).findMatchingRequirements(challenge.requirements, payload);
      if (!requirements) return challengeReply(refusedChallenge(challenge, "payment_requirements_mismatch"));
      return { payload, requirements };
    },
  };
}

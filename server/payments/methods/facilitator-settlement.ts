// Verifying and settling an EIP-3009 authorization through the x402 facilitator: the x402 `exact`
// payment, and the MPP evm credential that carries the same authorization. What a lost settle
// answer leaves open is decided with the facilitator's own ledger when it has one (the local
// facilitator), and conservatively without it (an HTTP facilitator).
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { SettleError, VerifyError } from "@x402/core/types";
import { logger } from "../../logger";
import { inSpan } from "../../observability/spans";
import type { PaymentRuntime } from "../payment-runtime";
import type { PurchaseRow } from "../purchase-ledger";
import { UNRESOLVED, type LedgerPayment, type Settlement, type Verification } from "./payment-method";

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

/** Asks the facilitator to verify; never rejects. */
export async function verifyByFacilitator(
  runtime: PaymentRuntime,
  { payload, requirements }: LedgerPayment,
): Promise<Verification> {
  try {
    const server = await runtime.resourceServer();
    return { verdict: await inSpan("facilitator.verify", {}, () => server.verifyPayment(payload, requirements)) };
  } catch (error) {
    // A facilitator that answers "invalid" with an error status is still a verdict.
    if (error instanceof VerifyError)
      return {
        verdict: { isValid: false, invalidReason: error.invalidReason ?? "invalid_payment", payer: error.payer },
      };
    return { error };
  }
}

// Whether this authorization was executed, when the facilitator can say (the local ledger can).
async function executedTransfer(runtime: PaymentRuntime, row: PurchaseRow): Promise<string | undefined> {
  const ledger = runtime.facilitator.ownLedger;
  if (!ledger || !row.payer || !row.nonce) return undefined;
  return ledger.findExecutedTransfer(row.payer, row.nonce);
}

function authorizationExpired(row: PurchaseRow): boolean {
  const validBefore = (row.paymentPayload as { payload?: { authorization?: { validBefore?: string } } } | null)?.payload
    ?.authorization?.validBefore;
  return validBefore !== undefined && Number(validBefore) + UNRESOLVABLE_AFTER_S < Date.now() / 1000;
}

/** Settles the stored authorization; `receipt` is the header a success replays (PAYMENT-RESPONSE or Payment-Receipt). */
export async function settleByFacilitator(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  sentBefore: boolean,
  receipt: (result: SettleResponse) => string,
): Promise<Settlement> {
  const payload = row.paymentPayload as unknown as PaymentPayload;
  const requirements = row.paymentRequirements as unknown as PaymentRequirements;
  // No ledger of its own: an earlier settle that went unanswered cannot be asked about.
  const blind = !runtime.facilitator.ownLedger;
  let result: SettleResponse;
  const known = sentBefore ? await executedTransfer(runtime, row) : undefined;
  if (known) {
    result = { success: true, transaction: known, network: requirements.network, payer: row.payer! };
  } else {
    try {
      const server = await runtime.resourceServer();
      result = await inSpan("facilitator.settle", {}, () => server.settlePayment(payload, requirements));
    } catch (err) {
      if (!(err instanceof SettleError)) {
        logger.warn({ err, purchase: row.id }, "facilitator settle failed; outcome unknown");
        return { outcome: "unknown", code: "settlement_unknown" };
      }
      result = {
        success: false,
        errorReason: err.errorReason,
        transaction: err.transaction,
        network: err.network,
        payer: err.payer,
      };
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
    } else if (result.transaction || MAYBE_EXECUTED.has(result.errorReason ?? "") || (sentBefore && blind)) {
      const code =
        sentBefore && blind && authorizationExpired(row) ? UNRESOLVED : (result.errorReason ?? "settlement_unknown");
      if (code === UNRESOLVED)
        logger.error({ purchase: row.id }, "settlement cannot be decided by the facilitator: check the chain");
      return { outcome: "unknown", code, transaction: result.transaction || undefined };
    } else {
      return { outcome: "refused", reason: result.errorReason ?? "settlement_failed" };
    }
  }
  return { outcome: "settled", transaction: result.transaction, paymentResponse: receipt(result) };
}

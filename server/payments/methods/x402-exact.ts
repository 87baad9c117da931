// x402's `exact` scheme: a PAYMENT-SIGNATURE carrying an EIP-3009 authorization, admitted against
// the product's requirements, verified and settled by the facilitator; the success replays
// PAYMENT-RESPONSE.
import { encodeHeaderJson } from "../header-codec";
import { parsePaymentSignature } from "../payment-signature";
import { refusedChallenge } from "../challenge";
import { challengeReply } from "../purchase-reply";
import { VALID_BEFORE_REASON, validBeforeTooFar } from "./authorization-lifetime";
import { settleByFacilitator, verifyByFacilitator } from "./facilitator-settlement";
import type { Offer, PaymentMethod, RefusedOffer } from "./payment-method";

export const x402Exact: PaymentMethod = {
  id: "x402-exact",
  protocol: "x402",
  nonceUsedReason: "invalid_exact_evm_nonce_already_used",
  pays: (row) => row.protocol === "x402" && (row.paymentRequirements as { scheme?: string } | null)?.scheme === "exact",
  verify: verifyByFacilitator,
  settle: (runtime, row, sentBefore) =>
    settleByFacilitator(runtime, row, sentBefore, (result) =>
      encodeHeaderJson({
        success: true,
        transaction: result.transaction,
        network: result.network,
        payer: result.payer ?? row.payer,
      }),
    ),
};

/** The PAYMENT-SIGNATURE header as an offer; refused when it is not a payload we can read. */
export function readX402Offer(paymentSignature: string, decoded?: unknown): Offer | RefusedOffer {
  const { payload, payer, nonce, identity } = parsePaymentSignature(paymentSignature, decoded);
  if (!payload || !payer || !nonce) return { protocol: "x402", identity, refused: "invalid_payload" };
  return {
    method: x402Exact,
    identity,
    payer,
    nonce,
    // What the payload was signed for, among the product's requirements, and for no longer than they allow.
    async admit(runtime, _product, challenge) {
      const requirements = (await runtime.resourceServer()).findMatchingRequirements(challenge.requirements, payload);
      if (!requirements) return challengeReply(refusedChallenge(challenge, "payment_requirements_mismatch"));
      const tooLong = validBeforeTooFar(
        (payload.payload as { authorization: { validBefore: string } }).authorization.validBefore,
        requirements,
        "x402",
      );
      if (tooLong) return challengeReply(refusedChallenge(challenge, VALID_BEFORE_REASON, { message: tooLong }));
      return { payload, requirements };
    },
  };
}

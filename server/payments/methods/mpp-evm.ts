// MPP's evm method: the same EIP-3009 authorization as x402 `exact` in an `Authorization: Payment`
// envelope. Once mppx admits it, it is the x402 payload of that authorization, verified and settled
// by the same facilitator; the success replays a Payment-Receipt.
import { asExactPayload } from "../mpp/mpp-credential";
import { mppReceipt } from "../mpp/mpp-receipt";
import { refusedReply } from "../purchase-refusal";
import { VALID_BEFORE_REASON, validBeforeTooFar } from "./authorization-lifetime";
import { settleByFacilitator, verifyByFacilitator } from "./facilitator-settlement";
import { MPP_CREDENTIAL_USED, mppOffer, type MppCredentialOf } from "./mpp-method";
import type { Offer, PaymentMethod } from "./payment-method";

export const mppEvm: PaymentMethod = {
  id: "mpp-evm",
  protocol: "mpp",
  nonceUsedReason: MPP_CREDENTIAL_USED,
  // Its ledger payload is the x402 payload itself; the other MPP methods tag theirs (`mpp`).
  pays: (row) => row.protocol === "mpp" && (row.paymentPayload as { mpp?: unknown } | null)?.mpp === undefined,
  verify: verifyByFacilitator,
  settle: (runtime, row, sentBefore) =>
    settleByFacilitator(runtime, row, sentBefore, (result) => mppReceipt("evm", result.transaction)),
};

export function mppEvmOffer(mpp: MppCredentialOf<"evm">): Offer {
  return mppOffer(mppEvm, mpp, (runtime, product, challenge) => {
    const requirements = challenge.requirements[0]!;
    // mppx checks only that it has not expired; the cap is the same as for x402 `exact`.
    const tooLong = validBeforeTooFar(mpp.authorization.validBefore, requirements, "mpp");
    if (tooLong)
      return refusedReply(runtime, product, challenge, "mpp", VALID_BEFORE_REASON, undefined, { message: tooLong });
    return {
      payload: asExactPayload(mpp.authorization, requirements, `${runtime.baseUrl}${product.path}`),
      requirements,
    };
  });
}

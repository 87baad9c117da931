// MPP's stripe method: a Shared Payment Token. Nothing moves before the claim; its "settle"
// creates the PaymentIntent (mpp/stripe-settle.ts: the same idempotency key on every attempt, so at
// most one charge); refused before money moved → 402; anything unclear → open, 503, reconciled.
import { logger } from "../../logger";
import {
  chargeStripe,
  isStripePayload,
  STRIPE_IDEMPOTENCY_WINDOW_MS,
  stripeLedgerPayment,
  type StripeLedgerPayload,
} from "../mpp/stripe-settle";
import { chargeSettlement, MPP_CREDENTIAL_USED, mppOffer, type MppCredentialOf } from "./mpp-method";
import { UNRESOLVED, type Offer, type PaymentMethod } from "./payment-method";

export const mppStripe: PaymentMethod = {
  id: "mpp-stripe",
  protocol: "mpp",
  nonceUsedReason: MPP_CREDENTIAL_USED,
  pays: (row) => isStripePayload(row.paymentPayload),
  // A Shared Payment Token has nothing to verify before the charge: mppx admitted its challenge
  // before the claim, and Stripe judges the token when the PaymentIntent is created (settle).
  verify: async () => ({ verdict: { isValid: true } }),
  async settle(runtime, row, sentBefore) {
    const payload = row.paymentPayload as StripeLedgerPayload;
    const client = runtime.mpp?.config.stripe?.client;
    if (sentBefore && Date.now() - payload.claimedAt > STRIPE_IDEMPOTENCY_WINDOW_MS) {
      logger.error(
        { purchase: row.id },
        "stripe settlement cannot be decided any more by its idempotency key: check Stripe for metadata.purchase_id",
      );
      return { outcome: "unknown", code: UNRESOLVED };
    }
    if (!client) {
      logger.error(
        { purchase: row.id },
        "a stripe purchase is open but MPP stripe is not configured: cannot settle it",
      );
      return { outcome: "unknown", code: "settlement_unknown" };
    }
    return chargeSettlement(
      row,
      "stripe",
      await chargeStripe(client, payload, row),
      "stripe PaymentIntent outcome unknown; reconciled with the same idempotency key",
    );
  },
};

export function mppStripeOffer(mpp: MppCredentialOf<"stripe">): Offer {
  // Nothing moves yet: the PaymentIntent is created after the claim (settle).
  return mppOffer(mppStripe, mpp, (runtime, product) =>
    stripeLedgerPayment(
      mpp.spt,
      mpp.credential.challenge.id,
      BigInt(product.priceAtomic),
      runtime.mpp!.config.stripe!.networkId,
    ),
  );
}

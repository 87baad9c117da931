// The 402 of a payment refused before anything was claimed: the product's challenge with the reason
// (x402's or MPP's) and what to do next; a refused MPP credential gets fresh MPP challenges, so the
// payer can pay again at once. (A claimed purchase's refusal is built in purchase-phases.ts.)
import { refusedChallenge, type Challenge, type RefusalDetails } from "./challenge";
import type { PaymentRuntime } from "./payment-runtime";
import { challengeReply, type PaymentReply } from "./purchase-reply";
import type { PaymentProtocol, SellableProduct } from "./sellable-product";

/** A payment refused before anything was claimed (unreadable, not admitted, its nonce used). */
export async function refusedReply(
  runtime: PaymentRuntime,
  product: SellableProduct,
  challenge: Challenge,
  protocol: PaymentProtocol,
  reason: string,
  detail?: string,
  details: RefusalDetails = {},
): Promise<PaymentReply> {
  const mpp =
    protocol === "mpp" && runtime.mpp
      ? { wwwAuthenticate: await runtime.mpp.freshChallenges(product), detail }
      : undefined;
  return challengeReply(refusedChallenge(challenge, reason, details, mpp));
}

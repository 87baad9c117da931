// A receipt presented with a review ("verified purchase", docs/decisions.md "Receipts"). What we can
// verify, so what we accept: a JWS receipt signed with one of our own published keys, whose
// signature matches a receipt we issued for a paid call through the observer (found by its hash), to
// the reviewed service, by the reviewing token. The token is the identity we check, not the payer
// string: the payer is what the provider said, possibly absent, while the observer knows which
// token made the call. Providers' own receipts are not accepted: their key binding (did:web of a
// provider's host, on-chain attestations) is not something we can check without calling out.
import { AppError } from "../errors";
import type { DbClient } from "../transaction";
import { receiptHashOf } from "./call-receipt";
import { receiptKid, verifyReceipt } from "./offer-receipt";
import type { PresentedReceipt } from "./presented-receipt-schema";
import { publicKeyOf } from "./receipt-keys";

export interface VerifiedPurchase {
  callId: string;
}

const refuse = (why: string): never => {
  throw new AppError("receipt_invalid", `This receipt does not back the review: ${why}`);
};

/** The paid observed call a receipt proves, checked against the reviewer and the service; 422 receipt_invalid otherwise, 409 receipt_used when it backs a review already. */
export async function verifyReviewReceipt(
  tx: DbClient,
  receipt: PresentedReceipt,
  expected: { tokenId: string; serviceId: string },
): Promise<VerifiedPurchase> {
  const kid = receiptKid(receipt);
  const key = kid === null ? null : await publicKeyOf(kid);
  if (!key)
    return refuse("it is not signed with one of the marketplace's keys (GET /.well-known/did.json lists them).");
  if (!(await verifyReceipt(receipt, key))) return refuse("its signature does not verify.");
  const call = await tx.observedCall.findUnique({
    where: { receiptHash: receiptHashOf(receipt.signature) },
    select: { id: true, tokenId: true, serviceId: true, paid: true, review: { select: { id: true } } },
  });
  if (!call?.paid) return refuse("it is not the receipt of a paid call through the observer.");
  if (call.serviceId !== expected.serviceId) return refuse("it is the receipt of a call to another service.");
  if (call.tokenId !== expected.tokenId) return refuse("it is the receipt of a call made with another token.");
  if (call.review)
    throw new AppError(
      "receipt_used",
      `This receipt already backs review ${call.review.id}; a receipt backs one review.`,
    );
  return { callId: call.id };
}

// A receipt presented with a review ("verified purchase", docs/decisions.md "Receipts"). What we can
// verify, so what we accept: a JWS receipt signed with one of our own published keys, whose
// signature matches a receipt we issued for a paid call through the observer (found by its hash), to
// the reviewed service, by the reviewing token. The token is the identity we check, not the payer
// string: the payer is what the provider said, possibly absent, while the observer knows which
// token made the call. Or a provider's own EIP-712 receipt signed with its payee's key
// (provider-receipt.ts), where the payer, the reviewer's wallet, is the identity.
import { AppError } from "../errors";
import { lockUntilCommit, type DbClient } from "../transaction";
import { receiptHashOf } from "./call-receipt";
import { paymentIdentity, receiptKid, verifyReceipt } from "./offer-receipt";
import type { JwsPresentedReceipt, PresentedReceipt } from "./presented-receipt-schema";
import { verifyProviderReceipt, type ProviderReceiptProof } from "./provider-receipt";
import { refuseReceipt } from "./receipt-refusal";
import { publicKeyOf } from "./receipt-keys";

/** A receipt of ours (the observed call it proves) or a provider's (what it proved). */
export type VerifiedPurchase = { callId: string } | { provider: ProviderReceiptProof };

/** The purchase a receipt proves, checked against the reviewer and the service; 422 receipt_invalid otherwise, 409 receipt_used when it backs a review already. */
export async function verifyReviewReceipt(
  tx: DbClient,
  receipt: PresentedReceipt,
  expected: { tokenId: string; serviceId: string; wallet?: string; personId: string | null },
): Promise<VerifiedPurchase> {
  if (receipt.format === "jws") return verifyOwnReceipt(tx, receipt, expected);
  const provider = await verifyProviderReceipt(tx, receipt, { serviceId: expected.serviceId, actor: expected });
  // One review write per payment at a time (two instances included), so the checks below see a
  // racing twin (the unique index on the receipt's key is the backstop).
  const { transaction, network } = receipt.payload;
  if (transaction) await lockUntilCommit(tx, paymentIdentity(network, transaction));
  const used = await tx.review.findUnique({ where: { providerReceiptKey: provider.key }, select: { id: true } });
  if (used) throw usedBy(used.id);
  // The same payment made through the observer, whose receipt of ours backs a review already.
  if (transaction) {
    const call = await tx.observedCall.findFirst({
      where: {
        serviceId: expected.serviceId,
        network,
        transaction: { equals: transaction, mode: "insensitive" },
        review: { isNot: null },
      },
      select: { review: { select: { id: true } } },
    });
    if (call?.review) throw usedBy(call.review.id);
  }
  return { provider };
}

const usedBy = (reviewId: string) =>
  new AppError("receipt_used", `This receipt already backs review ${reviewId}; a receipt backs one review.`);

async function verifyOwnReceipt(
  tx: DbClient,
  receipt: JwsPresentedReceipt,
  expected: { tokenId: string; serviceId: string },
): Promise<VerifiedPurchase> {
  const kid = receiptKid(receipt);
  const key = kid === null ? null : await publicKeyOf(kid);
  if (!key)
    return refuseReceipt("it is not signed with one of the marketplace's keys (GET /.well-known/did.json lists them).");
  if (!(await verifyReceipt(receipt, key))) return refuseReceipt("its signature does not verify.");
  const call = await tx.observedCall.findUnique({
    where: { receiptHash: receiptHashOf(receipt.signature) },
    select: {
      id: true,
      tokenId: true,
      serviceId: true,
      paid: true,
      network: true,
      transaction: true,
      review: { select: { id: true } },
    },
  });
  if (!call?.paid) return refuseReceipt("it is not the receipt of a paid call through the observer.");
  if (call.serviceId !== expected.serviceId) return refuseReceipt("it is the receipt of a call to another service.");
  if (call.tokenId !== expected.tokenId) return refuseReceipt("it is the receipt of a call made with another token.");
  if (call.review) throw usedBy(call.review.id);
  // The same payment backing a review already with the provider's own receipt of it.
  if (call.network && call.transaction) {
    await lockUntilCommit(tx, paymentIdentity(call.network, call.transaction));
    const other = await tx.review.findUnique({
      where: { providerReceiptKey: paymentIdentity(call.network, call.transaction) },
      select: { id: true },
    });
    if (other) throw usedBy(other.id);
  }
  return { callId: call.id };
}

// A provider's own receipt presented with a review (docs/decisions.md "Receipts"). The offer-receipt
// spec leaves signer authorization to the verifier (§4.5.1) and names the simplest binding: the
// service signs with the key of its `payTo`. That is the one we can check without calling out, so
// that is what we accept: an EIP-712 receipt whose recovered signer is the payTo of one of the
// reviewed service's x402 offers, for that offer's address (origin and path; a query is the call's
// own), on that offer's network, for a payer that is the reviewer's wallet (the wallet a sign-in
// token acts for, or one attached to the token owner's account), issued within the last
// PROVIDER_RECEIPT_MAX_AGE_DAYS and not in the future. A JWS receipt of a provider names a key we
// would have to resolve over the network (did:web): not accepted.
import { attachedWallets } from "../accounts/account-wallets";
import { joinProviderUrl } from "../offer-url";
import type { DbClient } from "../transaction";
import { refuseReceipt } from "./receipt-refusal";
import { providerReceiptIdentity, recoverProviderReceiptSigner } from "./offer-receipt";
import type { Eip712PresentedReceipt } from "./presented-receipt-schema";

export const PROVIDER_RECEIPT_MAX_AGE_DAYS = 90;
/** Clock skew allowed between the provider and us. */
const FUTURE_SKEW_S = 300;

/** What a provider's receipt proved, as the review keeps it (reviews.provider_receipt). */
export interface ProviderReceiptProof {
  key: string;
  record: {
    receipt: Eip712PresentedReceipt;
    signer: string;
    offerId: string;
    amountAtomic: number | null;
    asset: string | null;
  };
}

/** The address without its query and fragment, for comparing a receipt's resourceUrl with an offer's. */
function addressOf(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

/** The reviewer's wallets, lowercase: the sign-in wallet of the token, and those attached to its owner's account. */
async function walletsOf(tx: DbClient, actor: { wallet?: string; personId: string | null }): Promise<string[]> {
  const attached = actor.personId ? await attachedWallets(actor.personId, tx) : [];
  return [...(actor.wallet ? [actor.wallet] : []), ...attached.map((w) => w.address)].map((a) => a.toLowerCase());
}

export async function verifyProviderReceipt(
  tx: DbClient,
  receipt: Eip712PresentedReceipt,
  expected: { serviceId: string; actor: { wallet?: string; personId: string | null } },
  now = new Date(),
): Promise<ProviderReceiptProof> {
  const recovered = await recoverProviderReceiptSigner(receipt);
  if (!recovered) return refuseReceipt("its EIP-712 signature does not recover a signer.");
  const { payload } = recovered;
  const signer = recovered.signer.toLowerCase();

  const nowS = Math.floor(now.getTime() / 1000);
  if (payload.issuedAt > nowS + FUTURE_SKEW_S) return refuseReceipt("it is issued in the future.");
  if (payload.issuedAt < nowS - PROVIDER_RECEIPT_MAX_AGE_DAYS * 86_400)
    return refuseReceipt(`it is older than ${PROVIDER_RECEIPT_MAX_AGE_DAYS} days.`);

  const address = addressOf(payload.resourceUrl);
  const offers = await tx.offer.findMany({
    where: { serviceId: expected.serviceId, protocol: "x402" },
    select: { id: true, providerUrl: true, path: true, payTo: true, network: true, asset: true, priceAtomic: true },
  });
  const forUrl = offers.filter(
    (o) => address !== null && addressOf(joinProviderUrl(o.providerUrl, o.path)) === address,
  );
  if (forUrl.length === 0) return refuseReceipt("its resourceUrl is not an offer of this service.");
  const offer = forUrl.find((o) => o.payTo?.toLowerCase() === signer);
  if (!offer) return refuseReceipt("it is not signed with the key of the offer's payTo (the payee the catalog lists).");
  if (offer.network && offer.network !== payload.network)
    return refuseReceipt(`it names network ${payload.network}, the offer is paid on ${offer.network}.`);

  const wallets = await walletsOf(tx, expected.actor);
  if (wallets.length === 0)
    return refuseReceipt(
      "a provider's receipt backs a review by the wallet that paid: sign in with that wallet (POST /api/auth/wallet/challenge) or attach it to your account.",
    );
  if (!wallets.includes(payload.payer.toLowerCase()))
    return refuseReceipt("its payer is not the reviewer's wallet (the sign-in wallet or one attached to the account).");

  return {
    key: providerReceiptIdentity(payload),
    record: {
      receipt,
      signer,
      offerId: offer.id,
      amountAtomic: offer.priceAtomic,
      asset: offer.asset,
    },
  };
}

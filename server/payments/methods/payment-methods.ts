// The payment methods sold with, and how a request's credential or a ledger row finds its own.
import { parseMppCredential } from "../mpp/mpp-credential";
import type { PurchaseRow } from "../purchase-ledger";
import { mppEvm, mppEvmOffer } from "./mpp-evm";
import { mppStripe, mppStripeOffer } from "./mpp-stripe";
import { mppTempo, mppTempoOffer } from "./mpp-tempo";
import type { Offer, PaymentMethod, RefusedOffer } from "./payment-method";
import { readX402Offer, x402Exact } from "./x402-exact";
import { readBatchOffer, x402Batch } from "./x402-batch";
import { decodeHeaderJson } from "../header-codec";
import { namesBatchSettlement } from "../batch/batch-payload";

const METHODS: readonly PaymentMethod[] = [x402Exact, x402Batch, mppEvm, mppStripe, mppTempo];

/** The payment a signed request offers: PAYMENT-SIGNATURE (x402), or an MPP credential of one of its methods. */
export async function readOffer(
  paymentSignature: string | null,
  mppAuthorization: string | null,
  decoded: unknown = mppAuthorization === null ? decodeHeaderJson(paymentSignature!) : undefined,
): Promise<Offer | RefusedOffer> {
  if (mppAuthorization === null) {
    return namesBatchSettlement(decoded)
      ? readBatchOffer(decoded, paymentSignature!)
      : readX402Offer(paymentSignature!, decoded);
  }
  const mpp = await parseMppCredential(mppAuthorization);
  if (!mpp.ok) return { protocol: "mpp", identity: mpp.identity, refused: mpp.reason };
  if (mpp.method === "stripe") return mppStripeOffer(mpp);
  if (mpp.method === "tempo") return mppTempoOffer(mpp);
  return mppEvmOffer(mpp);
}

/** The method a claimed purchase was paid with. */
export function methodOf(
  row: Pick<PurchaseRow, "id" | "protocol" | "paymentPayload" | "paymentRequirements">,
): PaymentMethod {
  const method = METHODS.find((m) => m.pays(row));
  if (!method) throw new Error(`purchase ${row.id}: no payment method pays it`);
  return method;
}

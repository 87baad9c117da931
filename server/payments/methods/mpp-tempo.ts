// MPP's tempo method: a signed Tempo transaction. mppx checks and simulates it before the claim;
// its "settle" broadcasts it (or finds it executed: mpp/tempo-settle.ts); it did not execute
// (reverted, refused on first sending, expired) → 402; anything unclear → open, 503, reconciled.
import { logger } from "../../logger";
import { broadcastTempo, isTempoPayload, tempoLedgerPayment, type TempoLedgerPayload } from "../mpp/tempo-settle";
import { chargeSettlement, MPP_CREDENTIAL_USED, mppOffer, type MppCredentialOf } from "./mpp-method";
import type { Offer, PaymentMethod } from "./payment-method";

export const mppTempo: PaymentMethod = {
  id: "mpp-tempo",
  protocol: "mpp",
  nonceUsedReason: MPP_CREDENTIAL_USED,
  pays: (row) => isTempoPayload(row.paymentPayload),
  // Checked and simulated by mppx before the claim; the chain judges it when broadcast (settle).
  verify: async () => ({ verdict: { isValid: true } }),
  async settle(runtime, row, sentBefore) {
    const payload = row.paymentPayload as TempoLedgerPayload;
    const client = runtime.mpp?.config.tempo?.client();
    if (!client) {
      logger.error({ purchase: row.id }, "a tempo purchase is open but MPP tempo is not configured: cannot settle it");
      return { outcome: "unknown", code: "settlement_unknown" };
    }
    return chargeSettlement(
      row,
      "tempo",
      await broadcastTempo(client, payload, sentBefore),
      "tempo transaction outcome unknown; reconciled by its hash",
      payload.hash,
    );
  },
};

export function mppTempoOffer(mpp: MppCredentialOf<"tempo">): Offer {
  // Nothing moves yet: the transaction is broadcast after the claim (settle).
  return mppOffer(mppTempo, mpp, (runtime, product) =>
    tempoLedgerPayment(mpp.tempo, mpp.credential.challenge.id, BigInt(product.priceAtomic), runtime.mpp!.config.tempo!),
  );
}

// Which products offer x402 `batch-settlement` beside `exact` (decisions: the sub-cent ones): below a
// cent, one on-chain transfer per purchase costs more gas than the price, while a voucher on a funded
// channel costs nothing until the channel's vouchers are claimed together. The server scheme is built
// here too: its channels in PostgreSQL, shared by every instance.
import { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/server";
import type { SellableProduct } from "../sellable-product";
import { postgresChannelStorage } from "./channel-storage";

/** One US cent in USDC atomic units (6 decimals). */
const CENT_ATOMIC = 10_000;
/** A voucher's reservation of its channel lasts this long at most (the library takes it from the requirement). */
export const BATCH_MAX_TIMEOUT_SECONDS = 60;

export const offersBatchSettlement = (product: Pick<SellableProduct, "priceAtomic" | "delivery">): boolean =>
  product.delivery === "immediate" && product.priceAtomic < CENT_ATOMIC;

export function createBatchServerScheme(payTo: string): BatchSettlementEvmScheme {
  return new BatchSettlementEvmScheme(payTo as `0x${string}`, { storage: postgresChannelStorage });
}

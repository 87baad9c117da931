// The Payment-Receipt header of a paid MPP purchase (mppx Receipt): method, status, settlement
// time and the settlement transaction as its reference. Stored with the purchase and replayed as-is.
import { Receipt } from "mppx";

export const PAYMENT_RECEIPT_HEADER = "payment-receipt";

export function mppReceipt(method: string, transaction: string, settledAt: Date = new Date()): string {
  return Receipt.serialize(
    Receipt.from({ method, reference: transaction, status: "success", timestamp: settledAt.toISOString() }),
  );
}

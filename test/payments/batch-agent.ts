// A paying agent on a batch-settlement channel for tests: a fresh key funded on the local ledger,
// the official x402 client with the library's batch-settlement client scheme (its channel state in
// memory, as an agent process keeps it), which deposits on the first purchase and then signs vouchers.
import { x402Client } from "@x402/core/client";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { BatchSettlementEvmScheme, InMemoryClientChannelStorage } from "@x402/evm/batch-settlement/client";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";

export interface BatchAgent {
  address: string;
  account: PrivateKeyAccount;
  /** A PAYMENT-SIGNATURE on the channel (a deposit first, then the next voucher). */
  sign(paymentRequiredHeader: string): Promise<string>;
  /** Tells the channel what a paid answer's PAYMENT-RESPONSE said (the charged total moves on). */
  paid(paymentResponseHeader: string, signature: string): Promise<void>;
  balance(): Promise<bigint>;
  scheme: BatchSettlementEvmScheme;
}

const batchOnly = (_v: number, accepts: PaymentRequirements[]) => {
  const batch = accepts.find((a) => a.scheme === "batch-settlement");
  if (!batch) throw new Error("no batch-settlement offer");
  return batch;
};

/** depositAtomic: what each deposit puts in the channel (by default the server's announced minimum, 10 purchases). */
export async function createBatchAgent(fundUsd = 1, depositAtomic?: bigint): Promise<BatchAgent> {
  const account = privateKeyToAccount(generatePrivateKey());
  const storage = new InMemoryClientChannelStorage();
  const scheme = new BatchSettlementEvmScheme(account, {
    storage,
    ...(depositAtomic !== undefined && { depositStrategy: () => depositAtomic }),
  });
  const client = new x402Client(batchOnly).register("eip155:*", scheme);
  if (fundUsd > 0) await creditTestFunds({ address: account.address, amountUsd: fundUsd });
  return {
    address: account.address.toLowerCase(),
    account,
    scheme,
    async sign(header) {
      return encodePaymentSignatureHeader(await client.createPaymentPayload(decodePaymentRequiredHeader(header)));
    },
    async paid(responseHeader, signature) {
      const payload = JSON.parse(Buffer.from(signature, "base64").toString("utf8"));
      await scheme.schemeHooks.onPaymentResponse!({
        paymentPayload: payload,
        requirements: payload.accepted,
        settleResponse: decodePaymentResponseHeader(responseHeader),
      } as never);
    },
    balance: () => localBalance(account.address),
  };
}

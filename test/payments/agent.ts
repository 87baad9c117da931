// A paying agent for tests: a fresh key, funded on the local ledger, signing real EIP-3009
// authorizations with the official x402 client.
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";

export interface TestAgent {
  address: string;
  /** A new PAYMENT-SIGNATURE (fresh nonce) for a PAYMENT-REQUIRED header value. */
  sign(paymentRequiredHeader: string): Promise<string>;
  balance(): Promise<bigint>;
  /** The agent's key, for other signatures (e.g. a purchase recovery). */
  account: PrivateKeyAccount;
}

export async function createTestAgent(fundUsd = 1, privateKey = generatePrivateKey()): Promise<TestAgent> {
  const account = privateKeyToAccount(privateKey);
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
  if (fundUsd > 0) await creditTestFunds({ address: account.address, amountUsd: fundUsd });
  return {
    address: account.address.toLowerCase(),
    async sign(header) {
      return encodePaymentSignatureHeader(await client.createPaymentPayload(decodePaymentRequiredHeader(header)));
    },
    balance: () => localBalance(account.address),
    account,
  };
}

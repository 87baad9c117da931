// A paying MPP agent for tests: a fresh key, funded on the local ledger, answering the marketplace's
// `WWW-Authenticate: Payment` challenges with the official mppx client and its evm charge method
// (real EIP-3009 authorizations signed with viem).
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { assets } from "mppx/evm";
import { evm, Mppx } from "mppx/client";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import type { PaymentReply } from "@/server/payments/purchase-reply";
import type { TestAgent } from "./agent";

export interface MppAgent {
  address: string;
  account: PrivateKeyAccount;
  /** An `Authorization: Payment ...` value answering the challenges of a 402. */
  pay(answer: PaymentReply | Response): Promise<string>;
  balance(): Promise<bigint>;
}

export const asResponse = (r: PaymentReply) => new Response(r.body, { status: r.status, headers: r.headers });

export async function createMppAgent(fundUsd = 100): Promise<MppAgent> {
  const account = privateKeyToAccount(generatePrivateKey());
  // Pins the one currency it pays in, as a careful agent does (the token domain comes with it).
  const client = Mppx.create({
    methods: [evm.charge({ account, currencies: [assets.baseSepolia.USDC] })],
    polyfill: false,
  });
  if (fundUsd > 0) await creditTestFunds({ address: account.address, amountUsd: fundUsd });
  return {
    address: account.address.toLowerCase(),
    account,
    pay: (answer) => client.createCredential(answer instanceof Response ? answer : asResponse(answer)),
    balance: () => localBalance(account.address),
  };
}

/** An x402 agent (official client) whose spend cap allows the queued products' prices (its default cap is 1 USD). */
export async function createQueuedX402Agent(fundUsd = 100): Promise<TestAgent> {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = x402Client.fromConfig({
    schemes: [{ network: "eip155:*", client: new ExactEvmScheme(account) }],
    spendControls: { maxAmountPerPayment: "$50" },
  });
  if (fundUsd > 0) await creditTestFunds({ address: account.address, amountUsd: fundUsd });
  return {
    address: account.address.toLowerCase(),
    sign: async (header) =>
      encodePaymentSignatureHeader(await client.createPaymentPayload(decodePaymentRequiredHeader(header))),
    balance: () => localBalance(account.address),
    account,
  };
}

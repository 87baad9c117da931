// Signs x402 payments with the official client (@x402/fetch's x402Client and @x402/evm's
// ExactEvmScheme: EIP-3009 authorizations). It signs exactly the requirement the caps were
// checked against: the challenge is narrowed to it before the client chooses.
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { x402Client } from "@x402/fetch";
import { privateKeyToAccount, type LocalAccount } from "viem/accounts";
import type { Challenge } from "./payment-terms";

export interface X402Payer {
  address: string;
  /** A PAYMENT-SIGNATURE header value for the challenge's chosen requirement. */
  sign(challenge: Challenge): Promise<string>;
}

export function createX402Payer(wallet: `0x${string}` | LocalAccount): X402Payer {
  const account = typeof wallet === "string" ? privateKeyToAccount(wallet) : wallet;
  // The SDK's own default cap ($1 a payment) would refuse a payment our caps allow (a 10 USD
  // placement): the amount is capped by spend-caps.ts before signing; its asset allow-list stays.
  const client = new x402Client()
    .register("eip155:*", new ExactEvmScheme(account))
    .setSpendControls({ maxAmountPerPayment: false });
  return {
    address: account.address,
    async sign(challenge) {
      const payload = await client.createPaymentPayload({ ...challenge.paymentRequired, accepts: [challenge.chosen] });
      return encodePaymentSignatureHeader(payload);
    },
  };
}

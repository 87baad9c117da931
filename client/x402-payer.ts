// Signs x402 payments with the official client (@x402/fetch's x402Client and @x402/evm's schemes):
// `exact` EIP-3009 authorizations, and, when the caps allow a deposit, `batch-settlement` vouchers on
// a channel (the library's client scheme: a deposit opens or tops up the channel, each call then signs
// the next cumulative voucher). It signs exactly the requirement the caps were checked against: the
// challenge is narrowed to it before the client chooses.
import {
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { BatchSettlementEvmScheme, InMemoryClientChannelStorage } from "@x402/evm/batch-settlement/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { x402Client } from "@x402/fetch";
import { privateKeyToAccount, type LocalAccount } from "viem/accounts";
import type { Challenge } from "./payment-terms";

export interface X402Payer {
  address: string;
  /** A PAYMENT-SIGNATURE header value for the challenge's chosen requirement. */
  sign(challenge: Challenge): Promise<string>;
  /** A paid answer's PAYMENT-RESPONSE for a payment this payer signed: a channel's charged total moves on. */
  settled(signature: string, paymentResponse: string): Promise<void>;
}

/** `maxDepositAtomic`: the most one channel deposit may hold (0: batch-settlement is not used). */
export function createX402Payer(wallet: `0x${string}` | LocalAccount, maxDepositAtomic = 0n): X402Payer {
  const account = typeof wallet === "string" ? privateKeyToAccount(wallet) : wallet;
  // Channels live as long as this client (an agent's process): a new client opens a new channel.
  const batch = new BatchSettlementEvmScheme(account, {
    storage: new InMemoryClientChannelStorage(),
    // The server's suggested deposit, never above the cap (and never below what the next voucher needs).
    depositStrategy: ({ depositAmount, minimumDepositAmount }) => {
      const capped = BigInt(depositAmount) < maxDepositAtomic ? BigInt(depositAmount) : maxDepositAtomic;
      return capped < BigInt(minimumDepositAmount) ? BigInt(minimumDepositAmount) : capped;
    },
  });
  // The SDK's own default cap ($1 a payment) would refuse a payment our caps allow (a 10 USD
  // placement): the amount is capped by spend-caps.ts before signing; its asset allow-list stays.
  const client = new x402Client()
    .register("eip155:*", new ExactEvmScheme(account))
    .register("eip155:*", batch)
    .setSpendControls({ maxAmountPerPayment: false });
  return {
    address: account.address,
    async sign(challenge) {
      const payload = await client.createPaymentPayload({ ...challenge.paymentRequired, accepts: [challenge.chosen] });
      return encodePaymentSignatureHeader(payload);
    },
    async settled(signature, paymentResponse) {
      const payload = decodePaymentSignatureHeader(signature);
      if (payload.accepted?.scheme !== "batch-settlement") return;
      await batch.schemeHooks.onPaymentResponse?.({
        paymentPayload: payload,
        requirements: payload.accepted,
        settleResponse: decodePaymentResponseHeader(paymentResponse),
      });
    },
  };
}

// A signed EIP-3009 transfer authorization of the marketplace's asset, for tests that check
// signatures without going through the x402 client.
import type { Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { X402_TRANSFER_AUTHORIZATION } from "@/server/payments/payment-network";

// A type alias, not an interface: viem's typed-data parameters want an indexable record.
export type TransferMessage = {
  from: Hex;
  to: Hex;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
};

/** The typed data (with the signer's address, as viem's verifyTypedData takes it) and its signature. */
export async function signTransferAuthorization(account: PrivateKeyAccount, message: TransferMessage) {
  const typed = { ...X402_TRANSFER_AUTHORIZATION, message };
  return { ...typed, address: account.address, signature: await account.signTypedData(typed) };
}

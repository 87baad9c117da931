// Signing a payee challenge with an injected EIP-1193 wallet (components/wallet/eip1193.ts):
// eth_signTypedData_v4 with [address, typed data as a JSON string] from the payee's own account.
// The typed data has no chainId (the proof binds the marketplace's origin, not a chain), so the
// wallet signs on whatever chain it is on and no chain check or switch is needed.
import type { PayeeTypedData } from "@/server/listings/payee-proof-schema";
import { signAs, type Eip1193Provider, type WalletSignature } from "@/components/wallet/eip1193";

export { injectedWallet, type Eip1193Provider, type WalletSignature } from "@/components/wallet/eip1193";

/** Asks `wallet` to sign `typedData` as `payee`; never throws. */
export function signWithWallet(
  wallet: Eip1193Provider | undefined,
  payee: string,
  typedData: PayeeTypedData,
): Promise<WalletSignature> {
  return signAs(wallet, payee, "this payee", "eth_signTypedData_v4", (account) => [account, JSON.stringify(typedData)]);
}

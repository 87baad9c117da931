// A paying agent for a benchmark: a fresh key, funded by the local facilitator's faucet of the
// bench's own marketplace, and an x402 client that signs with it (the real client packages).
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export interface FundedAgent {
  /** Lower-case, as the ledger stores it. */
  address: string;
  client: x402Client;
}

export async function fundedAgent(baseUrl: string, usd: number): Promise<FundedAgent> {
  const account = privateKeyToAccount(generatePrivateKey());
  const res = await fetch(`${baseUrl}/api/dev/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: account.address, amountUsd: usd }),
  });
  if (!res.ok) throw new Error(`faucet answered ${res.status}: ${await res.text()}`);
  return {
    address: account.address.toLowerCase(),
    client: new x402Client().register("eip155:*", new ExactEvmScheme(account)),
  };
}

// The Tempo JSON-RPC client of the MPP `tempo` method: mppx simulates the signed transaction with it
// (eth_call) when it admits a credential, and the purchase ledger broadcasts the transaction and reads
// its receipt with it (mpp/tempo-settle.ts). Tests pass a client over an in-process transport instead.
import { createClient, http, type Client, type Transport } from "viem";
import { tempo as tempoChain } from "viem/tempo/chains";

export type TempoClient = Client<Transport, ReturnType<typeof tempoChainOf>>;

/** Tempo's chain definition (its transaction format, 0x76) under the configured chain id. */
export function tempoChainOf(chainId: number) {
  return { ...tempoChain, id: chainId };
}

export function tempoClientOver(transport: Transport, chainId: number): TempoClient {
  return createClient({ chain: tempoChainOf(chainId), transport });
}

export function tempoRpcClient(rpcUrl: string, chainId: number, timeoutMs: number): TempoClient {
  // No retries inside viem: a broadcast that goes unanswered is asked about again by the reconciler.
  return tempoClientOver(http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }), chainId);
}

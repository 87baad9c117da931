// An in-process Tempo JSON-RPC node for the MPP tempo tests (a viem custom transport): it answers what
// mppx's client needs to sign (chain id, fees, gas), simulates (eth_call), records every broadcast,
// "executes" a transaction once (by hash, like Tempo's expiring nonce) and serves its receipt with the
// TIP-20 TransferWithMemo log. Behaviours per sender: a reverting simulation, a broadcast whose answer is lost.
import { custom, decodeFunctionData, encodeAbiParameters, keccak256, pad, TimeoutError, toHex } from "viem";
import { Abis, Transaction } from "viem/tempo";
import { tempoClientOver, type TempoClient } from "@/server/payments/mpp/tempo-client";

export type TempoBehaviour =
  "ok" | "broke" | "lost-answer-once" | "revert-on-chain" | "refused-at-broadcast" | "never-mined";

const TRANSFER_WITH_MEMO = keccak256(new TextEncoder().encode("TransferWithMemo(address,address,uint256,bytes32)"));

export function fakeTempoNode(chainId: number) {
  const behaviour = new Map<string, TempoBehaviour>();
  const broadcasts: { hash: string; from: string }[] = [];
  const executed = new Map<string, { from: string; status: "0x1" | "0x0"; logs: unknown[] }>();
  const lost = new Set<string>();
  let block = 1;
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

  async function request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 2)); // lets concurrent requests overlap
    switch (method) {
      case "eth_chainId":
        return toHex(chainId);
      case "eth_blockNumber":
        return toHex(block);
      case "eth_getBlockByNumber":
        return {
          number: toHex(block),
          hash: pad("0x01"),
          baseFeePerGas: "0x10",
          timestamp: toHex(Math.floor(Date.now() / 1000)),
          transactions: [],
        };
      case "eth_maxPriorityFeePerGas":
        return "0x1";
      case "eth_gasPrice":
        return "0x10";
      case "eth_estimateGas":
        return "0x30000";
      case "eth_call": {
        const from = String((params?.[0] as { from?: string })?.from ?? "").toLowerCase();
        if (behaviour.get(from) === "broke") throw rpcError(3, "execution reverted: insufficient balance");
        return "0x";
      }
      case "eth_sendRawTransaction": {
        const raw = params![0] as `0x${string}`;
        const tx = Transaction.deserialize(raw) as { from: string; calls: { to: string; data: `0x${string}` }[] };
        const from = tx.from.toLowerCase();
        const hash = keccak256(raw);
        if (executed.has(hash)) throw rpcError(-32000, "already known");
        broadcasts.push({ hash, from });
        const mode = behaviour.get(from) ?? "ok";
        if (mode === "refused-at-broadcast") throw rpcError(-32003, "insufficient funds for gas * price + value");
        if (mode === "never-mined") throw new TimeoutError({ body: { method }, url: "http://tempo.test" });
        const logs = tx.calls.map((call, i) => {
          const { args } = decodeFunctionData({ abi: Abis.tip20, data: call.data }) as {
            args: readonly [string, bigint, `0x${string}`];
          };
          return {
            address: call.to,
            topics: [TRANSFER_WITH_MEMO, pad(tx.from as `0x${string}`), pad(args[0] as `0x${string}`), args[2]],
            data: encodeAbiParameters([{ type: "uint256" }], [args[1]]),
            logIndex: toHex(i),
            blockNumber: toHex(block + 1),
            blockHash: pad("0x02"),
            transactionHash: hash,
            transactionIndex: "0x0",
            removed: false,
          };
        });
        executed.set(hash, {
          from,
          status: mode === "revert-on-chain" ? "0x0" : "0x1",
          logs: mode === "revert-on-chain" ? [] : logs,
        });
        block++;
        if (mode === "lost-answer-once" && !lost.has(hash)) {
          lost.add(hash);
          throw new TimeoutError({ body: { method }, url: "http://tempo.test" });
        }
        return hash;
      }
      case "eth_getTransactionReceipt": {
        const hash = params![0] as string;
        const done = executed.get(hash);
        if (!done) return null;
        return {
          transactionHash: hash,
          transactionIndex: "0x0",
          blockHash: pad("0x02"),
          blockNumber: toHex(block),
          from: done.from,
          to: null,
          cumulativeGasUsed: "0x5208",
          gasUsed: "0x5208",
          effectiveGasPrice: "0x10",
          contractAddress: null,
          logs: done.logs,
          logsBloom: pad("0x00", { size: 256 }),
          status: done.status,
          type: "0x76",
        };
      }
      default:
        throw rpcError(-32601, `the method ${method} does not exist/is not available`);
    }
  }

  const client: TempoClient = tempoClientOver(custom({ request: request as never }, { retryCount: 0 }), chainId);
  /** Transfers that executed with status success, per sender. */
  const paidBy = (from: string) =>
    [...executed.values()].filter((e) => e.from === from.toLowerCase() && e.status === "0x1").length;
  return { client, behaviour, broadcasts, executed, paidBy };
}

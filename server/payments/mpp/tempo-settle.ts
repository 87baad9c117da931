// Settling an MPP `tempo` purchase: the money moves when the payer's signed Tempo transaction is
// executed, and we broadcast it only after the purchase is claimed in the ledger (decisions.md "MPP").
// The ledger's nonce is the transaction's hash, so one transaction pays one purchase, ever; a retry or
// the reconciler first looks for its receipt and otherwise sends the very same bytes again, which a
// node executes at most once (Tempo's expiring nonce: replay protection by hash until validBefore).
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { parseUnits } from "viem";
import { getTransactionReceipt, sendRawTransaction } from "viem/actions";
import type { ErrorCode } from "../../errors";
import { atomicToUsd } from "../../money";
import type { MppTempoConfig } from "./mpp-config";
import type { TempoClient } from "./tempo-client";

/** What the ledger stores as the payment of a tempo purchase (its `payment_payload`): enough to broadcast it again after a crash. */
export interface TempoLedgerPayload {
  mpp: "tempo";
  /** The signed transaction, canonical serialisation (what is broadcast). */
  transaction: `0x${string}`;
  hash: `0x${string}`;
  /** Epoch seconds after which the transaction can never execute. */
  validBefore: number;
  challengeId: string;
}

export function isTempoPayload(payload: unknown): payload is TempoLedgerPayload {
  return typeof payload === "object" && payload !== null && (payload as { mpp?: unknown }).mpp === "tempo";
}

/** The price in the token's atomic units (prices are decimal USD; the token is a USD stablecoin). */
export function tempoAmount(priceAtomic: bigint, decimals: number): bigint {
  return parseUnits(atomicToUsd(Number(priceAtomic)), decimals);
}

/** The ledger's payload and requirements of a tempo credential admitted for a product of `priceAtomic`. */
export function tempoLedgerPayment(
  tx: { transaction: `0x${string}`; hash: `0x${string}`; validBefore: number },
  challengeId: string,
  priceAtomic: bigint,
  settings: MppTempoConfig,
): { payload: PaymentPayload; requirements: PaymentRequirements } {
  const payload: TempoLedgerPayload = { mpp: "tempo", ...tx, challengeId };
  const requirements = {
    scheme: "mpp-tempo",
    network: `tempo:${settings.chainId}`,
    asset: settings.token,
    amount: tempoAmount(priceAtomic, settings.decimals).toString(),
    payTo: settings.recipient,
    maxTimeoutSeconds: 300,
    extra: {},
  };
  return { payload: payload as unknown as PaymentPayload, requirements: requirements as PaymentRequirements };
}

/** The 402 reasons of a tempo purchase whose transaction did not execute (after the claim, nothing moved). */
export const MPP_TEMPO_REASONS = [
  "mpp_transaction_rejected",
  "mpp_transaction_expired",
] as const satisfies readonly ErrorCode[];

export type TempoSettlement =
  | { outcome: "succeeded"; reference: string }
  /** Not charged: the transaction reverted, was refused by the node on first sending, or expired unexecuted. */
  | { outcome: "refused"; reason: (typeof MPP_TEMPO_REASONS)[number]; detail: string }
  /** May execute (no answer, not mined yet): reconciled later with the same bytes. */
  | { outcome: "unknown"; detail: string };

// A node's clock and ours differ: an unmined transaction is called dead only this long after validBefore.
export const TEMPO_EXPIRY_MARGIN_S = 60;
// How long one attempt waits for the receipt after a broadcast the node accepted.
const RECEIPT_POLLS = 8;
const RECEIPT_POLL_MS = 250;

async function receiptOf(
  client: TempoClient,
  hash: `0x${string}`,
): Promise<{ status: "success" | "reverted" } | null | "unknown"> {
  try {
    const receipt = await getTransactionReceipt(client, { hash });
    return receipt.status === "pending" ? null : { status: receipt.status };
  } catch (err) {
    return (err as { name?: string }).name === "TransactionReceiptNotFoundError" ? null : "unknown";
  }
}

const errorText = (err: unknown) =>
  (err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err)).slice(0, 300);

// The node answered the broadcast with a JSON-RPC error (it judged the transaction), as opposed to no
// answer at all (timeout, connection, 5xx), after which the transaction may be in its pool.
function nodeRefused(err: unknown): boolean {
  for (let e = err as { name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === "HttpRequestError" || e.name === "TimeoutError") return false;
  }
  return (
    (err as { name?: string }).name !== undefined &&
    /RpcRequestError|RpcError|InvalidInput|TransactionRejected|ExecutionReverted|InsufficientFunds|NonceTooLow|NonceTooHigh|IntrinsicGasTooLow|FeeCapTooLow/.test(
      JSON.stringify([(err as { name?: string }).name, (err as { cause?: { name?: string } }).cause?.name]),
    )
  );
}

function settled(receipt: { status: "success" | "reverted" }, hash: string): TempoSettlement {
  return receipt.status === "success"
    ? { outcome: "succeeded", reference: hash }
    : { outcome: "refused", reason: "mpp_transaction_rejected", detail: `transaction ${hash} reverted` };
}

export async function broadcastTempo(
  client: TempoClient,
  payload: TempoLedgerPayload,
  sentBefore: boolean,
  nowS = () => Date.now() / 1000,
): Promise<TempoSettlement> {
  const { hash } = payload;
  if (sentBefore) {
    const found = await receiptOf(client, hash);
    if (found === "unknown") return { outcome: "unknown", detail: `receipt of ${hash} could not be read` };
    if (found) return settled(found, hash);
    if (nowS() > payload.validBefore + TEMPO_EXPIRY_MARGIN_S)
      return {
        outcome: "refused",
        reason: "mpp_transaction_expired",
        detail: `transaction ${hash} was not executed before it expired`,
      };
  }
  try {
    const sent = await sendRawTransaction(client, { serializedTransaction: payload.transaction });
    if (sent.toLowerCase() !== hash.toLowerCase())
      return { outcome: "unknown", detail: `the node reported ${sent} for ${hash}` };
  } catch (err) {
    // "Already known": the transaction is in the node's pool (an earlier sending, or the payer's own): wait for it.
    // A node that judged a transaction we never sent before otherwise: it is in no pool, nothing executed.
    // Sent before (or no answer): it may be pending or mined, so only its receipt or its expiry decides.
    const known = /already known|known transaction|already imported|already exists/i.test(errorText(err));
    if (!known && !sentBefore && nodeRefused(err)) {
      const found = await receiptOf(client, hash);
      if (found && found !== "unknown") return settled(found, hash);
      if (found === null) return { outcome: "refused", reason: "mpp_transaction_rejected", detail: errorText(err) };
    }
    if (!known && !nodeRefused(err)) return { outcome: "unknown", detail: errorText(err) };
  }
  for (let i = 0; i < RECEIPT_POLLS; i++) {
    const found = await receiptOf(client, hash);
    if (found && found !== "unknown") return settled(found, hash);
    await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS));
  }
  return { outcome: "unknown", detail: `transaction ${hash} not executed yet` };
}

// A PAYMENT-SIGNATURE for x402's `batch-settlement` scheme, read far enough to find its purchase: the
// channel's payer, the voucher (channel id and cumulative amount, the ledger's nonce) and its
// signature. A voucher, or the deposit that opens or tops up a channel with its first voucher.
// Refund requests are not payments and are not accepted here.
import { createHash } from "node:crypto";
import type { PaymentPayload } from "@x402/core/types";
import { z } from "zod";
import { unstorableTextPath } from "../../input/storable-text";
import { hexSchema as hex, uintSchema } from "../authorization-schema";

export const BATCH_SETTLEMENT = "batch-settlement" as const;

// uint128 amounts: at most 39 digits (a longer one could never be a voucher of ours).
const amount = uintSchema.regex(/^\d{1,39}$/, "must be a uint128 in decimal text");

const channelConfig = z.object({
  payer: hex(20),
  payerAuthorizer: hex(20),
  receiver: hex(20),
  receiverAuthorizer: hex(20),
  token: hex(20),
  withdrawDelay: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 40 - 1),
  salt: hex(32),
});
const voucher = z.object({ channelId: hex(32), maxClaimableAmount: amount, signature: hex() });

const batchPayloadSchema = z
  .object({
    x402Version: z.literal(2),
    accepted: z.object({ scheme: z.literal(BATCH_SETTLEMENT), network: z.string() }).loose(),
    resource: z.object({ url: z.string() }).loose().optional(),
    payload: z.discriminatedUnion("type", [
      z.object({ type: z.literal("voucher"), channelConfig, voucher }),
      z.object({
        type: z.literal("deposit"),
        channelConfig,
        voucher,
        deposit: z.object({
          amount,
          authorization: z.object({
            erc3009Authorization: z.object({
              validAfter: uintSchema,
              validBefore: uintSchema,
              salt: hex(32),
              signature: hex(),
            }),
          }),
        }),
      }),
    ]),
  })
  .loose();

export type BatchPayload = z.infer<typeof batchPayloadSchema>;

export interface BatchCredential {
  payload?: PaymentPayload;
  payer?: string;
  /** The ledger's nonce of the voucher: its channel and cumulative amount (one purchase each, ever). */
  nonce?: string;
  identity: string;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The voucher's identity across encodings: channel, cumulative amount and signature. */
export function batchIdentity(payload: PaymentPayload): string {
  const { voucher: v } = (payload as unknown as BatchPayload).payload;
  return sha256(`batch:${v.channelId}:${v.maxClaimableAmount}:${v.signature}`.toLowerCase());
}

/** Whether a decoded PAYMENT-SIGNATURE names the batch-settlement scheme (then it is read here). */
export function namesBatchSettlement(decoded: unknown): boolean {
  return (decoded as { accepted?: { scheme?: unknown } } | null)?.accepted?.scheme === BATCH_SETTLEMENT;
}

export function parseBatchPayload(decoded: unknown, header: string): BatchCredential {
  const parsed = batchPayloadSchema.safeParse(decoded);
  if (!parsed.success || unstorableTextPath(decoded) !== undefined) return { identity: sha256(`raw:${header.trim()}`) };
  const payload = parsed.data as unknown as PaymentPayload;
  const { channelConfig: config, voucher: v } = parsed.data.payload;
  return {
    payload,
    payer: config.payer.toLowerCase(),
    nonce: `${v.channelId}:${v.maxClaimableAmount}`.toLowerCase(),
    identity: batchIdentity(payload),
  };
}

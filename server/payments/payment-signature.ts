// The PAYMENT-SIGNATURE request header: an x402 v2 PaymentPayload for the `exact` EVM scheme,
// in standard base64 or base64url (decisions.md §1).
import { createHash } from "node:crypto";
import type { PaymentPayload } from "@x402/core/types";
import { z } from "zod";
import { unstorableTextPath } from "../input/storable-text";
import { authorizationFields } from "./authorization-schema";
import { decodeHeaderJson } from "./header-codec";

const hex = (bytes?: number) =>
  z.string().regex(bytes ? new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`) : /^0x[0-9a-fA-F]+$/);

const exactEvmPayloadSchema = z
  .object({
    x402Version: z.literal(2),
    accepted: z.object({ scheme: z.string(), network: z.string() }).loose(),
    resource: z.object({ url: z.string() }).loose().optional(),
    payload: z.object({
      signature: hex(),
      authorization: z.object(authorizationFields),
    }),
  })
  .loose();

export interface PaymentCredential {
  /** The decoded payload, or undefined when the header is not an x402 v2 exact payload. */
  payload?: PaymentPayload;
  payer?: string;
  nonce?: string;
  /** Identifies the credential across encodings: the authorization and its signature. */
  identity: string;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** `decoded`: the header already decoded by the caller (it looked for the scheme), not decoded again. */
export function parsePaymentSignature(header: string, decoded: unknown = decodeHeaderJson(header)): PaymentCredential {
  const parsed = exactEvmPayloadSchema.safeParse(decoded);
  // A payload we could not store with the purchase is no payload.
  if (!parsed.success || unstorableTextPath(decoded) !== undefined) return { identity: sha256(`raw:${header.trim()}`) };
  const { authorization, signature } = parsed.data.payload;
  return {
    payload: parsed.data as unknown as PaymentPayload,
    payer: authorization.from.toLowerCase(),
    nonce: authorization.nonce.toLowerCase(),
    identity: sha256(`exact:${authorization.from}:${authorization.nonce}:${signature}`.toLowerCase()),
  };
}

// The `Authorization: Payment <credential>` request header (MPP): base64url JSON {challenge,
// source?, payload}, decoded with mppx. Only what the purchase ledger needs before the lock is read
// here (payer, nonce, identity); whether the credential holds is decided later (mpp-admission.ts).
import { createHash } from "node:crypto";
import { Credential } from "mppx";
import { keccak256, maxUint256 } from "viem";
import { Transaction } from "viem/tempo";
import { z } from "zod";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { unstorableTextPath } from "../../input/storable-text";
import { authorizationFields } from "../authorization-schema";

const hex = (bytes?: number) =>
  z.string().regex(bytes ? new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`) : /^0x[0-9a-fA-F]{2,2048}$/);

// mppx's evm charge payload (evm/Types.ts ChargePayloadSchema), with the shapes the token checks.
const evmAuthorizationSchema = z.object({
  type: z.literal("authorization"),
  ...authorizationFields,
  signature: hex(),
});
export type EvmAuthorization = z.infer<typeof evmAuthorizationSchema>;

// Credentials are a few hundred bytes; anything past this is not one (and is never parsed).
export const MPP_CREDENTIAL_MAX_LENGTH = 16 * 1024;

// mppx's stripe charge payload: a Shared Payment Token (one use, granted to this marketplace).
const stripePayloadSchema = z.object({
  spt: z.string().regex(/^[A-Za-z0-9_]{8,255}$/),
  externalId: z.string().max(255).optional(),
});

// mppx's tempo charge payloads: the pull form (a signed Tempo transaction, 0x76 envelope) and the push
// form (the hash of a transaction the payer already broadcast), which is refused (money moved before the claim).
const tempoPullSchema = z.object({
  type: z.literal("transaction"),
  signature: z.string().regex(/^0x76[0-9a-fA-F]{2,8190}$/),
});
const tempoPushSchema = z.object({ type: z.literal("hash"), hash: hex(32) });

export interface TempoTransaction {
  /** The canonical serialisation: what is broadcast, and what its hash is taken of. */
  transaction: `0x${string}`;
  hash: `0x${string}`;
  validBefore: number;
}

export type MppCredential =
  | {
      ok: true;
      credential: Credential.Credential;
      method: "evm";
      payer: string;
      nonce: string;
      authorization: EvmAuthorization;
      identity: string;
    }
  | {
      ok: true;
      credential: Credential.Credential;
      method: "stripe";
      payer: string;
      nonce: string;
      spt: string;
      identity: string;
    }
  | {
      ok: true;
      credential: Credential.Credential;
      method: "tempo";
      payer: string;
      nonce: string;
      tempo: TempoTransaction;
      identity: string;
    }
  | {
      ok: false;
      reason:
        | "mpp_credential_malformed"
        | "mpp_method_unsupported"
        | "mpp_push_payment_refused"
        | "mpp_authorization_mismatch";
      identity: string;
    };

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** True when the Authorization header carries the Payment scheme (an MPP credential). */
export function isMppAuthorization(header: string | null): header is string {
  return header !== null && /^\s*payment(\s|$)/i.test(header);
}

// A signed Tempo transaction, decoded and re-serialised canonically (a node hashes the canonical
// envelope, so two encodings of one transaction are one payment). Only Tempo's expiring nonce is taken
// (what mppx's client signs): until validBefore the chain executes it at most once, and after it never,
// so "not executed by then" is a certain "not charged" (mpp/tempo-settle.ts).
async function parseTempoTransaction(
  raw: `0x${string}`,
): Promise<
  | { ok: true; payer: string; tx: TempoTransaction }
  | { ok: false; reason: "mpp_credential_malformed" | "mpp_authorization_mismatch" }
> {
  let tx;
  try {
    tx = Transaction.deserialize(raw) as {
      type?: string;
      from?: string;
      signature?: unknown;
      nonceKey?: bigint;
      validBefore?: number;
    };
  } catch {
    return { ok: false, reason: "mpp_credential_malformed" };
  }
  if (tx.type !== "tempo" || !tx.signature || !tx.from) return { ok: false, reason: "mpp_credential_malformed" };
  if (tx.nonceKey !== maxUint256 || !tx.validBefore) return { ok: false, reason: "mpp_authorization_mismatch" };
  let canonical: `0x${string}`;
  try {
    canonical = (await Transaction.serialize(tx as never)) as `0x${string}`;
  } catch {
    return { ok: false, reason: "mpp_credential_malformed" };
  }
  return {
    ok: true,
    payer: tx.from.toLowerCase(),
    tx: { transaction: canonical, hash: keccak256(canonical), validBefore: Number(tx.validBefore) },
  };
}

export async function parseMppCredential(header: string): Promise<MppCredential> {
  const raw = { identity: sha256(`mpp-raw:${header.trim()}`) };
  if (header.length > MPP_CREDENTIAL_MAX_LENGTH) return { ok: false, reason: "mpp_credential_malformed", ...raw };
  let credential: Credential.Credential;
  try {
    credential = Credential.deserialize(header.trim());
  } catch {
    return { ok: false, reason: "mpp_credential_malformed", ...raw };
  }
  const { method, intent } = credential.challenge;
  if (method === "stripe" && intent === "charge") {
    const stripe = stripePayloadSchema.safeParse(credential.payload);
    if (!stripe.success || unstorableTextPath(credential) !== undefined)
      return { ok: false, reason: "mpp_credential_malformed", ...raw };
    // The token is the payment: one token pays once, ever (its hash is the ledger's nonce), and keys
    // are scoped to it like to an EVM payer (nobody else can present that token).
    const token = sha256(`mpp:stripe:${stripe.data.spt}`);
    return {
      ok: true,
      credential,
      method,
      payer: `stripe:${token.slice(0, 32)}`,
      nonce: token,
      spt: stripe.data.spt,
      identity: token,
    };
  }
  if (method === "tempo" && intent === "charge") {
    if (unstorableTextPath(credential) !== undefined) return { ok: false, reason: "mpp_credential_malformed", ...raw };
    if (tempoPushSchema.safeParse(credential.payload).success)
      return { ok: false, reason: "mpp_push_payment_refused", ...raw };
    const pull = tempoPullSchema.safeParse(credential.payload);
    if (!pull.success) return { ok: false, reason: "mpp_credential_malformed", ...raw };
    const parsed = await parseTempoTransaction(pull.data.signature as `0x${string}`);
    if (!parsed.ok) return { ok: false, reason: parsed.reason, ...raw };
    // The transaction is the payment: its hash is the ledger's nonce and the credential's identity.
    return {
      ok: true,
      credential,
      method,
      payer: parsed.payer,
      nonce: parsed.tx.hash,
      tempo: parsed.tx,
      identity: `mpp:tempo:${parsed.tx.hash}`,
    };
  }
  if (method !== "evm" || intent !== "charge") return { ok: false, reason: "mpp_method_unsupported", ...raw };
  const parsed = evmAuthorizationSchema.safeParse(credential.payload);
  // A payload the ledger could not store is no payload.
  if (!parsed.success || unstorableTextPath(credential) !== undefined)
    return { ok: false, reason: "mpp_credential_malformed", ...raw };
  const a = parsed.data;
  return {
    ok: true,
    credential,
    method,
    payer: a.from.toLowerCase(),
    nonce: a.nonce.toLowerCase(),
    authorization: a,
    // The authorization and its signature identify the credential, however it is encoded.
    identity: sha256(`mpp:evm:${a.from}:${a.nonce}:${a.signature}`.toLowerCase()),
  };
}

/**
 * The evm credential as the x402 `exact` payload of the same EIP-3009 authorization: what the
 * facilitator verifies and settles, and what the ledger stores to settle again after a crash.
 */
export function asExactPayload(
  authorization: EvmAuthorization,
  requirements: PaymentRequirements,
  resourceUrl: string,
): PaymentPayload {
  const { from, to, value, validAfter, validBefore, nonce, signature } = authorization;
  return {
    x402Version: 2,
    resource: { url: resourceUrl, description: "", mimeType: "application/json" },
    accepted: requirements,
    payload: { signature, authorization: { from, to, value, validAfter, validBefore, nonce } },
  } as PaymentPayload;
}

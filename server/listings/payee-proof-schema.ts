// A listing's payee proof as zod schemas and EIP-712 types (no database): the challenge's typed data,
// the inputs of both routes. The typed data is what a wallet shows before signing, so every field
// the proof binds is a readable string or address.
import { z } from "zod";

export const PAYEE_PROOF_DOMAIN = { name: "Agent Payment Marketplace", version: "1" } as const;

// EIP712Domain is listed for wallets (eth_signTypedData_v4); viem derives the same one from the domain.
export const PAYEE_PROOF_TYPES = {
  EIP712Domain: [
    { name: "name", type: "string" },
    { name: "version", type: "string" },
  ],
  PayeeProof: [
    { name: "statement", type: "string" },
    { name: "origin", type: "string" },
    { name: "listingId", type: "string" },
    { name: "payee", type: "address" },
    { name: "nonce", type: "bytes32" },
    { name: "issuedAt", type: "string" },
    { name: "expiresAt", type: "string" },
  ],
} as const;

export const PAYEE_PROOF_STATEMENT =
  "I control this payee address and ask the marketplace at this origin to mark it verified on this listing.";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "A 0x address: 40 hexadecimal digits (checksummed or not).");
const nonce = z.string().regex(/^0x[0-9a-f]{64}$/, "The challenge's nonce: 0x and 64 lowercase hexadecimal digits.");

export const payeeChallengeInput = z.strictObject({ payTo: address });
export const payeeProofInput = z.strictObject({
  payTo: address,
  nonce,
  // Any hex up to a bound: an EOA signature is 65 bytes; longer ones (ERC-1271 / ERC-6492) get a clear refusal.
  signature: z
    .string()
    .max(4096, "At most 4096 characters.")
    .regex(/^0x([0-9a-fA-F]{2})+$/, "A 0x hexadecimal signature."),
});
export type PayeeProofInput = z.infer<typeof payeeProofInput>;

export const payeeProofMessageSchema = z.object({
  statement: z.string(),
  origin: z.string().describe("The marketplace's origin (BASE_URL): a signature for another site is worthless here."),
  listingId: z.string(),
  payee: z.string().describe("The payTo address being proven (checksummed)."),
  nonce: z.string().describe("32 random bytes, single use, stored by the marketplace."),
  issuedAt: z.string().describe("ISO 8601, UTC."),
  expiresAt: z.string().describe("ISO 8601, UTC: issuedAt + PAYEE_PROOF_TTL_SECONDS."),
});

export const payeeTypedDataSchema = z.object({
  domain: z.object({ name: z.literal(PAYEE_PROOF_DOMAIN.name), version: z.literal(PAYEE_PROOF_DOMAIN.version) }),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.literal("PayeeProof"),
  message: payeeProofMessageSchema,
});
export type PayeeTypedData = z.infer<typeof payeeTypedDataSchema>;

export const payeeChallengeResponseSchema = z.object({
  ok: z.literal(true),
  typedData: payeeTypedDataSchema.describe("Sign with eth_signTypedData_v4 (viem: signTypedData) as the payee."),
});

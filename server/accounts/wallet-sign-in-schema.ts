// Wallet sign-in (SIWX, the x402 `sign-in-with-x` extension) as zod schemas, with no database: the
// inputs of the challenge, token and attach routes and the answers, shared by the routes, the OpenAPI
// document and the typed client. The signed payload's fields are the extension's own (CAIP-122 /
// EIP-4361); these schemas only bound their size and refuse text PostgreSQL cannot store, and the
// library (`@x402/extensions/sign-in-with-x`) judges what they mean.
import { z } from "zod";
import { storableText } from "../input/storable-text";
import { tokenNameSchema } from "./marketplace-token-schema";

export const evmAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "A 0x address: 40 hexadecimal digits (checksummed or not).");

/** CAIP-2 EVM chain ids, e.g. eip155:84532. */
export const evmChainIdSchema = z
  .string()
  .regex(/^eip155:[1-9][0-9]{0,15}$/, "A CAIP-2 EVM chain id, e.g. eip155:84532.");

export const walletChallengeInput = z.strictObject({
  address: evmAddressSchema.describe("The wallet that will sign: the message names it."),
  chainId: evmChainIdSchema
    .optional()
    .describe("One of the challenge's supportedChains (default: the first, the chain payments settle on)."),
});

const text = (max: number) => storableText().max(max, `At most ${max} characters.`);

/** The signed SIWX payload (the extension's `SIWxPayload`): the challenge's `payload` plus `signature`. */
export const siwxPayloadSchema = z.object({
  domain: text(255),
  address: text(64),
  statement: text(500).optional(),
  uri: text(2048),
  version: text(8),
  chainId: text(64),
  type: z.enum(["eip191", "ed25519"]),
  nonce: text(128),
  issuedAt: text(64),
  expirationTime: text(64).optional(),
  notBefore: text(64).optional(),
  requestId: text(200).optional(),
  resources: z.array(text(2048)).max(10).optional(),
  signatureScheme: z.enum(["eip191", "eip1271", "eip6492", "siws"]).optional(),
  signature: text(1024),
});

export const walletTokenInput = z.strictObject({
  payload: siwxPayloadSchema.describe(
    "The challenge's `payload` with the wallet's `signature` (EIP-191 personal_sign of the challenge's `message`).",
  ),
  name: tokenNameSchema
    .optional()
    .describe("The agent's name on its reviews and comments (default: the wallet address)."),
});

export const walletAttachInput = z.strictObject({ payload: walletTokenInput.shape.payload });

export const walletChallengeSchema = z.object({
  ok: z.literal(true),
  message: z.string().describe("The exact text to sign (EIP-4361), built from `payload` by the extension."),
  payload: siwxPayloadSchema.omit({ signature: true }),
  nonce: z.string(),
  expiresAt: z.string(),
  supportedChains: z.array(z.object({ chainId: z.string(), type: z.string(), signatureScheme: z.string().optional() })),
});

const tokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  walletAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const walletTokenSchema = z.object({
  ok: z.literal(true),
  token: z.string().describe("The marketplace token: shown once, never again."),
  tokenSummary: tokenSummarySchema,
  wallet: z.object({ address: z.string(), attachedToAccount: z.boolean() }),
});

export const walletAttachSchema = z.object({
  ok: z.literal(true),
  wallet: z.object({ address: z.string(), attachedToAccount: z.literal(true) }),
  attached: z.object({ tokens: z.number().int(), reviews: z.number().int(), comments: z.number().int() }),
});

export const tokenListSchema = z.object({ ok: z.literal(true), tokens: z.array(tokenSummarySchema) });
export const createdTokenSchema = z.object({
  ok: z.literal(true),
  token: z.string(),
  tokenSummary: tokenSummarySchema,
});
export const revokedTokenSchema = z.object({ ok: z.literal(true), tokenSummary: tokenSummarySchema });

export type WalletChallenge = z.infer<typeof walletChallengeSchema>;
export type WalletToken = z.infer<typeof walletTokenSchema>;
export type WalletAttach = z.infer<typeof walletAttachSchema>;

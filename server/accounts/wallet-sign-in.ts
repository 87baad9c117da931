// Wallet sign-in for agents (docs/decisions.md "Wallet sign-in"): the x402 `sign-in-with-x` extension
// (CAIP-122; EIP-4361 messages for EVM wallets) turns a signature into a marketplace token, with no
// account. The extension builds, validates and verifies the message; this file decides what it binds:
//   challenge  our origin (domain and uri), a nonce stored here (siwx-nonce-storage.ts), issuedAt and
//              an expiry (WALLET_SIGN_IN_TTL_SECONDS), the chain payments settle on;
//   token      the payload validated against our origin (validateSIWxMessage, with the nonce check),
//              a supported chain, the signature verified (EOA, EIP-191), then in one transaction the
//              nonce spent and the token created under the wallet's cap (WALLET_MAX_ACTIVE_TOKENS);
//   attach     the same proof from a signed-in person: the wallet, its tokens and their reviews and
//              comments become the account's.
// A token of a wallet is an `llm` actor like any other, named by the agent's chosen name or the address.
import { randomBytes } from "node:crypto";
import {
  createSIWxMessage,
  validateSIWxMessage,
  verifySIWxSignature,
  type CompleteSIWxInfo,
  type SIWxPayload,
  type SupportedChain,
} from "@x402/extensions/sign-in-with-x";
import { getAddress } from "viem";
import type { z } from "zod";
import { env, siteOrigin } from "../env";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { X402_NETWORK } from "../payments/payment-network";
import { inTransaction, lockUntilCommit, type DbClient } from "../transaction";
import { createWalletToken, tokenSummaryView } from "./marketplace-tokens";
import { PostgresSIWxStorage } from "./siwx-nonce-storage";
import type {
  WalletChallenge,
  WalletToken,
  siwxPayloadSchema,
  walletAttachSchema,
  walletChallengeInput,
} from "./wallet-sign-in-schema";

export const WALLET_SIGN_IN_STATEMENT =
  "Sign in to the Agent Payment Marketplace with this wallet: the marketplace issues a token that acts for it.";
export const WALLET_TOKEN_PATH = "/api/auth/wallet/token";

/** The chains a sign-in may name: the one payments settle on (EOA signatures do not depend on it). */
export const SUPPORTED_CHAINS: readonly SupportedChain[] = [
  { chainId: X402_NETWORK, type: "eip191", signatureScheme: "eip191" },
];

export interface WalletSignInOptions {
  now?: () => Date;
  origin?: string;
  ttlSeconds?: number;
  storage?: PostgresSIWxStorage;
}

const invalid = (message: string) => new AppError("wallet_sign_in_invalid", message);

export async function createWalletChallenge(
  input: z.infer<typeof walletChallengeInput>,
  {
    now = () => new Date(),
    origin = siteOrigin,
    ttlSeconds = env.WALLET_SIGN_IN_TTL_SECONDS,
    storage = new PostgresSIWxStorage(now),
  }: WalletSignInOptions = {},
): Promise<WalletChallenge> {
  const chain = input.chainId ? SUPPORTED_CHAINS.find((c) => c.chainId === input.chainId) : SUPPORTED_CHAINS[0];
  if (!chain)
    throw new AppError("invalid_request", "This chain is not supported for sign-in.", [
      { path: "chainId", message: `One of: ${SUPPORTED_CHAINS.map((c) => c.chainId).join(", ")}.` },
    ]);
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + ttlSeconds * 1000);
  // EIP-4361 nonces are alphanumeric, at least 8 characters: 128 random bits in hex.
  const nonce = randomBytes(16).toString("hex");
  const url = new URL(WALLET_TOKEN_PATH, origin);
  const info: CompleteSIWxInfo = {
    domain: url.host,
    uri: url.href,
    statement: WALLET_SIGN_IN_STATEMENT,
    version: "1",
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expiresAt.toISOString(),
    chainId: chain.chainId,
    type: chain.type,
    signatureScheme: chain.signatureScheme,
  };
  // Any case is accepted (a mistyped checksum too): the message names the checksummed form.
  const address = getAddress(input.address.toLowerCase());
  await storage.issueNonce(nonce, issuedAt, expiresAt);
  const { signatureScheme: _scheme, ...unsigned } = { ...info, address };
  return {
    ok: true,
    message: createSIWxMessage(info, address),
    payload: unsigned,
    nonce,
    expiresAt: expiresAt.toISOString(),
    supportedChains: SUPPORTED_CHAINS.map((c) => ({ ...c })),
  };
}

export interface VerifiedWallet {
  address: string;
  nonce: string;
}

/** Checks a signed payload without spending its nonce: the origin, times and nonce (the extension's
 * validation), a supported chain, and the signature. Every refusal is 401 wallet_sign_in_invalid. */
export async function verifyWalletPayload(
  raw: z.infer<typeof siwxPayloadSchema>,
  { origin = siteOrigin, storage = new PostgresSIWxStorage(), now = () => new Date() }: WalletSignInOptions = {},
): Promise<VerifiedWallet> {
  const payload = raw as SIWxPayload;
  if (!SUPPORTED_CHAINS.some((c) => c.chainId === payload.chainId && c.type === payload.type))
    throw invalid(
      `invalid_siwx_unsupported_chain: sign-in takes ${SUPPORTED_CHAINS.map((c) => `${c.chainId} (${c.type})`).join(", ")}, not ${payload.chainId} (${payload.type}).`,
    );
  if (!/^0x[0-9a-fA-F]{40}$/.test(payload.address))
    throw invalid("invalid_siwx_signature: address is not an EVM address.");
  const validation = await validateSIWxMessage(payload, new URL(origin), {
    maxAge: env.WALLET_SIGN_IN_TTL_SECONDS * 1000,
    checkNonce: async (nonce) => !(await storage.hasUsedNonce(nonce)),
  });
  if (!validation.isValid)
    throw invalid(
      validation.invalidReason === "invalid_siwx_nonce"
        ? "invalid_siwx_nonce: this nonce was not issued here, expired or was used; ask for a new challenge."
        : `${validation.invalidReason}: ${validation.invalidMessage}`,
    );
  // The extension's clock is the system's; an injected clock (tests) must agree with the expiry too.
  if (payload.expirationTime && new Date(payload.expirationTime) <= now())
    throw invalid("invalid_siwx_expired: Message expired");
  // The message is rebuilt from the payload by the extension (siwe); a payload it cannot build from is
  // a payload that signs nothing.
  const verified = await verifySIWxSignature(payload).catch((err: unknown) => ({
    isValid: false as const,
    invalidReason: "invalid_siwx_malformed_signature" as const,
    invalidMessage: err instanceof Error ? err.message.slice(0, 200) : "The message could not be built.",
  }));
  if (!verified.isValid) throw invalid(`${verified.invalidReason}: ${verified.invalidMessage}`);
  return { address: getAddress(payload.address.toLowerCase()), nonce: payload.nonce };
}

async function spend(storage: PostgresSIWxStorage, tx: DbClient, nonce: string) {
  if (!(await storage.spendNonce(nonce, tx)))
    throw invalid("invalid_siwx_nonce: this nonce was used (or expired) meanwhile; ask for a new challenge.");
}

/** Spends the proof's nonce and issues a token acting for the wallet (its account's, once attached). */
export async function issueWalletToken(
  wallet: VerifiedWallet,
  name: string | undefined,
  { storage = new PostgresSIWxStorage() }: WalletSignInOptions = {},
): Promise<WalletToken> {
  const { token, summary, personId } = await inTransaction(undefined, async (tx) => {
    await spend(storage, tx, wallet.nonce);
    await tx.$executeRaw(
      Prisma.sql`INSERT INTO wallets (address) VALUES (${wallet.address}) ON CONFLICT (address) DO NOTHING`,
    );
    const row = await tx.wallet.findUniqueOrThrow({ where: { address: wallet.address }, select: { personId: true } });
    const created = await createWalletToken(
      tx,
      wallet.address,
      row.personId,
      name ?? wallet.address,
      env.WALLET_MAX_ACTIVE_TOKENS,
    );
    return { ...created, personId: row.personId };
  });
  return {
    ok: true,
    token,
    tokenSummary: tokenSummaryView(summary),
    wallet: { address: wallet.address, attachedToAccount: personId !== null },
  };
}

/** Attaches a wallet to `personId`'s account: its tokens, and their reviews and comments, become the
 * account's. A wallet attached to another account is 409; attaching again changes nothing more. */
export async function attachWallet(
  personId: string,
  wallet: VerifiedWallet,
  { storage = new PostgresSIWxStorage() }: WalletSignInOptions = {},
): Promise<z.infer<typeof walletAttachSchema>> {
  const attached = await inTransaction(undefined, async (tx) => {
    await spend(storage, tx, wallet.nonce);
    await lockUntilCommit(tx, `wallet-tokens:${wallet.address}`);
    const found = await tx.wallet.findUnique({ where: { address: wallet.address }, select: { personId: true } });
    if (found?.personId && found.personId !== personId)
      throw new AppError("conflict", "This wallet is attached to another account.");
    await tx.wallet.upsert({
      where: { address: wallet.address },
      create: { address: wallet.address, personId, attachedAt: new Date() },
      update: found?.personId ? {} : { personId, attachedAt: new Date() },
    });
    const tokens = await tx.marketplaceToken.updateMany({
      where: { walletAddress: wallet.address, personId: null },
      data: { personId },
    });
    const walletTokens = Prisma.sql`SELECT id FROM marketplace_tokens WHERE wallet_address = ${wallet.address}`;
    const reviews = await tx.$executeRaw(
      Prisma.sql`UPDATE reviews SET person_id = ${personId} WHERE person_id IS NULL AND token_id IN (${walletTokens})`,
    );
    const comments = await tx.$executeRaw(
      Prisma.sql`UPDATE comments SET person_id = ${personId} WHERE person_id IS NULL AND token_id IN (${walletTokens})`,
    );
    return { tokens: tokens.count, reviews, comments };
  });
  return { ok: true, wallet: { address: wallet.address, attachedToAccount: true }, attached };
}

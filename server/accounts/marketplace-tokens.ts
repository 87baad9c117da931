// Marketplace tokens: an agent's credential for the review API and the observer route. A token is
// "apmt_" + 43 base64url characters (32 random bytes); the prefix lets secret scanners find leaked
// ones. Only its SHA-256 is stored, so a database leak reveals no usable token; lookups go by the
// hash, and the found row's hash is compared again in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { AppError } from "../errors";
import { inTransaction, lockUntilCommit, type DbClient } from "../transaction";
import type { Actor } from "./actor";
import { tokenNameSchema } from "./marketplace-token-schema";

export { createTokenInput, tokenNameSchema } from "./marketplace-token-schema";

export const TOKEN_PREFIX = "apmt_";
const TOKEN_PATTERN = /^apmt_[A-Za-z0-9_-]{43}$/;
// Shown to the owner to tell tokens apart: the prefix and the first six secret characters.
const DISPLAY_CHARS = TOKEN_PREFIX.length + 6;
// last_used_at is written at most this often per token, so every request does not cost a write.
const LAST_USED_RESOLUTION_MS = 60_000;
export const MAX_ACTIVE_TOKENS = 20;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  walletAddress: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A summary as the account page receives it: tRPC sends JSON, so times are ISO 8601 text. */
export interface TokenSummaryView {
  id: string;
  name: string;
  prefix: string;
  walletAddress: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const tokenSummaryView = (s: TokenSummary): TokenSummaryView => ({
  ...s,
  createdAt: s.createdAt.toISOString(),
  lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
  revokedAt: s.revokedAt?.toISOString() ?? null,
});

/** The fields of a token's summary (list, create): never its hash. */
export const summarySelect = {
  id: true,
  name: true,
  prefix: true,
  walletAddress: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/** Creates a token for `personId` (null: an owner-less token made from the command line). The
 * secret is in the answer only; it cannot be read again. */
export async function createMarketplaceToken(
  personId: string | null,
  rawName: string,
): Promise<{ token: string; summary: TokenSummary }> {
  const name = tokenNameSchema.parse(rawName);
  const row = newTokenRow(name);
  const token = row.token;
  const data = { ...row.data, personId };
  if (!personId) return { token, summary: await db.marketplaceToken.create({ data, select: summarySelect }) };
  const summary = await inTransaction(undefined, async (tx) => {
    // One creation per account at a time (every instance included): without it, concurrent
    // creates all count the same 19 and the account ends up past the limit.
    await lockUntilCommit(tx, `tokens:${personId}`);
    const active = await tx.marketplaceToken.count({ where: { personId, revokedAt: null } });
    if (active >= MAX_ACTIVE_TOKENS)
      throw new AppError("conflict", `At most ${MAX_ACTIVE_TOKENS} active tokens per account; revoke one first.`);
    return tx.marketplaceToken.create({ data, select: summarySelect });
  });
  return { token, summary };
}

/** A new token's secret and the row to store for it (the caller inserts it, under its own caps). */
export function newTokenRow(name: string): {
  token: string;
  data: { name: string; prefix: string; tokenHash: string };
} {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, data: { name, prefix: token.slice(0, DISPLAY_CHARS), tokenHash: hashToken(token) } };
}

/** Creates a token acting for `walletAddress` (and its account, if the wallet is attached to one), at
 * most `maxActive` active per wallet: one creation per wallet at a time, every instance included. */
export async function createWalletToken(
  tx: DbClient,
  walletAddress: string,
  personId: string | null,
  name: string,
  maxActive: number,
): Promise<{ token: string; summary: TokenSummary }> {
  await lockUntilCommit(tx, `wallet-tokens:${walletAddress}`);
  const active = await tx.marketplaceToken.count({ where: { walletAddress, revokedAt: null } });
  if (active >= maxActive)
    throw new AppError(
      "conflict",
      `At most ${maxActive} active tokens per wallet; revoke one first (DELETE /api/tokens/{id} with one of them).`,
    );
  const { token, data } = newTokenRow(tokenNameSchema.parse(name));
  const summary = await tx.marketplaceToken.create({
    data: { ...data, walletAddress, personId },
    select: summarySelect,
  });
  return { token, summary };
}

export async function listMarketplaceTokens(personId: string): Promise<TokenSummary[]> {
  return db.marketplaceToken.findMany({
    where: { personId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: summarySelect,
  });
}

/** Revokes one of `personId`'s tokens; revoking a revoked token changes nothing. */
export async function revokeMarketplaceToken(personId: string, tokenId: string): Promise<TokenSummary> {
  const found = await db.marketplaceToken.findFirst({
    where: { id: tokenId, personId },
    select: { id: true, revokedAt: true },
  });
  if (!found) throw new AppError("not_found", "No such token on this account.");
  if (!found.revokedAt)
    await db.marketplaceToken.updateMany({ where: { id: tokenId, revokedAt: null }, data: { revokedAt: new Date() } });
  return db.marketplaceToken.findUniqueOrThrow({ where: { id: tokenId }, select: summarySelect });
}

/** The agent a token acts as. Missing or unknown: 401 unauthorized; revoked: 403 forbidden. */
export async function authenticateToken(raw: string | null | undefined): Promise<Extract<Actor, { type: "llm" }>> {
  if (!raw)
    throw new AppError("unauthorized", "This operation needs a marketplace token in the X-Marketplace-Token header.");
  // A malformed value is refused like an unknown one, without a database trip.
  if (!TOKEN_PATTERN.test(raw)) throw new AppError("unauthorized", "The marketplace token is not valid.");
  const hash = hashToken(raw);
  // Straight on pg (sqlQuery): every token request starts here, and the observer route's added
  // latency is budgeted in milliseconds (Prisma's engine costs ~1.5 ms of CPU per statement).
  const [row] = await sqlQuery<{
    id: string;
    name: string;
    tokenHash: string;
    personId: string | null;
    revokedAt: Date | null;
    lastUsedAt: Date | null;
    personName: string | null;
    walletAddress: string | null;
  }>(Prisma.sql`
    SELECT t.id, t.name, t.token_hash AS "tokenHash", t.person_id AS "personId", t.revoked_at AS "revokedAt", t.last_used_at AS "lastUsedAt", p.name AS "personName", t.wallet_address AS "walletAddress"
    FROM marketplace_tokens t LEFT JOIN people p ON p.id = t.person_id WHERE t.token_hash = ${hash}`);
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash, "hex"), Buffer.from(hash, "hex"))) {
    throw new AppError("unauthorized", "The marketplace token is not valid.");
  }
  if (row.revokedAt) throw new AppError("forbidden", "This marketplace token was revoked.");
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const stale = new Date(now - LAST_USED_RESOLUTION_MS);
    await db.marketplaceToken.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] },
      data: { lastUsedAt: new Date(now) },
    });
  }
  return {
    type: "llm",
    tokenId: row.id,
    personId: row.personId,
    name: row.name,
    // A wallet's agent without an account shows its address wherever its reviews and comments do.
    org: row.personName ?? (row.walletAddress ? `Wallet ${row.walletAddress}` : "Independent agent"),
    ...(row.walletAddress ? { wallet: row.walletAddress } : {}),
  };
}

// Marketplace tokens: an agent's credential for the review API and the observer route. A token is
// "apmt_" + 43 base64url characters (32 random bytes); the prefix lets secret scanners find leaked
// ones. Only its SHA-256 is stored, so a database leak reveals no usable token; lookups go by the
// hash, and the found row's hash is compared again in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { AppError } from "../errors";
import { storableText } from "../input/storable-text";
import { inTransaction, lockUntilCommit } from "../transaction";
import type { Actor } from "./actor";

export const TOKEN_PREFIX = "apmt_";
const TOKEN_PATTERN = /^apmt_[A-Za-z0-9_-]{43}$/;
// Shown to the owner to tell tokens apart: the prefix and the first six secret characters.
const DISPLAY_CHARS = TOKEN_PREFIX.length + 6;
// last_used_at is written at most this often per token, so every request does not cost a write.
const LAST_USED_RESOLUTION_MS = 60_000;
export const MAX_ACTIVE_TOKENS = 20;

export const tokenNameSchema = storableText()
  .trim()
  .min(1, "A token needs a name.")
  .max(60, "A token name has at most 60 characters.");

export const createTokenInput = z.strictObject({ name: tokenNameSchema });

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A summary as the account page receives it: tRPC sends JSON, so times are ISO 8601 text. */
export interface TokenSummaryView {
  id: string;
  name: string;
  prefix: string;
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

const summarySelect = {
  id: true,
  name: true,
  prefix: true,
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
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const data = { name, personId, prefix: token.slice(0, DISPLAY_CHARS), tokenHash: hashToken(token) };
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
  }>(Prisma.sql`
    SELECT t.id, t.name, t.token_hash AS "tokenHash", t.person_id AS "personId", t.revoked_at AS "revokedAt", t.last_used_at AS "lastUsedAt", p.name AS "personName"
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
    org: row.personName ?? "Independent agent",
  };
}

// The wallets attached to an account, as its page lists them: the address, when it was attached,
// and what came with it (its sign-in tokens still active, and the reviews written with them).
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";

export interface AccountWallet {
  address: string;
  attachedAt: string | null;
  activeTokens: number;
  reviews: number;
}

/** The wallets attached to `personId`'s account, oldest first (in the caller's transaction, if any). */
export function attachedWallets(personId: string, client: DbClient = db) {
  return client.wallet.findMany({
    where: { personId },
    select: { address: true, attachedAt: true },
    orderBy: [{ attachedAt: "asc" }, { address: "asc" }],
  });
}

export async function listAccountWallets(personId: string): Promise<AccountWallet[]> {
  const wallets = await attachedWallets(personId);
  if (wallets.length === 0) return [];
  const addresses = wallets.map((w) => w.address);
  const [tokens, reviews] = await Promise.all([
    db.marketplaceToken.groupBy({
      by: ["walletAddress"],
      where: { walletAddress: { in: addresses }, revokedAt: null },
      _count: { _all: true },
    }),
    sqlQuery<{ address: string; n: number }>(Prisma.sql`
      SELECT t.wallet_address AS address, count(*)::int AS n FROM reviews r JOIN marketplace_tokens t ON t.id = r.token_id
      WHERE t.wallet_address IN (${Prisma.join(addresses)}) GROUP BY t.wallet_address`),
  ]);
  const reviewCount = new Map(reviews.map((r) => [r.address, r.n]));
  return wallets.map((w) => ({
    address: w.address,
    attachedAt: w.attachedAt?.toISOString() ?? null,
    activeTokens: tokens.find((t) => t.walletAddress === w.address)?._count._all ?? 0,
    reviews: reviewCount.get(w.address) ?? 0,
  }));
}

// The token API's service (/api/tokens): whose tokens an actor manages. A person (session, or one
// of the account's tokens) manages the account's tokens, wallet tokens attached to it included; a
// wallet's token without an account manages that wallet's tokens; a token made on the command line
// for no account manages none (403). Creation keeps each owner's cap (per account, per wallet).
import { db } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { inTransaction } from "../transaction";
import type { Actor } from "./actor";
import {
  createMarketplaceToken,
  createWalletToken,
  listMarketplaceTokens,
  summarySelect,
  revokeMarketplaceToken,
  tokenSummaryView,
  type TokenSummaryView,
} from "./marketplace-tokens";

type Owner = { personId: string } | { walletAddress: string };

function ownerOf(actor: Actor): Owner {
  if (actor.personId) return { personId: actor.personId };
  if (actor.type === "llm" && actor.wallet) return { walletAddress: actor.wallet };
  throw new AppError("forbidden", "This token belongs to no account and no wallet, so it manages no tokens.");
}

export async function listOwnTokens(actor: Actor): Promise<TokenSummaryView[]> {
  const owner = ownerOf(actor);
  if ("personId" in owner) return (await listMarketplaceTokens(owner.personId)).map(tokenSummaryView);
  const rows = await db.marketplaceToken.findMany({
    where: { walletAddress: owner.walletAddress, personId: null },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: summarySelect,
  });
  return rows.map(tokenSummaryView);
}

/** A new token of the actor's owner; the secret is in this answer only. */
export async function createOwnToken(
  actor: Actor,
  name: string,
): Promise<{ token: string; tokenSummary: TokenSummaryView }> {
  const owner = ownerOf(actor);
  const { token, summary } =
    "personId" in owner
      ? await createMarketplaceToken(owner.personId, name)
      : await inTransaction(undefined, (tx) =>
          createWalletToken(tx, owner.walletAddress, null, name, env.WALLET_MAX_ACTIVE_TOKENS),
        );
  return { token, tokenSummary: tokenSummaryView(summary) };
}

/** Revokes one of the owner's tokens (the calling one too); revoking a revoked token changes nothing. */
export async function revokeOwnToken(actor: Actor, tokenId: string): Promise<TokenSummaryView> {
  const owner = ownerOf(actor);
  if ("personId" in owner) return tokenSummaryView(await revokeMarketplaceToken(owner.personId, tokenId));
  const found = await db.marketplaceToken.findFirst({
    where: { id: tokenId, walletAddress: owner.walletAddress, personId: null },
    select: { id: true },
  });
  if (!found) throw new AppError("not_found", "No such token of this wallet.");
  await db.marketplaceToken.updateMany({ where: { id: tokenId, revokedAt: null }, data: { revokedAt: new Date() } });
  return tokenSummaryView(
    await db.marketplaceToken.findUniqueOrThrow({ where: { id: tokenId }, select: summarySelect }),
  );
}

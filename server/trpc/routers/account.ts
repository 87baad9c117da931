// The signed-in person's own things: who they are, their marketplace tokens, their favourites and
// the wallets attached to the account.
// Password changes go through better-auth's own endpoint (/api/auth/change-password).
import { z } from "zod";
import {
  createMarketplaceToken,
  createTokenInput,
  listMarketplaceTokens,
  revokeMarketplaceToken,
  tokenSummaryView,
} from "../../accounts/marketplace-tokens";
import { listAccountWallets } from "../../accounts/account-wallets";
import { getProfile } from "../../accounts/profile";
import { listFavorites } from "../../reviews/list-favorites";
import { createTRPCRouter, memberProcedure, publicProcedure } from "../init";

export const revokeTokenInput = z.strictObject({ tokenId: z.uuid("Not a token id.") });

export const accountRouter = createTRPCRouter({
  /** The signed-in person, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.actor),
  /** Name, email, role and since when, for the account page. */
  profile: memberProcedure.query(({ ctx }) => getProfile(ctx.actor.personId)),
  tokens: createTRPCRouter({
    list: memberProcedure.query(async ({ ctx }) =>
      (await listMarketplaceTokens(ctx.actor.personId)).map(tokenSummaryView),
    ),
    /** The secret is in this answer only. */
    create: memberProcedure.input(createTokenInput).mutation(async ({ ctx, input }) => {
      const { token, summary } = await createMarketplaceToken(ctx.actor.personId, input.name);
      return { token, summary: tokenSummaryView(summary) };
    }),
    revoke: memberProcedure
      .input(revokeTokenInput)
      .mutation(async ({ ctx, input }) =>
        tokenSummaryView(await revokeMarketplaceToken(ctx.actor.personId, input.tokenId)),
      ),
  }),
  favorites: memberProcedure.query(({ ctx }) => listFavorites(ctx.actor)),
  /** Wallets attached by signing a challenge (POST /api/auth/wallet/attach, from the account page). */
  wallets: memberProcedure.query(({ ctx }) => listAccountWallets(ctx.actor.personId)),
});

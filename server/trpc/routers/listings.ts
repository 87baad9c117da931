// A signed-in person's self-serve listings (the /providers pages): the same services as the REST
// routes (app/api/listings), with the session's human actor as owner, so an account's listings are
// the same whether its person or one of its tokens made them. Another account's listing is NOT_FOUND.
import { z } from "zod";
import { env } from "../../env";
import { sandboxOrigin } from "../../sandbox-address";
import { createListingInput, editListingInput, listingIdSchema } from "../../listings/listing-schema";
import { createListing, editListing, getListing, listListings, submitListing } from "../../listings/listings";
import { createPayeeChallenge, provePayee } from "../../listings/payee-proof";
import { moveListing } from "../../listings/listing-lifecycle";
import { getListingActivity } from "../../listings/provider-overview";
import { payeeChallengeInput, payeeProofInput } from "../../listings/payee-proof-schema";
import { createTRPCRouter, memberProcedure } from "../init";

export const listingsRouter = createTRPCRouter({
  /** What the form states before anything is sent (the services enforce them). */
  limits: memberProcedure.query(() => ({
    maxUrlsPerListing: env.LISTING_MAX_URLS,
    maxListingsPerAccount: env.LISTINGS_PER_ACCOUNT,
    /** Where the sandbox world answers while it is on (its offers can be listed offline), else null. */
    sandboxOrigin: sandboxOrigin(),
  })),
  create: memberProcedure
    .input(createListingInput(env.LISTING_MAX_URLS))
    .mutation(({ ctx, input }) => createListing(ctx.actor, input)),
  mine: memberProcedure.query(({ ctx }) => listListings(ctx.actor)),
  byId: memberProcedure.input(listingIdSchema).query(({ ctx, input }) => getListing(ctx.actor, input.id)),
  /** What happened to the listing's approved service (probes, tests, calls, reviews), owner only. */
  activity: memberProcedure.input(listingIdSchema).query(({ ctx, input }) => getListingActivity(ctx.actor, input.id)),
  edit: memberProcedure
    .input(z.strictObject({ ...listingIdSchema.shape, changes: editListingInput }))
    .mutation(({ ctx, input }) => editListing(ctx.actor, input.id, input.changes)),
  submit: memberProcedure.input(listingIdSchema).mutation(({ ctx, input }) => submitListing(ctx.actor, input.id)),
  /** The owner's pause, resume and withdraw (the REST routes' POST …/pause|resume|withdraw). */
  move: memberProcedure
    .input(z.strictObject({ ...listingIdSchema.shape, move: z.enum(["pause", "resume", "withdraw"]) }))
    .mutation(({ ctx, input }) => moveListing(ctx.actor, input.id, input.move)),
  payeeChallenge: memberProcedure
    .input(z.strictObject({ ...listingIdSchema.shape, ...payeeChallengeInput.shape }))
    .mutation(({ ctx, input }) => createPayeeChallenge(ctx.actor, input.id, input.payTo)),
  provePayee: memberProcedure
    .input(z.strictObject({ ...listingIdSchema.shape, ...payeeProofInput.shape }))
    .mutation(({ ctx, input: { id, ...proof } }) => provePayee(ctx.actor, id, proof)),
});

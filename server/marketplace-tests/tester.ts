// Who the marketplace is when it tests: an `llm` actor (decisions: a test review is written by the
// marketplace as an agent, `humanReviewStatus` not_required) with a marketplace token row of its own,
// so its calls are observed calls like any agent's and its reviews are "one per token and service"
// (a re-test revises the service's test review). The row has no owner and no usable secret: its
// stored hash is no SHA-256 value, so no presented token can ever authenticate as it.
import type { Actor } from "../accounts/actor";
import { TESTER_TOKEN_ID } from "../accounts/marketplace-tester-token";
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { EVALUATOR_ORG } from "../reviews/evaluation-review";

export const TESTER_NAME = "Marketplace test";

export type TesterActor = Extract<Actor, { type: "llm" }>;

export const testerActor: TesterActor = {
  type: "llm",
  tokenId: TESTER_TOKEN_ID,
  personId: null,
  name: TESTER_NAME,
  org: EVALUATOR_ORG,
};

let ensured: Promise<unknown> | undefined;

/** The tester's token row, created once per database (idempotent on every instance). */
export function ensureTesterToken(): Promise<unknown> {
  ensured ??= sqlQuery(Prisma.sql`
    INSERT INTO marketplace_tokens (id, name, prefix, token_hash)
    VALUES (${TESTER_TOKEN_ID}::uuid, ${TESTER_NAME}, 'marketplace', 'marketplace-tests:no-secret')
    ON CONFLICT DO NOTHING`).catch((err: unknown) => {
    ensured = undefined;
    throw err;
  });
  return ensured;
}

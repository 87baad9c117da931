// The marketplace's test review of a service (decisions: written by the marketplace as an `llm` actor,
// org the marketplace's name, humanReviewStatus not_required): one per service, written by the first
// test and revised by each later one (the review's revisions are the test history in words). It says
// what each offer's call returned: status, latency, the price paid and an excerpt of the answer.
import { atomicToUsd } from "../money";
import { createReview } from "../reviews/create-review";
import { reviseReview } from "../reviews/revise-review";
import type { DbClient } from "../transaction";
import type { OfferTestResult } from "./test-offer";
import { TESTER_TOKEN_ID } from "../accounts/marketplace-tester-token";
import { testerActor } from "./tester";

/** A call slower than this is "slow": a service whose every offer returned output, slowly, rates 4. */
export const SLOW_TEST_MS = 2_000;

export interface TestedOffer extends OfferTestResult {
  method: string;
  path: string;
}

/** 5 all output (4 if any was slow), 3 some output, 1 none. */
export function testRating(tests: TestedOffer[]): number {
  const output = tests.filter((t) => t.outcome === "output");
  if (output.length === 0) return 1;
  if (output.length < tests.length) return 3;
  return output.some((t) => (t.latencyMs ?? 0) > SLOW_TEST_MS) ? 4 : 5;
}

function reviewText(tests: TestedOffer[], at: Date) {
  const anyOutput = tests.some((t) => t.outcome === "output");
  const day = at.toISOString().slice(0, 10);
  const lines = tests.map((t) => {
    const head = `${t.method} ${t.path}: ${t.outcome === "output" ? "returned output" : "no usable output"}`;
    const status = t.status === null ? "no answer" : `HTTP ${t.status}`;
    const latency = t.latencyMs === null ? "" : ` in ${t.latencyMs} ms`;
    const paid = t.spentAtomic > 0 ? `, paid ${atomicToUsd(t.spentAtomic)} USD` : ", nothing paid";
    const why = t.detail ? ` (${t.detail})` : "";
    const excerpt = t.excerpt ? `\nResponse excerpt: ${t.excerpt}` : "";
    return `${head}. ${status}${latency}${paid}${why}.${excerpt}`;
  });
  return {
    title: `Tested by the marketplace on ${day}: ${anyOutput ? "returned output" : "returned no output"}`,
    body: `A paid test call by the marketplace's test wallet through its observer, with each offer's example input.\n\n${lines.join("\n\n")}`.slice(
      0,
      5000,
    ),
    tags: ["marketplace-test", anyOutput ? "tested-output" : "tested-no-output"],
  };
}

/** Writes or revises the service's test review in `tx`; its id, or null when an operator hid it. */
export async function writeTestReview(
  tx: DbClient,
  service: { id: string; slug: string; name: string },
  tests: TestedOffer[],
  at: Date,
): Promise<string | null> {
  const content = { rating: testRating(tests), ...reviewText(tests, at) };
  const existing = await tx.review.findFirst({
    where: { tokenId: TESTER_TOKEN_ID, serviceId: service.id },
    select: { id: true, status: true },
  });
  if (!existing) return (await createReview(testerActor, { slug: service.slug, ...content }, tx)).id;
  // A hidden test review stays hidden: the tests are still recorded and set the status.
  if (existing.status !== "published") return null;
  await reviseReview(testerActor, existing.id, content, tx);
  return existing.id;
}

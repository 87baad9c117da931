// testService(serviceId, trigger): the marketplace tests every x402 offer of a service (one paid call
// each, test-offer.ts, under the daily budget), then sets the service's testStatus from each offer's
// latest completed test (`tested-output` if any returned output, else `tested-no-output`), testedAt,
// and its test review. Called by an operator's "run a test now" (tRPC moderation.runServiceTest, at
// once), and by the test-job worker (test-job-worker.ts) for the jobs a listing approval or a
// payment-terms change of a tested service enqueued. A run whose every offer was skipped for the
// budget or refused changes no status.
import { z } from "zod";
import { isOperator, type Actor } from "../accounts/actor";
import { serviceSlugSchema } from "../catalog/slug-schema";
import { db } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { lockUntilCommit, inTransaction } from "../transaction";
import { testOffer, type OfferTestResult } from "./test-offer";
import { writeTestReview, type TestedOffer } from "./test-review";
import { TEST_TRIGGERS, type TestTrigger } from "./test-records";
import { testWallet } from "./test-wallet";
import { ensureTesterToken } from "./tester";

export const runServiceTestInput = z.strictObject({ slug: serviceSlugSchema });

export interface ServiceTestReport {
  serviceId: string;
  slug: string;
  testStatus: string;
  testedAt: string | null;
  reviewId: string | null;
  tests: (OfferTestResult & { method: string; path: string })[];
}

const offerSelect = {
  id: true,
  serviceId: true,
  method: true,
  path: true,
  providerUrl: true,
  testMode: true,
  sandbox: true,
  priceAtomic: true,
  network: true,
  asset: true,
  payTo: true,
  exampleInput: true,
  dynamicPrice: true,
  schemas: { select: { inputSchema: true, outputSchema: true } },
} as const;

export async function testService(serviceId: string, trigger: TestTrigger): Promise<ServiceTestReport> {
  if (!(TEST_TRIGGERS as readonly string[]).includes(trigger))
    throw new AppError("invalid_request", "Unknown test trigger.");
  const service = await db.service.findUnique({
    where: { id: serviceId },
    select: {
      id: true,
      slug: true,
      name: true,
      offers: { where: { protocol: "x402" }, select: offerSelect, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
  if (!service) throw new AppError("not_found", `No service with id ${JSON.stringify(serviceId.slice(0, 200))}.`);
  if (service.offers.length === 0)
    throw new AppError("conflict", `"${service.slug}" has no x402 offer the marketplace's test wallet can pay.`);
  await ensureTesterToken();
  const wallet = await testWallet();
  const tests: TestedOffer[] = [];
  // One after another: each takes its share of the budget only when it starts.
  for (const { schemas, ...offer } of service.offers) {
    const declared = { inputSchema: schemas?.inputSchema ?? null, outputSchema: schemas?.outputSchema ?? null };
    tests.push({
      ...(await testOffer({ ...offer, ...declared }, trigger, wallet)),
      method: offer.method,
      path: offer.path,
    });
  }
  const ran = tests.filter((t) => t.outcome === "output" || t.outcome === "no-output");
  if (ran.length === 0) {
    const row = await db.service.findUniqueOrThrow({
      where: { id: serviceId },
      select: { testStatus: true, testedAt: true, testReviewId: true },
    });
    return {
      serviceId,
      slug: service.slug,
      testStatus: row.testStatus,
      testedAt: row.testedAt?.toISOString() ?? null,
      reviewId: row.testReviewId,
      tests,
    };
  }
  return { ...(await recordServiceStatus(service, ran)), tests };
}

/** The service's status from its offers' latest completed tests, and its test review, in one transaction. */
async function recordServiceStatus(service: { id: string; slug: string; name: string }, ran: TestedOffer[]) {
  return inTransaction(undefined, async (tx) => {
    // Two runs of one service (two instances) write status and review one after the other.
    await lockUntilCommit(tx, `service-test:${service.id}`);
    const [latest] = await tx.$queryRaw<{ any_output: boolean; tested_at: Date }[]>(Prisma.sql`
      SELECT bool_or(outcome = 'output') AS any_output, max(finished_at) AS tested_at FROM (
        SELECT DISTINCT ON (t.offer_id) t.outcome, t.finished_at FROM service_tests t
        JOIN offers o ON o.id = t.offer_id AND o.service_id = t.service_id
        WHERE t.service_id = ${service.id} AND t.outcome IN ('output', 'no-output')
        ORDER BY t.offer_id, t.finished_at DESC
      ) l`);
    const testStatus = latest!.any_output ? "tested-output" : "tested-no-output";
    const testedAt = latest!.tested_at;
    const reviewId = await writeTestReview(tx, service, ran, testedAt);
    await tx.service.update({
      where: { id: service.id },
      data: { testStatus, testedAt, ...(reviewId ? { testReviewId: reviewId } : {}) },
    });
    if (reviewId) await tx.serviceTest.updateMany({ where: { id: { in: ran.map((t) => t.id) } }, data: { reviewId } });
    return { serviceId: service.id, slug: service.slug, testStatus, testedAt: testedAt.toISOString(), reviewId };
  });
}

/** An operator's "run a test now" of the service with this slug. */
export async function runServiceTestNow(
  actor: Actor,
  raw: z.input<typeof runServiceTestInput>,
): Promise<ServiceTestReport> {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only marketplace operators may run a marketplace test.");
  const { slug } = runServiceTestInput.parse(raw);
  const service = await db.service.findUnique({ where: { slug }, select: { id: true } });
  if (!service) throw new AppError("not_found", `No service with slug "${slug}".`);
  return testService(service.id, "operator");
}

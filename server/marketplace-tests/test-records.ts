// The service_tests rows, and the daily test budget (TEST_BUDGET_USD_PER_DAY): a test starts only if today's spend (UTC day, every
// instance) plus the offer's price stays within it. The check and the reservation are one INSERT run
// under a transaction-scoped advisory lock, so two instances at the edge of the budget cannot both
// pass: the second's statement sees the first's committed row. A test that does not fit is kept as
// "skipped-budget" (no call, nothing spent); one that ends without signing a payment gives its
// reservation back (finishTest). The seed's tests (trigger "seed", seed-tests.ts) are outside the
// budget and do not count in it: they exist only while payments settle on the local ledger, where no
// money moves, and a fresh installation's first day of tests must not be spent by its own seed.
import { Prisma } from "../generated/prisma/client";
import { db } from "../db";
import { env } from "../env";
import { usdNumberToAtomicFloor } from "../money";
import { sandboxOn } from "../sandbox-address";
import { inTransaction, lockUntilCommit } from "../transaction";

export const TEST_TRIGGERS = ["approval", "operator", "terms_change", "seed"] as const;
export type TestTrigger = (typeof TEST_TRIGGERS)[number];

export interface StartedTest {
  id: string;
  outcome: "running" | "skipped-budget";
}

const BUDGET_LOCK = "marketplace-test-budget";

/** Today's budget in atomic units (USDC, 6 decimals). */
export const dailyBudgetAtomic = (): number => usdNumberToAtomicFloor(env.TEST_BUDGET_USD_PER_DAY);

export async function startTest(
  offer: { id: string; serviceId: string; priceAtomic: number },
  trigger: TestTrigger,
): Promise<StartedTest> {
  const budget = dailyBudgetAtomic();
  const outsideBudget = trigger === "seed" && sandboxOn();
  return inTransaction(undefined, async (tx) => {
    await lockUntilCommit(tx, BUDGET_LOCK);
    const [row] = await tx.$queryRaw<StartedTest[]>(Prisma.sql`
      WITH today AS (
        SELECT COALESCE(SUM(spent_atomic), 0) AS spent FROM service_tests
        WHERE tested_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND trigger <> 'seed'
      ), fits AS (SELECT ${outsideBudget} OR spent + ${offer.priceAtomic} <= ${budget} AS ok, spent FROM today)
      INSERT INTO service_tests (id, service_id, offer_id, trigger, outcome, spent_atomic, detail, finished_at)
      SELECT gen_random_uuid(), ${offer.serviceId}, ${offer.id}, ${trigger},
             CASE WHEN ok THEN 'running' ELSE 'skipped-budget' END,
             CASE WHEN ok THEN ${offer.priceAtomic}::bigint ELSE 0 END,
             CASE WHEN ok THEN NULL
                  ELSE 'Today''s test budget (' || ${budget}::bigint || ' atomic units) has ' || (${budget}::bigint - spent) || ' left; this test costs ' || ${offer.priceAtomic}::bigint || '.' END,
             CASE WHEN ok THEN NULL ELSE now() END
      FROM fits
      RETURNING id::text, outcome`);
    return row!;
  });
}

export interface FinishedTest {
  outcome: "output" | "no-output" | "refused";
  status: number | null;
  latencyMs: number | null;
  excerpt: string | null;
  detail: string | null;
  /** A payment was signed: the reservation (the offer's price, all the authorization allows) stays spent. */
  signed: boolean;
}

export async function finishTest(id: string, result: FinishedTest): Promise<Date> {
  const [row] = await inTransaction(undefined, (tx) =>
    tx.$queryRaw<{ finished_at: Date }[]>(Prisma.sql`
      UPDATE service_tests SET outcome = ${result.outcome}, status = ${result.status}::int, latency_ms = ${result.latencyMs}::int,
        excerpt = ${result.excerpt}, detail = ${result.detail}, finished_at = now(),
        spent_atomic = CASE WHEN ${result.signed} THEN spent_atomic ELSE 0 END
      WHERE id = ${id}::uuid
      RETURNING finished_at`),
  );
  return row!.finished_at;
}

/** A test the address policy refused before anything was reserved or sent. */
export async function recordRefusedTest(
  offer: { id: string; serviceId: string },
  trigger: TestTrigger,
  detail: string,
): Promise<string> {
  const row = await db.serviceTest.create({
    data: {
      serviceId: offer.serviceId,
      offerId: offer.id,
      trigger,
      outcome: "refused",
      detail,
      finishedAt: new Date(),
    },
    select: { id: true },
  });
  return row.id;
}

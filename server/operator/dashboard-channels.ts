// Batch-settlement channels (batch_channels: the library's Channel records, amounts as decimal text of
// atomic units) and the claim and refund jobs (batch_settlement_jobs, server/payments/batch-jobs/):
// what the channels hold, what was charged and claimed, what the next claim has to collect, and when
// each job runs next. The figures are of now, not of a range.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { atomicToUsd } from "../money";
import type { ChannelsPanel } from "./dashboard-schema";

// A record field as numeric; anything but plain digits counts 0 (the records are the library's, and
// one odd record must not turn the panel into an error).
const amount = (field: string) =>
  Prisma.sql`(CASE WHEN record->>${field} ~ '^[0-9]{1,78}$' THEN (record->>${field})::numeric ELSE 0 END)`;
const LAST_RESULT_CHARS = 500;

export async function channelsPanel(): Promise<ChannelsPanel> {
  const charged = amount("chargedCumulativeAmount");
  const claimed = amount("totalClaimed");
  const [c] = (await sqlQuery<{
    channels: number;
    deposited: string;
    charged: string;
    claimed: string;
    unclaimed: string;
    with_unclaimed: number;
    pending: number;
  }>(Prisma.sql`
    SELECT count(*)::int AS channels,
           coalesce(sum(${amount("balance")}), 0)::text AS deposited,
           coalesce(sum(${charged}), 0)::text AS charged,
           coalesce(sum(${claimed}), 0)::text AS claimed,
           coalesce(sum(greatest(${charged} - ${claimed}, 0)), 0)::text AS unclaimed,
           (count(*) FILTER (WHERE ${charged} > ${claimed}))::int AS with_unclaimed,
           (count(*) FILTER (WHERE record ? 'pendingRequest'))::int AS pending
    FROM batch_channels`)) as [
    {
      channels: number;
      deposited: string;
      charged: string;
      claimed: string;
      unclaimed: string;
      with_unclaimed: number;
      pending: number;
    },
  ];
  const jobs = await sqlQuery<{
    job: string;
    next_run_at: Date;
    leased_by: string | null;
    leased_until: Date | null;
    last_result: string | null;
  }>(
    Prisma.sql`
      SELECT job, next_run_at, leased_by, leased_until, left(last_result::text, ${LAST_RESULT_CHARS}) AS last_result
      FROM batch_settlement_jobs ORDER BY job`,
  );
  return {
    channels: c.channels,
    depositedUsd: atomicToUsd(BigInt(c.deposited)),
    chargedUsd: atomicToUsd(BigInt(c.charged)),
    claimedUsd: atomicToUsd(BigInt(c.claimed)),
    unclaimedUsd: atomicToUsd(BigInt(c.unclaimed)),
    channelsWithUnclaimed: c.with_unclaimed,
    pendingVouchers: c.pending,
    jobs: jobs.map((j) => ({
      job: j.job,
      nextRunAt: j.next_run_at.toISOString(),
      leasedBy: j.leased_by,
      leasedUntil: j.leased_until?.toISOString() ?? null,
      lastResult: j.last_result,
    })),
  };
}

// Every purge of a table that grows with traffic (docs/operations.md "Retention" is the table of
// them, with the tables kept on purpose). Each job runs in bounded batches (bounded-purge.ts): at
// most `maxBatches` statements of `batchSize` rows per run, a short pause between them, so a purge
// never holds long locks or takes the pool from requests; a run that stops at its bound says `more`
// and the scheduler runs it again soon. Cut-offs are computed from `at` (tests move it).
import { Prisma } from "../generated/prisma/client";
import { KEY_RETENTION_MS } from "../idempotent-write";
import { applyProbeRetention } from "../probes/probe-retention";
import { deleteBatch, updateBatch } from "./bounded-purge";

export interface RetentionSettings {
  /** OBSERVER_ANSWER_RETENTION_DAYS. */
  observerAnswerDays: number;
  /** PROBE_RETENTION_DAYS. */
  probeDays: number;
  /** Rows per statement (default: each job's own). */
  batchSize?: number;
  /** Statements per run of one job. */
  maxBatches?: number;
  /** Between two statements. */
  pauseMs?: number;
  /** "Now" for the cut-offs (tests). */
  at?: Date;
}

export interface JobResult {
  purged: number;
  /** The run stopped at its batch bound: rows past the retention remain. */
  more: boolean;
  [detail: string]: unknown;
}

export interface RetentionJob {
  /** The job's row in retention_jobs. */
  name: string;
  run(settings: RetentionSettings): Promise<JobResult>;
}

const MAX_BATCHES = 20;
const PAUSE_MS = 50;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Finished marketplace-test jobs are kept this long (the worker's history, docs/decisions.md). */
export const TEST_JOB_RETENTION_DAYS = 30;
/** Expired sign-in nonces and payee challenges stay this long (a replay still reads "used", or "expired"). */
export const CHALLENGE_KEEP_AFTER_EXPIRY_MS = HOUR_MS;
/** Rate-limit rows expired this long (against the app clock the library writes them with) go. */
export const RATE_LIMIT_GRACE_MS = 60_000;
/** better-auth sessions and verifications expired this long go (better-auth refuses them already). */
export const AUTH_KEEP_AFTER_EXPIRY_MS = DAY_MS;

/** A job of repeated batches until one comes back short or the bound is reached. */
function batched(
  name: string,
  defaultBatch: number,
  batch: (limit: number, at: Date, s: RetentionSettings) => Promise<number>,
): RetentionJob {
  return {
    name,
    async run(s) {
      const limit = s.batchSize ?? defaultBatch;
      const at = s.at ?? new Date();
      let purged = 0;
      for (let i = 0; i < (s.maxBatches ?? MAX_BATCHES); i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, s.pauseMs ?? PAUSE_MS));
        const n = await batch(limit, at, s);
        purged += n;
        if (n < limit) return { purged, more: false };
      }
      return { purged, more: true };
    },
  };
}

const before = (at: Date, ms: number) => new Date(at.getTime() - ms);

/** Rows whose `column` (a timestamp) is older than `keepMs`, and that match `also`, deleted in batches of 1000. */
function expired(table: string, column: string, keepMs: number, also?: Prisma.Sql): RetentionJob {
  return batched(table, 1000, (limit, at) =>
    deleteBatch({
      table,
      where: also
        ? Prisma.sql`${also} AND ${Prisma.raw(column)} < ${before(at, keepMs)}`
        : Prisma.sql`${Prisma.raw(column)} < ${before(at, keepMs)}`,
      orderBy: column,
      limit,
    }),
  );
}

export const RETENTION_JOBS: readonly RetentionJob[] = [
  // The stored answer (up to OBSERVER_MAX_RESPONSE_BYTES) of a completed call goes, its record stays
  // (status, outcome, latency, payer, receipt, amount): a replay then answers 410. Small batches: a
  // batch may free a few hundred MiB of TOAST.
  batched("observed_answers", 200, (limit, at, s) =>
    updateBatch(
      {
        table: "observed_calls",
        // The partial index observed_calls_answer_retention_idx serves exactly this predicate.
        where: Prisma.sql`state = 'completed' AND answer_purged_at IS NULL
          AND completed_at < ${before(at, s.observerAnswerDays * DAY_MS)}`,
        orderBy: "completed_at",
        limit,
      },
      Prisma.sql`response_body = NULL, response_headers = NULL, answer_purged_at = now()`,
    ),
  ),
  expired("write_requests", "created_at", KEY_RETENTION_MS),
  // `expire` is epoch milliseconds by the app's clock (not a timestamp); NULL (no window) never expires.
  batched("rate_limits", 1000, (limit, at) =>
    deleteBatch({
      table: "rate_limits",
      where: Prisma.sql`expire IS NOT NULL AND expire < ${BigInt(at.getTime() - RATE_LIMIT_GRACE_MS)}`,
      orderBy: "expire",
      limit,
    }),
  ),
  expired("wallet_sign_in_nonces", "expires_at", CHALLENGE_KEEP_AFTER_EXPIRY_MS),
  // Only challenges never used: a consumed one is the proof's (listing_payee_proofs references it).
  expired("listing_payee_challenges", "expires_at", CHALLENGE_KEEP_AFTER_EXPIRY_MS, Prisma.sql`consumed_at IS NULL`),
  expired("sessions", "expires_at", AUTH_KEEP_AFTER_EXPIRY_MS),
  expired("verifications", "expires_at", AUTH_KEEP_AFTER_EXPIRY_MS),
  expired("service_test_jobs", "finished_at", TEST_JOB_RETENTION_DAYS * DAY_MS, Prisma.sql`state <> 'pending'`),
  // Raw probes: rolled up per offer and UTC day, then deleted (probe-retention.ts, its own bounded
  // batches and lock), and the health rows it leaves stale refreshed.
  {
    name: "offer_probes",
    async run(s) {
      const o = await applyProbeRetention(s.probeDays, { at: s.at, groupsPerBatch: s.batchSize, pauseMs: s.pauseMs });
      return { purged: o.deleted, more: false, groups: o.groups, healthRefreshed: o.healthRefreshed };
    },
  },
];

// Idempotent writes (the Idempotency-Key header of the REST writes: the review writes, docs/decisions.md
// "Reviews", and the listing creation, "Listings"). The key is scoped per actor and bound to one
// operation and input; a retry answers the stored status and bytes, another input under the key 422,
// and a write that fails (4xx) stores nothing: its retry runs again. Two ways to hold the key:
// - withIdempotentWrite (a write of a few statements): the claim row, the write and the stored answer
//   commit in ONE transaction. The claim is `INSERT … ON CONFLICT DO NOTHING`, so a concurrent
//   duplicate blocks on the key until the first commits, then reads its answer (or, if the first
//   rolled back, claims the key itself).
// - withSlowIdempotentWrite (a write that first waits on something slow, e.g. the listing's probes):
//   the claim commits on its own BEFORE the slow part, so no transaction or row lock is held while it
//   runs and a concurrent duplicate is answered 409 write_in_progress at once (it does not wait or
//   repeat the slow part). The write and its stored answer then commit in one transaction that also
//   checks the claim is still this request's; a failure deletes the claim. A claim left by a crashed
//   instance is taken over after its lease.
import { createHash } from "node:crypto";
import { Prisma } from "./generated/prisma/client";
import { db } from "./db";
import { AppError, statusOf, toIssues } from "./errors";
import { idempotencyKeySchema } from "./input/idempotency-key";
import { logger } from "./logger";
import { inTransaction, type DbClient } from "./transaction";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Keys are kept at least this long; older rows are deleted by the scheduled retention
 * (server/retention/retention-jobs.ts "write_requests"), in bounded batches, one instance at a time. */
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface WriteAnswer {
  status: number;
  /** The JSON body as sent: a replay sends these exact bytes again. */
  body: string;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
  /** Headers of this answer (a 409 write_in_progress's Retry-After). */
  headers?: Record<string, string>;
}

export interface WriteScope {
  /** actorKey(actor): keys of different actors never meet. */
  actorKey: string;
  /** The Idempotency-Key header as received (null: an ordinary, non-idempotent write). */
  key: string | null | undefined;
  /** What is written and to which target, e.g. "review.revise <id>". */
  operation: string;
  /** The validated input; with the operation it is the request's fingerprint. */
  input: unknown;
}

/** The header's value, or a 400 naming the header. */
export function parseIdempotencyKey(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      "invalid_request",
      "The Idempotency-Key header is not valid.",
      toIssues(parsed.error.issues).map((i) => ({ ...i, path: IDEMPOTENCY_HEADER })),
    );
  }
  return parsed.data;
}

const keyReused = () =>
  new AppError(
    "idempotency_key_reused",
    "This Idempotency-Key was used for a different request (another operation, target or body); use a new key for a new request.",
  );

const fingerprintOf = (operation: string, input: unknown) =>
  createHash("sha256")
    .update(`${operation}\n${JSON.stringify(input ?? null)}`)
    .digest("hex");

/** Runs after the write has committed and may answer a fresher result (e.g. a review marked as a
 * verified call by a paid call that committed at the same moment); null keeps the committed one. */
export type AfterCommit<B> = (committed: { status: number; body: B }) => Promise<{ status: number; body: B } | null>;

export async function withIdempotentWrite<B>(
  scope: WriteScope,
  write: (tx: DbClient) => Promise<{ status: number; body: B }>,
  afterCommit?: AfterCommit<B>,
): Promise<WriteAnswer> {
  const key = parseIdempotencyKey(scope.key);
  if (key === null) {
    const committed = await inTransaction(undefined, write);
    const { status, body } = (await runAfterCommit(afterCommit, committed)) ?? committed;
    return { status, body: JSON.stringify(body), replayed: false };
  }
  const fingerprint = fingerprintOf(scope.operation, scope.input);
  let committed: { status: number; body: B } | undefined;
  const answer = await inTransaction(undefined, async (tx): Promise<WriteAnswer> => {
    const claimed = await tx.$executeRaw(Prisma.sql`
      INSERT INTO write_requests (actor_key, key, operation, fingerprint, status, response)
      VALUES (${scope.actorKey}, ${key}, ${scope.operation}, ${fingerprint}, 0, 'null'::jsonb)
      ON CONFLICT (actor_key, key) DO NOTHING`);
    if (claimed === 0) {
      const [stored] = await tx.$queryRaw<{ fingerprint: string; status: number; response: unknown }[]>(Prisma.sql`
        SELECT fingerprint, status, response FROM write_requests WHERE actor_key = ${scope.actorKey} AND key = ${key}`);
      // Deleted in between (expired): the caller may retry; this is rare enough to be a conflict.
      if (!stored) throw new AppError("conflict", "This Idempotency-Key was just released; retry the request.");
      if (stored.fingerprint !== fingerprint) throw keyReused();
      return { status: stored.status, body: stored.response as string, replayed: true };
    }
    const result = await write(tx);
    committed = result;
    const body = JSON.stringify(result.body);
    // Stored as a JSON string value: jsonb would reorder an object's keys, a string keeps every byte.
    await tx.$executeRaw(Prisma.sql`
      UPDATE write_requests SET status = ${result.status}, response = to_jsonb(${body}::text)
      WHERE actor_key = ${scope.actorKey} AND key = ${key}`);
    return { status: result.status, body, replayed: false };
  });
  if (answer.replayed || !committed) return answer;
  const fresh = await runAfterCommit(afterCommit, committed);
  if (!fresh) return answer;
  const body = JSON.stringify(fresh.body);
  // A retry with the key replays what this request answered.
  try {
    await db.$executeRaw(Prisma.sql`
      UPDATE write_requests SET status = ${fresh.status}, response = to_jsonb(${body}::text)
      WHERE actor_key = ${scope.actorKey} AND key = ${key} AND fingerprint = ${fingerprint}`);
  } catch (err) {
    logger.warn(
      { err: errSummary(err), operation: scope.operation },
      "could not store the refreshed answer of an idempotent write",
    );
  }
  return { status: fresh.status, body, replayed: false };
}

const errSummary = (err: unknown) => ({
  name: (err as Error).name,
  message: String((err as Error).message).slice(0, 300),
});

// The write has committed: a failure here must not turn it into an error answer (a retry would
// then find it done), so it is logged and the committed answer stands.
async function runAfterCommit<B>(afterCommit: AfterCommit<B> | undefined, committed: { status: number; body: B }) {
  if (!afterCommit) return null;
  try {
    return await afterCommit(committed);
  } catch (err) {
    logger.warn({ err: errSummary(err) }, "after-commit step of a write failed; answering the committed result");
    return null;
  }
}

/** Retry-After of a 409 write_in_progress: the slow part usually ends within seconds. */
export const IN_PROGRESS_RETRY_AFTER_S = 2;

/** What withSlowIdempotentWrite answers while another request under the key still runs. */
function inProgressAnswer(): WriteAnswer {
  return {
    status: statusOf("write_in_progress"),
    body: JSON.stringify({
      error: "write_in_progress",
      message:
        "A request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer.",
    }),
    replayed: false,
    headers: { "retry-after": String(IN_PROGRESS_RETRY_AFTER_S) },
  };
}

type Claim = { kind: "claimed"; claimedAt: Date } | { kind: "answer"; answer: WriteAnswer };

/** Claims the key in its own statement (committed at once), or says what the key already holds. */
async function claimKey(
  scope: WriteScope & { key: string },
  fingerprint: string,
  leaseMs: number,
  now: () => Date,
): Promise<Claim> {
  // created_at is the claim's token: a takeover moves it, and only the holder of the current value may
  // store an answer or release the claim. Status 0 = running.
  for (let attempt = 0; attempt < 2; attempt++) {
    const at = now();
    const [claimed] = await db.$queryRaw<{ created_at: Date }[]>(Prisma.sql`
      INSERT INTO write_requests (actor_key, key, operation, fingerprint, status, response, created_at)
      VALUES (${scope.actorKey}, ${scope.key}, ${scope.operation}, ${fingerprint}, 0, 'null'::jsonb, ${at})
      ON CONFLICT (actor_key, key) DO NOTHING
      RETURNING created_at`);
    if (claimed) return { kind: "claimed", claimedAt: claimed.created_at };
    const [stored] = await db.$queryRaw<
      { fingerprint: string; status: number; response: unknown; created_at: Date }[]
    >(Prisma.sql`
      SELECT fingerprint, status, response, created_at FROM write_requests
      WHERE actor_key = ${scope.actorKey} AND key = ${scope.key}`);
    if (!stored) continue; // released or expired in between: claim again
    if (stored.fingerprint !== fingerprint) throw keyReused();
    if (stored.status !== 0)
      return { kind: "answer", answer: { status: stored.status, body: stored.response as string, replayed: true } };
    if (now().getTime() - stored.created_at.getTime() < leaseMs) return { kind: "answer", answer: inProgressAnswer() };
    // The holder outlived its lease (an instance that crashed mid-write): take the claim over.
    const [taken] = await db.$queryRaw<{ created_at: Date }[]>(Prisma.sql`
      UPDATE write_requests SET created_at = ${now()}
      WHERE actor_key = ${scope.actorKey} AND key = ${scope.key} AND status = 0 AND created_at = ${stored.created_at}
      RETURNING created_at`);
    if (taken) return { kind: "claimed", claimedAt: taken.created_at };
    return { kind: "answer", answer: inProgressAnswer() };
  }
  throw new AppError("conflict", "This Idempotency-Key was just released; retry the request.");
}

export interface SlowWrite<P, B> {
  /** The slow part, outside any transaction (e.g. probing URLs); runs once per claim. */
  prepare: () => Promise<P>;
  /** The write, inside the transaction that stores its answer. */
  write: (tx: DbClient, prepared: P) => Promise<{ status: number; body: B }>;
  /** How long a running claim is left alone: longer than prepare and write can take. */
  leaseMs: number;
  /** The clock (tests). */
  now?: () => Date;
}

/** See the file's head. Without a key, prepare and write simply run (the write in a transaction). */
export async function withSlowIdempotentWrite<P, B>(scope: WriteScope, spec: SlowWrite<P, B>): Promise<WriteAnswer> {
  const key = parseIdempotencyKey(scope.key);
  if (key === null) {
    const prepared = await spec.prepare();
    const { status, body } = await inTransaction(undefined, (tx) => spec.write(tx, prepared));
    return { status, body: JSON.stringify(body), replayed: false };
  }
  const now = spec.now ?? (() => new Date());
  const fingerprint = fingerprintOf(scope.operation, scope.input);
  const claim = await claimKey({ ...scope, key }, fingerprint, spec.leaseMs, now);
  if (claim.kind === "answer") return claim.answer;
  const mine = Prisma.sql`actor_key = ${scope.actorKey} AND key = ${key} AND status = 0 AND created_at = ${claim.claimedAt}`;
  try {
    const prepared = await spec.prepare();
    const answer = await inTransaction(undefined, async (tx): Promise<WriteAnswer> => {
      const result = await spec.write(tx, prepared);
      const body = JSON.stringify(result.body);
      const stored = await tx.$executeRaw(Prisma.sql`
        UPDATE write_requests SET status = ${result.status}, response = to_jsonb(${body}::text) WHERE ${mine}`);
      // Taken over after the lease: the other request's write counts, this one rolls back.
      if (stored === 0)
        throw new AppError(
          "conflict",
          "This request outlived its Idempotency-Key's lease; retry it to get the answer.",
        );
      return { status: result.status, body, replayed: false };
    });
    return answer;
  } catch (err) {
    // Nothing was written: release the key so that a retry runs again (if the claim is still ours).
    await db
      .$executeRaw(Prisma.sql`DELETE FROM write_requests WHERE ${mine}`)
      .catch((e: unknown) => logger.warn({ err: errSummary(e) }, "could not release an idempotency claim"));
    throw err;
  }
}

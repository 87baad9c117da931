// Idempotent writes (the Idempotency-Key header of the REST review writes; docs/decisions.md "Reviews").
// The key is scoped per actor and bound to one operation and input. The claim row, the write and
// the stored answer commit in ONE transaction: the claim is `INSERT … ON CONFLICT DO NOTHING`, so
// a concurrent duplicate blocks on the key until the first commits, then reads its answer (or, if
// the first rolled back, claims the key itself). A write that fails (4xx) stores nothing: its
// retry runs again.
import { createHash } from "node:crypto";
import { Prisma } from "../generated/prisma/client";
import { db } from "../db";
import { AppError, toIssues } from "../errors";
import { idempotencyKeySchema } from "../input/idempotency-key";
import { logger } from "../logger";
import { inTransaction, type DbClient } from "../transaction";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Keys are kept at least this long; older rows are deleted now and then. */
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
// About one insert in this many also deletes expired rows (indexed on created_at: cheap).
const CLEANUP_ONE_IN = 100;

export interface WriteAnswer {
  status: number;
  /** The JSON body as sent: a replay sends these exact bytes again. */
  body: string;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
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
      if (stored.fingerprint !== fingerprint) {
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was used for a different request (another operation, review or body); use a new key for a new request.",
        );
      }
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
  if (!answer.replayed && Math.random() * CLEANUP_ONE_IN < 1) void deleteExpiredKeys();
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

/** Deletes keys older than KEY_RETENTION_MS; returns how many. */
export async function deleteExpiredKeys(now = Date.now()): Promise<number> {
  try {
    return (await db.writeRequest.deleteMany({ where: { createdAt: { lt: new Date(now - KEY_RETENTION_MS) } } })).count;
  } catch (err) {
    logger.warn(
      { err: { name: (err as Error).name, message: String((err as Error).message).slice(0, 300) } },
      "write_requests cleanup failed",
    );
    return 0;
  }
}

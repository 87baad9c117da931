// The observer's idempotency record, one row per (token, offer, Idempotency-Key) in observed_calls,
// in as few statements as the guarantees allow:
//   claim   one INSERT … ON CONFLICT DO NOTHING that returns either the new claim or, when the key
//           is taken, the existing row (read in the same statement); only a row committed by a
//           concurrent twin after the statement began needs a second read.
//   record  one UPDATE with the outcome and the stored answer, fenced on the claim it ends, so a
//           worker whose claim went stale and was taken over cannot overwrite the new outcome.
// States: in_flight (claimed, the call is running), completed (final: replayed as recorded),
// retryable (a 402 — nothing charged — or no connection at all: the same key may call again).
// Completed answers are final, so each instance also keeps the small ones in memory: a replay
// then costs no statement at all. After OBSERVER_ANSWER_RETENTION_DAYS the retention removes a
// completed call's stored answer (server/retention/observed-answers.ts) and keeps its record: a
// replay is then "expired" (410 observed_answer_expired, the recorded status, no provider call), and
// the memory copy is not used past that age either.
// Both writes commit without waiting for the WAL flush (synchronous_commit off, for that statement
// only, via set_config(…, true) in its own implicit transaction): a flush cost several ms per
// statement here. Only a PostgreSQL crash can lose such a commit (the last few hundred ms; an app
// crash cannot): a lost claim lets a retry call the provider again — with the same derived
// Idempotency-Key, so the provider can answer it once — and a lost record leaves the claim to go
// stale. Purchases, which move money, keep synchronous commits.
import { sqlQuery } from "../db";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import type { HeaderPairs } from "./provider-headers";

/** A claim in flight longer than this is abandoned (its process died) and may be taken over. */
export const STALE_CLAIM_MS = env.OBSERVER_TIMEOUT_MS + 15_000;

export interface CallKey {
  tokenId: string;
  offerId: string;
  idempotencyKey: string;
}

export interface NewCall extends CallKey {
  serviceId: string;
  fingerprint: string;
  method: string;
  requestBytes: number;
}

export interface StoredAnswer {
  status: number;
  headers: HeaderPairs;
  body: Buffer;
}

/** The row a call owns until it records its outcome. */
export interface ClaimTicket {
  id: string;
  claimedAt: Date;
}

/** A completed call whose stored answer the retention removed: what its record still says. */
export interface ExpiredAnswer {
  status: number;
  completedAt: Date | null;
}

export type Claim =
  | { kind: "claimed"; ticket: ClaimTicket }
  | { kind: "replay"; answer: StoredAnswer }
  | { kind: "expired"; record: ExpiredAnswer }
  | { kind: "in_progress" }
  | { kind: "reused" };

interface ClaimRow {
  kind: "claimed" | "existing";
  id: string;
  claimed_at: Date;
  fingerprint: string | null;
  state: string | null;
  status: number | null;
  response_headers: HeaderPairs | null;
  response_body: Buffer | null;
  completed_at: Date | null;
  answer_purged_at: Date | null;
  stale: boolean;
}

const REPLAY_CACHE_MAX = 2_000;
const REPLAY_CACHE_MAX_BODY = 64 * 1024;
const replays = new Map<string, { fingerprint: string; answer: StoredAnswer; completedAt: number }>();
const cacheKey = (k: CallKey) => `${k.tokenId}\n${k.offerId}\n${k.idempotencyKey}`;

function remember(key: CallKey, fingerprint: string, answer: StoredAnswer, completedAt: Date | null): void {
  if (answer.body.length > REPLAY_CACHE_MAX_BODY) return;
  if (replays.size >= REPLAY_CACHE_MAX) replays.delete(replays.keys().next().value!);
  replays.set(cacheKey(key), { fingerprint, answer, completedAt: completedAt?.getTime() ?? Date.now() });
}

/** The memory copy of a completed answer, unless it is as old as the retention (the database then
 * says whether the answer is still stored). */
function cachedReplay(key: CallKey) {
  const cached = replays.get(cacheKey(key));
  if (!cached) return undefined;
  if (Date.now() - cached.completedAt < env.OBSERVER_ANSWER_RETENTION_DAYS * 86_400_000) return cached;
  replays.delete(cacheKey(key));
  return undefined;
}

const staleSeconds = STALE_CLAIM_MS / 1000;
const ASYNC_COMMIT = Prisma.sql`set_config('synchronous_commit', 'off', true)`;

function decide(call: NewCall, row: ClaimRow): Claim | "take_over" {
  if (row.kind === "claimed") return { kind: "claimed", ticket: { id: row.id, claimedAt: row.claimed_at } };
  if (row.fingerprint !== call.fingerprint) return { kind: "reused" };
  if (row.state === "completed") {
    if (row.answer_purged_at)
      return { kind: "expired", record: { status: row.status!, completedAt: row.completed_at } };
    const answer = {
      status: row.status!,
      headers: row.response_headers ?? [],
      body: row.response_body ?? Buffer.alloc(0),
    };
    remember(call, call.fingerprint, answer, row.completed_at);
    return { kind: "replay", answer };
  }
  if (row.state === "retryable" || row.stale) return "take_over";
  return { kind: "in_progress" };
}

/** Claims the key for a call, or says what the key already holds. */
export async function claimCall(call: NewCall): Promise<Claim> {
  const cached = cachedReplay(call);
  if (cached)
    return cached.fingerprint === call.fingerprint ? { kind: "replay", answer: cached.answer } : { kind: "reused" };

  const existing = Prisma.sql`
    SELECT 'existing' AS kind, id, claimed_at, fingerprint, state, status, response_headers, response_body,
           completed_at, answer_purged_at, state = 'in_flight' AND claimed_at < now() - make_interval(secs => ${staleSeconds}) AS stale
    FROM observed_calls WHERE token_id = ${call.tokenId}::uuid AND offer_id = ${call.offerId} AND idempotency_key = ${call.idempotencyKey}`;
  const rows = await sqlQuery<ClaimRow>(Prisma.sql`
    WITH async_commit AS (SELECT ${ASYNC_COMMIT}),
    claimed AS (
      INSERT INTO observed_calls (offer_id, service_id, token_id, idempotency_key, fingerprint, method, request_bytes)
      SELECT ${call.offerId}, ${call.serviceId}, ${call.tokenId}::uuid, ${call.idempotencyKey}, ${call.fingerprint}, ${call.method}, ${call.requestBytes}
      FROM async_commit
      ON CONFLICT (token_id, offer_id, idempotency_key) DO NOTHING
      RETURNING id, claimed_at)
    SELECT 'claimed' AS kind, id, claimed_at, NULL::text AS fingerprint, NULL::text AS state, NULL::int AS status,
           NULL::jsonb AS response_headers, NULL::bytea AS response_body, NULL::timestamptz AS completed_at,
           NULL::timestamptz AS answer_purged_at, false AS stale FROM claimed
    UNION ALL
    (${existing} AND NOT EXISTS (SELECT 1 FROM claimed))`);
  // Empty only when a twin inserted the key after this statement's snapshot: read it now.
  const row = rows[0] ?? (await sqlQuery<ClaimRow>(existing))[0];
  if (!row) return { kind: "in_progress" };
  const decision = decide(call, row);
  if (decision !== "take_over") return decision;
  // A 402, an unreachable provider or an abandoned claim: the same request may call again. The
  // update is conditional on the row being as read, so of two retries only one takes it.
  const taken = await sqlQuery<{ id: string; claimed_at: Date }>(Prisma.sql`
    UPDATE observed_calls SET state = 'in_flight', claimed_at = now(), method = ${call.method}, request_bytes = ${call.requestBytes},
           status = NULL, outcome = NULL, completed_at = NULL
    WHERE id = ${row.id}::uuid AND claimed_at = ${row.claimed_at}
      AND (state = 'retryable' OR (state = 'in_flight' AND claimed_at < now() - make_interval(secs => ${staleSeconds})))
    RETURNING id, claimed_at`);
  return taken[0]
    ? { kind: "claimed", ticket: { id: taken[0].id, claimedAt: taken[0].claimed_at } }
    : { kind: "in_progress" };
}

/** The completed answer of this key and request, read without claiming anything (from memory, else
 * one SELECT); null when the key holds no completed call of this request. For a call that must not
 * reach the provider (a routing stop) but whose agent may already have been answered, and paid. */
export async function completedReplay(
  call: CallKey & { fingerprint: string },
): Promise<Extract<Claim, { kind: "replay" | "expired" }> | null> {
  const cached = cachedReplay(call);
  if (cached) return cached.fingerprint === call.fingerprint ? { kind: "replay", answer: cached.answer } : null;
  const [row] = await sqlQuery<
    Pick<
      ClaimRow,
      "fingerprint" | "status" | "response_headers" | "response_body" | "completed_at" | "answer_purged_at"
    >
  >(
    Prisma.sql`
    SELECT fingerprint, status, response_headers, response_body, completed_at, answer_purged_at FROM observed_calls
    WHERE token_id = ${call.tokenId}::uuid AND offer_id = ${call.offerId} AND idempotency_key = ${call.idempotencyKey}
      AND state = 'completed'`,
  );
  if (!row || row.fingerprint !== call.fingerprint) return null;
  if (row.answer_purged_at) return { kind: "expired", record: { status: row.status!, completedAt: row.completed_at } };
  const answer = {
    status: row.status!,
    headers: row.response_headers ?? [],
    body: row.response_body ?? Buffer.alloc(0),
  };
  remember(call, call.fingerprint, answer, row.completed_at);
  return { kind: "replay", answer };
}

export interface CallRecord {
  /** completed: final, replayed; retryable: the same key may call again. */
  state: "completed" | "retryable";
  status: number;
  /** "provider", or the observer's error code. */
  outcome: string;
  latencyMs: number;
  responseBytes: number;
  paid: boolean;
  payer: string | null;
  transaction: string | null;
  network: string | null;
  /** The answer given, stored for replays (completed calls only). */
  answer: StoredAnswer;
  /** A paid call's signed receipt (server/receipts/call-receipt.ts); its header is in `answer`. */
  receipt?: { receipt: string; receiptHash: string; amountAtomic: bigint | null; asset: string | null };
}

/** Ends a claimed call with its outcome, in one statement. False when the claim was lost (taken
 * over as stale): the other call's outcome stands. */
export async function recordCall(call: NewCall, ticket: ClaimTicket, record: CallRecord): Promise<boolean> {
  const final = record.state === "completed";
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`
    UPDATE observed_calls SET state = ${record.state}, status = ${record.status}, outcome = ${record.outcome}, latency_ms = ${record.latencyMs},
           response_bytes = ${record.responseBytes}, paid = ${record.paid}, payer = ${record.payer}, transaction = ${record.transaction},
           network = ${record.network}, response_headers = ${final ? JSON.stringify(record.answer.headers) : null}::jsonb,
           response_body = ${final ? record.answer.body : null}::bytea, completed_at = now(),
           receipt = ${record.receipt?.receipt ?? null}, receipt_hash = ${record.receipt?.receiptHash ?? null},
           amount_atomic = ${record.receipt?.amountAtomic ?? null}::bigint, asset = ${record.receipt?.asset ?? null}
    FROM (SELECT ${ASYNC_COMMIT}) AS async_commit
    WHERE id = ${ticket.id}::uuid AND state = 'in_flight' AND claimed_at = ${ticket.claimedAt}
    RETURNING id`);
  if (rows.length === 0) return false;
  if (final) remember(call, call.fingerprint, record.answer, new Date());
  return true;
}

/** Forgets the in-memory replays (tests that read the database path). */
export function forgetReplays(): void {
  replays.clear();
}

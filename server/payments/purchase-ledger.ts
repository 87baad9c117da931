// The purchase ledger (decisions.md §3): one row per idempotency key. Each phase commits before
// the next step starts, so a crash resumes from the last recovery point:
//   claimed  -> key and authorization nonce are ours; nothing sent to the facilitator for settling
//   settling -> verified; settle was (or is being) requested: the outcome may be unknown
//   settled  -> the facilitator confirmed the transfer; the result is not stored yet
//   completed-> the 200 body is stored; replays send it again
//   failed   -> not charged: the payment verified but its settle was refused; the key may be retried
// A claim whose payment never verified (refused, unverifiable, facilitator down, or abandoned
// before settling) is deleted, not kept as `failed`: the claim is written before verification
// finishes (they run side by side), and a row left by a forged `authorization.from` would bind
// that payer's key (422 forever) and grow the table with every forged request.
//
// Its statements run straight on pg (sqlQuery): they are most of a purchase's database work.
import { randomUUID } from "node:crypto";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { DatabaseError, sqlQuery, UNIQUE_VIOLATION } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { PaymentProtocol } from "./sellable-product";

export const PURCHASE_STATES = ["claimed", "settling", "settled", "completed", "failed"] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export interface PurchaseRow {
  id: string;
  product: string;
  idempotencyKey: string;
  fingerprint: string;
  state: PurchaseState;
  /** How it was paid: "x402" (PAYMENT-SIGNATURE) or "mpp" (Authorization: Payment, settled as the same EIP-3009 transfer). */
  protocol: PaymentProtocol;
  signatureHash: string | null;
  payer: string;
  nonce: string | null;
  transaction: string | null;
  /** The header replayed with the result: PAYMENT-RESPONSE (x402) or Payment-Receipt (mpp). */
  paymentResponse: string | null;
  responseBody: string | null;
  /** jsonb, as stored: the purchase's body, the decoded payload and the requirements it matched. */
  requestBody: unknown;
  paymentPayload: unknown;
  paymentRequirements: unknown;
  errorCode: string | null;
  updatedAt: Date;
}

const PURCHASE_COLUMNS = Prisma.raw(
  `id, product, idempotency_key AS "idempotencyKey", fingerprint, state, protocol, signature_hash AS "signatureHash", payer, nonce,
   "transaction", payment_response AS "paymentResponse", response_body AS "responseBody", request_body AS "requestBody",
   payment_payload AS "paymentPayload", payment_requirements AS "paymentRequirements", error_code AS "errorCode", updated_at AS "updatedAt"`,
);

// Keys are scoped per payer (the authorization's `from`, lower-case).
export async function findPurchase(payer: string, idempotencyKey: string): Promise<PurchaseRow | null> {
  const [row] = await sqlQuery<PurchaseRow>(
    Prisma.sql`SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE payer = ${payer} AND idempotency_key = ${idempotencyKey}`,
  );
  return row ?? null;
}

export type PurchaseOutcome = Pick<
  PurchaseRow,
  "fingerprint" | "state" | "protocol" | "signatureHash" | "responseBody" | "paymentResponse"
> & { /** The row's id, for the purchase's log lines (purchase-log.ts). */ id?: string };

/** What answering a known key needs (its product unseals the stored answer): a lean read for the path every replay takes. */
export async function findPurchaseOutcome(
  payer: string,
  idempotencyKey: string,
): Promise<(PurchaseOutcome & Pick<PurchaseRow, "product">) | null> {
  const [row] = await sqlQuery<PurchaseOutcome & Pick<PurchaseRow, "product">>(Prisma.sql`
    SELECT id, product, fingerprint, state, protocol, signature_hash AS "signatureHash", response_body AS "responseBody", payment_response AS "paymentResponse"
    FROM purchases WHERE payer = ${payer} AND idempotency_key = ${idempotencyKey}`);
  return row ?? null;
}

export interface Claim {
  product: string;
  /** Default "x402". */
  protocol?: PaymentProtocol;
  idempotencyKey: string;
  fingerprint: string;
  signatureHash: string;
  payer: string;
  nonce: string;
  amountAtomic: bigint;
  network: string;
  asset: string;
  requestBody: unknown;
  paymentPayload: PaymentPayload;
  paymentRequirements: PaymentRequirements;
}

const json = (value: unknown) => JSON.stringify(value);

// One EIP-3009 authorization pays for at most one purchase, ever (unique index of the init migration).
const NONCE_CONSTRAINT = "purchases_network_asset_payer_nonce_key";

/**
 * Claims the key and the authorization nonce in one statement: a new row, or the retry of a
 * failed attempt under the same key. `nonce_used`: the authorization already belongs to another
 * purchase. `key_in_use`: another worker claimed this key meanwhile — only possible when it no
 * longer saw our lock (its connection died), so that purchase may be settling right now.
 */
export async function claimPurchase(
  claim: Claim,
  replacing: PurchaseRow | null,
): Promise<PurchaseRow | "nonce_used" | "key_in_use"> {
  const c = claim;
  try {
    const [row] = replacing
      ? await sqlQuery<PurchaseRow>(Prisma.sql`
          UPDATE purchases SET fingerprint = ${c.fingerprint}, state = 'claimed', protocol = ${c.protocol ?? "x402"}, signature_hash = ${c.signatureHash}, payer = ${c.payer},
            nonce = ${c.nonce}, amount_atomic = ${c.amountAtomic}, network = ${c.network}, asset = ${c.asset.toLowerCase()},
            request_body = ${json(c.requestBody)}::jsonb, payment_payload = ${json(c.paymentPayload)}::jsonb,
            payment_requirements = ${json(c.paymentRequirements)}::jsonb, "transaction" = NULL, payment_response = NULL, error_code = NULL,
            updated_at = now()
          WHERE id = ${replacing.id}::uuid AND state = 'failed'
          RETURNING ${PURCHASE_COLUMNS}`)
      : await sqlQuery<PurchaseRow>(Prisma.sql`
          INSERT INTO purchases (id, product, idempotency_key, fingerprint, state, protocol, signature_hash, payer, nonce, amount_atomic, network, asset,
            request_body, payment_payload, payment_requirements, updated_at)
          VALUES (${randomUUID()}::uuid, ${c.product}, ${c.idempotencyKey}, ${c.fingerprint}, 'claimed', ${c.protocol ?? "x402"}, ${c.signatureHash}, ${c.payer},
            ${c.nonce}, ${c.amountAtomic}, ${c.network}, ${c.asset.toLowerCase()}, ${json(c.requestBody)}::jsonb,
            ${json(c.paymentPayload)}::jsonb, ${json(c.paymentRequirements)}::jsonb, now())
          RETURNING ${PURCHASE_COLUMNS}`);
    return row ?? "key_in_use"; // the failed row being replaced moved on
  } catch (err) {
    if (err instanceof DatabaseError && err.code === UNIQUE_VIOLATION)
      return err.constraint === NONCE_CONSTRAINT ? "nonce_used" : "key_in_use";
    throw err;
  }
}

// Every move is conditional on the state it leaves: if another worker moved the purchase on (the
// lock's connection died under us), nothing is overwritten and the caller stops with an error.
async function transition(id: string, from: PurchaseState[], to: PurchaseState | null, set: Prisma.Sql): Promise<void> {
  const moved = await sqlQuery<{ id: string }>(Prisma.sql`
    UPDATE purchases SET ${to ? Prisma.sql`state = ${to}, ` : Prisma.empty}${set}, updated_at = now()
    WHERE id = ${id}::uuid AND state IN (${Prisma.join(from)})
    RETURNING id`);
  if (moved.length !== 1) throw new Error(`purchase ${id} is no longer in ${from.join("/")}`);
}

export async function markSettling(id: string, payer: string): Promise<void> {
  await transition(id, ["claimed"], "settling", Prisma.sql`payer = ${payer.toLowerCase()}`);
}

/** The settle's outcome is open; keeps a transaction hash when the facilitator gave one. */
export async function markSettlementUnknown(id: string, code: string, transaction?: string): Promise<void> {
  await transition(
    id,
    ["settling"],
    null,
    Prisma.sql`error_code = ${code}, "transaction" = COALESCE(${transaction ?? null}, "transaction")`,
  );
}

export async function markSettled(id: string, transaction: string, paymentResponse: string): Promise<void> {
  await transition(
    id,
    ["settling"],
    "settled",
    Prisma.sql`"transaction" = ${transaction}, payment_response = ${paymentResponse}, error_code = NULL, settled_at = now()`,
  );
}

export async function markCompleted(id: string, responseBody: string): Promise<void> {
  await transition(
    id,
    ["settled"],
    "completed",
    Prisma.sql`response_status = 200, response_body = ${responseBody}, completed_at = now()`,
  );
}

/**
 * Drops a claim whose payment never verified: nothing was sent for settlement (the claim is still
 * `claimed`), so the key and the authorization's nonce are free again and no row is left behind.
 * Fenced like the transitions: a row another worker moved on is left alone.
 */
export async function releaseClaim(id: string): Promise<void> {
  await sqlQuery(Prisma.sql`DELETE FROM purchases WHERE id = ${id}::uuid AND state = 'claimed'`);
}

/** Not charged: only from states that never executed a transfer (decided by the caller). */
export async function markFailed(id: string, errorCode: string): Promise<void> {
  await transition(id, ["claimed", "settling"], "failed", Prisma.sql`error_code = ${errorCode}`);
}

/**
 * Counts a failed fulfilment of a settled purchase; returns the count so far, or undefined when
 * the purchase is not `settled` (e.g. the `settled` write itself failed: not a fulfilment failure).
 */
export async function countFulfilmentFailure(id: string): Promise<number | undefined> {
  const [row] = await sqlQuery<{ failures: number }>(Prisma.sql`
    UPDATE purchases SET fulfil_failures = fulfil_failures + 1, updated_at = now()
    WHERE id = ${id}::uuid AND state = 'settled'
    RETURNING fulfil_failures AS failures`);
  return row?.failures;
}

/** Marks a pass of the reconciler that changed nothing, so the next pass looks at others first. */
export async function touchPurchase(id: string): Promise<void> {
  await sqlQuery(Prisma.sql`UPDATE purchases SET updated_at = now() WHERE id = ${id}::uuid`);
}

/**
 * Purchases whose outcome is still open and untouched for `idleMs`: the reconciler's work list.
 * A purchase whose fulfilment keeps failing waits longer each time (up to 60 × idleMs).
 */
export async function openPurchases(
  idleMs: number,
  limit = 100,
): Promise<{ payer: string; idempotencyKey: string; product: string }[]> {
  // Settlements only the chain can decide (settlement_unresolved) wait for an operator.
  return sqlQuery(Prisma.sql`
    SELECT payer, idempotency_key AS "idempotencyKey", product FROM purchases
    WHERE state IN ('claimed', 'settling', 'settled')
      AND updated_at < now() - make_interval(secs => ${idleMs / 1000}::float8 * (1 + least(fulfil_failures, 59)))
      AND error_code IS DISTINCT FROM 'settlement_unresolved'
    ORDER BY updated_at ASC
    LIMIT ${limit}`);
}

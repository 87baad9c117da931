// The purchase ledger (decisions.md §3): one row per idempotency key. Each phase commits before
// the next step starts, so a crash resumes from the last recovery point:
//   claimed  -> key and authorization nonce are ours; nothing sent to the facilitator for settling
//   settling -> verified; settle was (or is being) requested: the outcome may be unknown
//   settled  -> the facilitator confirmed the transfer; the result is not stored yet
//   completed-> the 200 body is stored; replays send it again
//   failed   -> not charged (refused, unverifiable, or abandoned before settling); the key may be retried
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";

export const PURCHASE_STATES = ["claimed", "settling", "settled", "completed", "failed"] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

const purchaseSelect = {
  id: true,
  product: true,
  idempotencyKey: true,
  fingerprint: true,
  state: true,
  signatureHash: true,
  payer: true,
  nonce: true,
  transaction: true,
  paymentResponse: true,
  responseBody: true,
  requestBody: true,
  paymentPayload: true,
  paymentRequirements: true,
  errorCode: true,
  updatedAt: true,
} satisfies Prisma.PurchaseSelect;

export type PurchaseRow = Prisma.PurchaseGetPayload<{ select: typeof purchaseSelect }> & { state: PurchaseState };

// Keys are scoped per payer (the authorization's `from`, lower-case).
export async function findPurchase(payer: string, idempotencyKey: string): Promise<PurchaseRow | null> {
  return (await db.purchase.findUnique({ where: { payer_idempotencyKey: { payer, idempotencyKey } }, select: purchaseSelect })) as PurchaseRow | null;
}

/** What answering a known key needs: a lean read for the path every replay takes. */
export async function findPurchaseOutcome(payer: string, idempotencyKey: string) {
  return db.purchase.findUnique({
    where: { payer_idempotencyKey: { payer, idempotencyKey } },
    select: { fingerprint: true, state: true, signatureHash: true, responseBody: true, paymentResponse: true },
  });
}

export interface Claim {
  product: string;
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

/**
 * Claims the key and the authorization nonce in one statement: a new row, or the retry of a
 * failed attempt under the same key. Returns null when the authorization already belongs to
 * another purchase (one EIP-3009 authorization pays for at most one purchase, ever).
 */
export async function claimPurchase(claim: Claim, replacing: PurchaseRow | null): Promise<PurchaseRow | null> {
  const data = {
    fingerprint: claim.fingerprint,
    state: "claimed",
    signatureHash: claim.signatureHash,
    payer: claim.payer,
    nonce: claim.nonce,
    amountAtomic: claim.amountAtomic,
    network: claim.network,
    asset: claim.asset.toLowerCase(),
    requestBody: claim.requestBody as Prisma.InputJsonValue,
    paymentPayload: claim.paymentPayload as unknown as Prisma.InputJsonValue,
    paymentRequirements: claim.paymentRequirements as unknown as Prisma.InputJsonValue,
    transaction: null,
    paymentResponse: null,
    errorCode: null,
  };
  try {
    const row = replacing
      ? await db.purchase.update({ where: { id: replacing.id }, data, select: purchaseSelect })
      : await db.purchase.create({ data: { ...data, product: claim.product, idempotencyKey: claim.idempotencyKey }, select: purchaseSelect });
    return row as PurchaseRow;
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return null;
    throw err;
  }
}

// Every move is conditional on the state it leaves: if another worker moved the purchase on (the
// lock's connection died under us), nothing is overwritten and the caller stops with an error.
async function transition(id: string, from: PurchaseState[], data: Prisma.PurchaseUpdateManyMutationInput): Promise<void> {
  const { count } = await db.purchase.updateMany({ where: { id, state: { in: from } }, data });
  if (count !== 1) throw new Error(`purchase ${id} is no longer in ${from.join("/")}`);
}

export async function markSettling(id: string, payer: string): Promise<void> {
  await transition(id, ["claimed"], { state: "settling", payer: payer.toLowerCase() });
}

/** The settle's outcome is open; keeps a transaction hash when the facilitator gave one. */
export async function markSettlementUnknown(id: string, code: string, transaction?: string): Promise<void> {
  await transition(id, ["settling"], { errorCode: code, ...(transaction ? { transaction } : {}) });
}

export async function markSettled(id: string, transaction: string, paymentResponse: string): Promise<void> {
  await transition(id, ["settling"], { state: "settled", transaction, paymentResponse, errorCode: null, settledAt: new Date() });
}

export async function markCompleted(id: string, responseBody: string): Promise<void> {
  await transition(id, ["settled"], { state: "completed", responseStatus: 200, responseBody, completedAt: new Date() });
}

/** Not charged: only from states that never executed a transfer (decided by the caller). */
export async function markFailed(id: string, errorCode: string): Promise<void> {
  await transition(id, ["claimed", "settling"], { state: "failed", errorCode });
}

/** Marks a pass of the reconciler that changed nothing, so the next pass looks at others first. */
export async function touchPurchase(id: string): Promise<void> {
  await db.purchase.update({ where: { id }, data: { updatedAt: new Date() }, select: { id: true } });
}

/** Purchases whose outcome is still open and untouched for `idleMs`: the reconciler's work list. */
export async function openPurchases(idleMs: number, limit = 100): Promise<{ payer: string; idempotencyKey: string; product: string }[]> {
  return db.purchase.findMany({
    // Settlements only the chain can decide (settlement_unresolved) wait for an operator.
    where: {
      state: { in: ["claimed", "settling", "settled"] },
      updatedAt: { lt: new Date(Date.now() - idleMs) },
      OR: [{ errorCode: null }, { errorCode: { not: "settlement_unresolved" } }],
    },
    select: { payer: true, idempotencyKey: true, product: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
}

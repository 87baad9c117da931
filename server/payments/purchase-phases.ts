// The phases of a claimed purchase: verify, settle, fulfil. Each commits its recovery point
// (purchase-ledger.ts) before the next starts; `advance` resumes from whatever phase a row is in,
// which is how retries and the reconciler finish a purchase after a timeout or a crash. The row's
// payment method (methods/) verifies and settles; what it decided is recorded here the same way
// for every method.
import { encodeHeaderJson } from "./header-codec";
import { DatabaseBusyError, DatabaseError } from "../db";
import { logger } from "../logger";
import { countPurchase, timedSettle, timedVerify } from "../metrics/payment-metrics";
import { withPurchaseReceipt } from "../receipts/purchase-receipt";
import { balanceShortfall, INSUFFICIENT_BALANCE } from "./balance-shortfall";
import { refusedChallenge, type RefusalDetails } from "./challenge";
import { rememberCompleted } from "./completed-purchases";
import { methodOf } from "./methods/payment-methods";
import { logPurchase, type PurchaseSubject } from "./purchase-log";
import type { LedgerPayment, Verification } from "./methods/payment-method";
import type { PaymentRuntime } from "./payment-runtime";
import { timed } from "./purchase-timing";
import { completedReply, sealedBody, settlementUnknown } from "./purchase-answers";
import {
  countFulfilmentFailure,
  markCompleted,
  markFailed,
  markSettled,
  markSettlementUnknown,
  markSettling,
  releaseClaim,
  type PurchaseRow,
} from "./purchase-ledger";
import { challengeReply, facilitatorDown, unavailable, type PaymentReply } from "./purchase-reply";
import { refusalMessage } from "./refusal-messages";

// Failed fulfilments of one paid purchase after which each further failure is logged as needing an operator.
export const FULFIL_FAILURES_ALERT = 10;

/** What the request that just claimed the purchase brings to it: the input it parsed from its body, and the verification under way. */
export interface LiveRequest {
  input: unknown;
  verifying?: Promise<Verification>;
}

const NONCE_USED = "invalid_exact_evm_nonce_already_used";

// The facilitator finds the nonce used while this purchase holds it (claimed, never sent to settle;
// the ledger's nonce index lets no other purchase of ours hold it): it was spent outside our
// purchases, e.g. settled directly. Not "already paid for another purchase": there is none.
const spentElsewhere = (row: PurchaseRow, detail?: string): RefusalDetails => ({
  message: refusalMessage(NONCE_USED, { protocol: row.protocol, spentElsewhere: true, detail }),
});

/** A 402 that says why a claimed purchase's payment was refused (verify or settle); built only when needed (it may need the facilitator). */
async function refusedPurchase(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  reason: string,
  detail?: string,
): Promise<PaymentReply> {
  const product = runtime.product(row.product);
  try {
    if (!product) throw new Error(`unknown product ${row.product}`);
    const challenge = await runtime.challenge(product);
    const price = BigInt((row.paymentRequirements as { amount?: string } | null)?.amount ?? product.priceAtomic);
    const details =
      reason === INSUFFICIENT_BALANCE
        ? await balanceShortfall(runtime, row.payer, price, row.protocol)
        : reason === NONCE_USED
          ? spentElsewhere(row, detail)
          : {};
    // A refused MPP credential gets fresh challenges, so the payer can pay again at once.
    const mpp =
      row.protocol === "mpp" && runtime.mpp
        ? { wwwAuthenticate: await runtime.mpp.freshChallenges(product), detail }
        : undefined;
    return challengeReply(refusedChallenge(challenge, reason, details, mpp));
  } catch (err) {
    logger.warn({ err }, "cannot build the payment challenge for a refusal");
    return facilitatorDown(); // nothing was charged: the refusal itself says so
  }
}

const subjectOf = (row: PurchaseRow): PurchaseSubject => {
  let method: string;
  try {
    method = methodOf(row).id;
  } catch {
    method = row.protocol;
  }
  return { purchase: row.id, product: row.product, method };
};

// A throw from the in-process facilitator (over our own ledger) that is not the database is the payload's fault.
function unverifiablePayload(runtime: PaymentRuntime, error: unknown): boolean {
  return runtime.facilitator.ownLedger !== undefined && !(error instanceof DatabaseError);
}

// A payment that did not verify binds nothing: its claim is deleted (purchase-ledger.ts), so a
// forged `authorization.from` can neither occupy that payer's key nor leave rows behind.
async function verify(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  pending?: Promise<Verification>,
): Promise<PaymentReply | undefined> {
  const method = methodOf(row);
  const verification = await (pending ??
    timedVerify(method.id, () =>
      method.verify(runtime, {
        payload: row.paymentPayload,
        requirements: row.paymentRequirements,
      } as LedgerPayment),
    ));
  if ("error" in verification) {
    // Busy is not the facilitator's fault: answered server_busy; the claim is resumed or dropped later.
    if (verification.error instanceof DatabaseBusyError) throw verification.error;
    if (unverifiablePayload(runtime, verification.error)) {
      logPurchase("refused", subjectOf(row), { reason: "invalid_payload" });
      await releaseClaim(row.id);
      return refusedPurchase(runtime, row, "invalid_payload");
    }
    logger.warn({ err: verification.error, purchase: row.id }, "facilitator verify failed");
    logPurchase("failed", subjectOf(row), { reason: "facilitator_unavailable" });
    await releaseClaim(row.id);
    return facilitatorDown();
  }
  const { verdict } = verification;
  if (!verdict.isValid) {
    const reason = verdict.invalidReason ?? "invalid_payment";
    logPurchase("refused", subjectOf(row), { reason });
    await releaseClaim(row.id);
    return refusedPurchase(runtime, row, reason);
  }
  try {
    await timed("mark-settling", () => markSettling(row.id, verdict.payer ?? row.payer!));
  } catch (err) {
    // Unless the statement never ran (busy), its commit may have landed before the connection
    // dropped: the row may be `settling`, which the reconciler settles. Never answer "not charged" then.
    if (!(err instanceof DatabaseBusyError)) row.state = "settling";
    throw err;
  }
  row.state = "settling";
  logPurchase("verified", subjectOf(row));
  return undefined;
}

// Records what the method's settle decided: unknown → open, 503 (reconciled); refused before
// money moved → failed, 402; settled → on success returns the pending write of the `settled`
// recovery point: fulfilment runs while it commits, and the result is stored only after it
// (markCompleted follows markSettled).
async function settle(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  sentBefore: boolean,
): Promise<PaymentReply | { recorded: Promise<void> }> {
  const method = methodOf(row);
  const settlement = await timed("settle", () => timedSettle(method.id, () => method.settle(runtime, row, sentBefore)));
  if (settlement.outcome === "unknown") {
    logPurchase("settlement unknown", subjectOf(row), { reason: settlement.code });
    await markSettlementUnknown(row.id, settlement.code, settlement.transaction);
    return settlementUnknown();
  }
  if (settlement.outcome === "refused") {
    logPurchase("refused", subjectOf(row), { reason: settlement.reason });
    await markFailed(row.id, settlement.reason);
    countPurchase(row.product, method.id, "failed");
    return { ...(await refusedPurchase(runtime, row, settlement.reason, settlement.detail)), outcome: "failed" };
  }
  const { transaction } = settlement;
  logPurchase("settled", subjectOf(row), { transaction });
  // Our signed receipt goes into the settlement header before it is stored: replays send the same one.
  const paymentResponse = await timed("receipt", () =>
    withPurchaseReceipt(
      {
        id: row.id,
        protocol: row.protocol,
        resourceUrl: `${runtime.baseUrl}${runtime.product(row.product)?.path ?? `/api/shop/${row.product}`}`,
        payer: row.payer,
        transaction,
        paymentRequirements: row.paymentRequirements,
      },
      settlement.paymentResponse,
      // x402's PAYMENT-RESPONSE in the form valid as base64 and base64url (decisions §1); MPP's
      // Payment-Receipt is base64url JSON, as mppx writes it.
      (value) =>
        row.protocol === "x402" ? encodeHeaderJson(value) : Buffer.from(JSON.stringify(value)).toString("base64url"),
    ),
  );
  const recorded = timed("mark-settled", () => markSettled(row.id, transaction, paymentResponse));
  Object.assign(row, { state: "settled", transaction, paymentResponse });
  return { recorded };
}

type Fulfilment = Promise<Record<string, unknown>>;

function startFulfilment(runtime: PaymentRuntime, row: PurchaseRow, live?: LiveRequest): Fulfilment {
  const product = runtime.product(row.product);
  const work = timed("fulfil", async () => {
    if (!product) throw new Error(`unknown product ${row.product}`);
    // The live request parsed its body already; a purchase resumed from the ledger parses its stored body.
    const input = live ? live.input : product.purchaseSchema.parse(row.requestBody);
    return product.fulfil(input, { purchaseId: row.id, idempotencyKey: row.idempotencyKey, payer: row.payer });
  });
  work.catch(() => undefined); // a speculative one may be dropped; failures are handled where it is awaited
  return work;
}

// A product whose fulfilment only reads can be prepared while the payment settles; its result is
// stored (and sent) only once the settlement is recorded, and dropped if the settle fails.
const speculative = (runtime: PaymentRuntime, row: PurchaseRow, live?: LiveRequest): Fulfilment | undefined =>
  runtime.product(row.product)?.fulfilmentReadsOnly ? startFulfilment(runtime, row, live) : undefined;

async function fulfil(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  recorded: Promise<void>,
  work: Fulfilment,
): Promise<PaymentReply> {
  const [written, result] = await Promise.allSettled([recorded, work]);
  try {
    if (written.status === "rejected") throw written.reason;
    if (result.status === "rejected") throw result.reason;
    const responseBody = JSON.stringify({
      ok: true,
      idempotentReplay: false,
      requestId: row.idempotencyKey,
      ...result.value,
    });
    // The ledger keeps the product's sealed form; this answer and the memory cache keep it whole.
    await timed("store", () => markCompleted(row.id, sealedBody(runtime, row, responseBody)));
    countPurchase(row.product, methodOf(row).id, "completed");
    rememberCompleted(row.payer, row.idempotencyKey, { ...row, state: "completed", responseBody });
    logPurchase("fulfilled", subjectOf(row));
    return completedReply(
      { responseBody, paymentResponse: row.paymentResponse, protocol: row.protocol },
      false,
      runtime.product(row.product)?.successStatus ?? 200,
    );
  } catch (err) {
    // Paid but not deliverable yet: retried by the client and the reconciler (backing off); a
    // failure that persists needs someone to look (the payer cannot be refunded from here).
    const failures = await countFulfilmentFailure(row.id).catch(() => undefined);
    const needsOperator = failures !== undefined && failures >= FULFIL_FAILURES_ALERT;
    logPurchase("failed", subjectOf(row), { reason: "fulfilment_pending", failures });
    logger.error(
      { err, purchase: row.id, failures, needsOperator },
      needsOperator
        ? "paid purchase still cannot be fulfilled: needs an operator"
        : "fulfilment failed after settlement",
    );
    return unavailable(
      "fulfilment_pending",
      "Paid; the result is not ready yet. Retry with the same request and signature.",
      true,
    );
  }
}

/**
 * Moves a claimed, settling or settled purchase as far as it can go. `resuming` marks a row
 * found open by a retry or the reconciler (its settle may have been sent before; its stored body
 * is parsed for the fulfilment); `live` is what the request that just claimed it brings.
 */
export async function advance(
  runtime: PaymentRuntime,
  row: PurchaseRow,
  resuming: boolean,
  live?: LiveRequest,
): Promise<PaymentReply> {
  // Only a row found in `settling` may have had a settle sent for it before.
  const settleSentBefore = resuming && row.state === "settling";
  if (row.state === "claimed") {
    const refused = await verify(runtime, row, live?.verifying);
    if (refused) return refused;
  }
  let recorded: Promise<void> = Promise.resolve();
  let prepared: Fulfilment | undefined;
  if (row.state === "settling") {
    prepared = speculative(runtime, row, live);
    const settled = await settle(runtime, row, settleSentBefore);
    if ("status" in settled) return settled;
    recorded = settled.recorded;
  }
  if (row.state === "settled") return fulfil(runtime, row, recorded, prepared ?? startFulfilment(runtime, row, live));
  throw new Error(`purchase ${row.id} cannot advance from ${row.state}`);
}

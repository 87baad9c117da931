// Selling a product over x402, or MPP for the products that list it (specification "States and
// transitions", decisions.md §1–§3): GET describes (402), an unsigned POST is challenged before its
// body is read, a signed POST is validated, bound to its idempotency key, claimed atomically, then
// verified, settled and fulfilled exactly once; replays return the stored result. This file is the
// state machine; the credential's payment method (methods/) admits, verifies and settles it, the
// phases (purchase-phases.ts) advance a claimed purchase, and the answers say how far it got.
import { DatabaseBusyError } from "../db";
import { AppError } from "../errors";
import { logger } from "../logger";
import { countPurchaseAnswer, timedVerify, UNKNOWN_METHOD } from "../metrics/payment-metrics";
import { annotateSpan } from "../observability/spans";
import type { Challenge } from "./challenge";
import { recallCompleted, rememberCompleted } from "./completed-purchases";
import { decodeHeaderJson } from "./header-codec";
import { readOffer } from "./methods/payment-methods";
import { isMppAuthorization } from "./mpp/mpp-credential";
import { paymentIdentifierAnswer } from "./payment-identifier";
import { logPurchase } from "./purchase-log";
import type { PaymentRuntime } from "./payment-runtime";
import { timed } from "./purchase-timing";
import {
  busyAt,
  inProgress,
  interrupted,
  keyInUse,
  settledAnswer,
  unsealed,
  type ReachedState,
} from "./purchase-answers";
import { withPurchaseLock } from "./purchase-lock";
import {
  claimPurchase,
  findPurchase,
  findPurchaseOutcome,
  releaseClaim,
  touchPurchase,
  type PurchaseOutcome,
  type PurchaseRow,
} from "./purchase-ledger";
import { advance } from "./purchase-phases";
import { refusedReply } from "./purchase-refusal";
import { challengeReply, facilitatorDown, refusal, unconfigured, type PaymentReply } from "./purchase-reply";
import { invalid, readSignedRequest, type PurchaseRequest } from "./purchase-request";
import type { SellableProduct } from "./sellable-product";

// Shared with the review writes; re-exported for the payment layer's importers.
export { idempotencyKeySchema } from "../input/idempotency-key";
export type { PurchaseRequest };

async function challengeOf(runtime: PaymentRuntime, product: SellableProduct): Promise<Challenge | PaymentReply> {
  try {
    return await runtime.challenge(product);
  } catch (err) {
    logger.warn({ err }, "cannot build the payment challenge: facilitator unavailable");
    return facilitatorDown();
  }
}

const isReply = (x: Challenge | PaymentReply): x is PaymentReply => "status" in x;

// One reply per built challenge: a ready 402 allocates nothing but its Response.
const readyReplies = new WeakMap<Challenge, PaymentReply>();

/**
 * The product's 402 with no await, once its challenge is built (PaymentRuntime.readyChallenge);
 * undefined sends the route the async way (describeProduct), which builds it or answers 503.
 */
export function readyDescription(runtime: PaymentRuntime, product: SellableProduct): PaymentReply | undefined {
  const challenge = runtime.readyChallenge(product);
  if (!challenge) return undefined;
  let answer = readyReplies.get(challenge);
  if (!answer) {
    answer = challengeReply(challenge);
    Object.freeze(answer.headers);
    readyReplies.set(challenge, Object.freeze(answer));
  }
  return answer;
}

/** An unsigned POST's 402 with no await (see readyDescription): a request that carries no payment for this product. */
export function readyUnsignedChallenge(
  runtime: PaymentRuntime,
  product: SellableProduct,
  request: Pick<PurchaseRequest, "paymentSignature" | "authorization">,
): PaymentReply | undefined {
  if (request.paymentSignature || (isMppAuthorization(request.authorization) && runtime.mpp?.sells(product)))
    return undefined;
  return readyDescription(runtime, product);
}

/** GET: the product's 402, whatever credentials the request carries; creates nothing. */
export async function describeProduct(runtime: PaymentRuntime, product: SellableProduct): Promise<PaymentReply> {
  if (!runtime.config.payTo) return unconfigured();
  const challenge = await challengeOf(runtime, product);
  return isReply(challenge) ? challenge : challengeReply(challenge);
}

async function knownPurchase(runtime: PaymentRuntime, payer: string, key: string): Promise<PurchaseOutcome | null> {
  const row = await unsealed(runtime, await findPurchaseOutcome(payer, key));
  rememberCompleted(payer, key, row);
  return row;
}

// The error code of a refusal's JSON body (the story's reason), else its status.
function replyCode(answer: PaymentReply): string {
  try {
    const code = (JSON.parse(answer.body) as { error?: unknown }).error;
    if (typeof code === "string") return code;
  } catch {
    // not JSON: the status says enough
  }
  return String(answer.status);
}

// Database errors can echo the arguments of the failed query: never log a signature in clear.
function loggableError(err: unknown): Record<string, unknown> {
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    name: e.name,
    code: (e as { code?: string }).code,
    message: e.message.replace(/0x[0-9a-fA-F]{64,}/g, "0x[redacted]").slice(0, 500),
  };
}

/** What purchaseProduct learns of a request for its counter: whether it carries a payment, and its method. */
interface Attempt {
  signed: boolean;
  method: string;
}

/** POST: the whole purchase; a signed request's answer is counted (server/metrics/payment-metrics.ts). */
export async function purchaseProduct(
  runtime: PaymentRuntime,
  product: SellableProduct,
  request: PurchaseRequest,
): Promise<PaymentReply> {
  const attempt: Attempt = { signed: false, method: UNKNOWN_METHOD };
  const answer = await purchase(runtime, product, request, attempt);
  if (attempt.signed) countPurchaseAnswer(product.id, attempt.method, answer);
  return answer;
}

async function purchase(
  runtime: PaymentRuntime,
  product: SellableProduct,
  request: PurchaseRequest,
  attempt: Attempt,
): Promise<PaymentReply> {
  // `Authorization: Payment` pays only products sold over MPP here; elsewhere it is not a payment.
  const mppAuthorization =
    isMppAuthorization(request.authorization) && runtime.mpp?.sells(product) ? request.authorization : null;
  attempt.signed = Boolean(request.paymentSignature || mppAuthorization);
  if (request.paymentSignature && mppAuthorization) {
    return refusal(
      "payment_ambiguous",
      "The request carries two payments, PAYMENT-SIGNATURE (x402) and `Authorization: Payment` (MPP); send one of them. Nothing was verified or charged.",
    );
  }
  if (!request.paymentSignature && !mppAuthorization)
    return runtime.config.payTo ? describeProduct(runtime, product) : unconfigured();

  // PAYMENT-SIGNATURE (7 KB for the shortlist, with the echoed extensions) decoded once for both readers:
  // each decode cost about 45 µs (base64, depth scan, JSON.parse), some 3 % of a replay's CPU.
  const decodedSignature =
    request.paymentSignature && !mppAuthorization ? decodeHeaderJson(request.paymentSignature) : undefined;
  const signed = await timed("parse", () => readSignedRequest(product, request, decodedSignature));
  if ("status" in signed) return signed;
  const { key, body, input, fingerprint, paymentId } = signed;
  const offer = await timed("decode", () => readOffer(request.paymentSignature, mppAuthorization, decodedSignature));
  if ("refused" in offer) {
    logPurchase("refused", { product: product.id, method: offer.protocol }, { reason: offer.refused });
    if (!runtime.config.payTo) return unconfigured();
    const challenge = await challengeOf(runtime, product);
    return isReply(challenge) ? challenge : refusedReply(runtime, product, challenge, offer.protocol, offer.refused);
  }
  const { method, payer, nonce } = offer;
  attempt.method = method.id;
  annotateSpan({ "purchase.product": product.id, "purchase.method": method.id });

  // Replays of recent purchases are answered from memory.
  const cached = recallCompleted(payer, key);
  const inUse = () => keyInUse(runtime, product, key, method.protocol);
  // A key named by a payment-identifier id is answered by that extension's rules where they differ.
  const answerFor = async (row: PurchaseOutcome | null) => {
    const answer = await ((paymentId &&
      paymentIdentifierAnswer(runtime, product, () => challengeOf(runtime, product), offer, row, fingerprint, inUse)) ||
      settledAnswer(row, fingerprint, offer, inUse, product.successStatus));
    // A known key answered without a new purchase: its stored result, or why this request may not have it.
    if (answer) {
      const subject = { purchase: row?.id, product: product.id, method: method.id };
      if (answer.status < 300) logPurchase("replayed", subject);
      else logPurchase("refused", subject, { reason: replyCode(answer) });
    }
    return answer;
  };
  const early = cached && (await answerFor({ ...cached, state: "completed" }));
  if (early) return early;

  // How far this request got, for its answer if the database fails mid-way: the row being
  // advanced (advance() moves its state as each phase commits), else what the ledger said last.
  let seen: ReachedState;
  let advancing: PurchaseRow | undefined;
  const locked = await withPurchaseLock(`purchase:${payer}:${key}`, async () => {
    let row = await unsealed(runtime, await timed("lookup", () => findPurchase(payer, key)));
    seen = row?.state ?? "none";
    rememberCompleted(payer, key, row);
    const answer = await answerFor(row);
    if (answer) return answer;

    // A purchase resumed from the ledger is fulfilled from its stored body (advance parses it).
    if (row && (row.state === "settling" || row.state === "settled")) {
      // The payer of this key may already be charged: finish that payment before anything else.
      advancing = row;
      const outcome = await advance(runtime, row, true);
      if (row.signatureHash === offer.identity) return outcome;
      advancing = undefined;
      row = await unsealed(runtime, await findPurchase(payer, key));
      seen = row?.state ?? "none";
      const now = settledAnswer(row, fingerprint, offer, inUse, product.successStatus);
      if (now) return now;
      if (row!.state !== "failed") return outcome;
    } else if (row?.state === "claimed") {
      // Its holder is gone (we hold the lock) and it never reached settle: nothing was charged.
      // Resumed only for the very request it was claimed for (same signature and same body): a
      // claim binds nothing yet, so another body under its signature starts afresh, never gets
      // the claimed body's result.
      if (row.signatureHash === offer.identity && row.fingerprint === fingerprint && runtime.config.payTo) {
        advancing = row;
        return advance(runtime, row, true);
      }
      // Never verified: it binds nothing and is dropped, so the new payment claims the key afresh.
      await releaseClaim(row.id);
      row = null;
      seen = "none";
    }

    // A new payment from here on.
    if (!runtime.config.payTo) return unconfigured();
    // The product's data-backed input rules (400), then its availability (no eligible ad): both
    // refuse before anything is verified or settled, uncharged; the authorization stays usable.
    if (product.checkInput || product.precheck) {
      try {
        await product.checkInput?.(input);
        await product.precheck?.(input);
      } catch (err) {
        if (err instanceof AppError) return invalid(err);
        throw err;
      }
    }
    const challenge = await challengeOf(runtime, product);
    if (isReply(challenge)) return challenge;
    const admitted = await timed("admit", () => offer.admit(runtime, product, challenge));
    if ("status" in admitted) return admitted;
    const { payload, requirements } = admitted;

    // Verification computes and reads; the claim waits on a commit: they run side by side, and
    // nothing is settled before both are done (unless the method verifies only after its claim).
    const verifying = method.verifiesAfterClaim
      ? undefined
      : timed("verify", () => timedVerify(method.id, () => method.verify(runtime, admitted)));
    const claimed = await timed("claim", () =>
      claimPurchase(
        {
          product: product.id,
          protocol: method.protocol,
          idempotencyKey: key,
          fingerprint,
          signatureHash: offer.identity,
          payer,
          nonce,
          amountAtomic: BigInt(requirements.amount),
          network: requirements.network,
          asset: requirements.asset,
          requestBody: body,
          paymentPayload: payload,
          paymentRequirements: requirements,
        },
        row,
      ),
    ).finally(() => verifying);
    if (claimed === "nonce_used") {
      logPurchase("refused", { product: product.id, method: method.id }, { reason: method.nonceUsedReason });
      return refusedReply(runtime, product, challenge, method.protocol, method.nonceUsedReason);
    }
    if (claimed === "key_in_use") return inProgress();
    logPurchase("claimed", { purchase: claimed.id, product: product.id, method: method.id });
    annotateSpan({ "purchase.id": claimed.id });
    advancing = claimed;
    return advance(runtime, claimed, false, { input, verifying });
  }).catch((err: unknown) => {
    const state = advancing?.state ?? seen;
    if (err instanceof DatabaseBusyError) {
      logger.warn({ state }, "purchase answered busy: no database connection free in time");
      return { locked: true as const, value: busyAt(state) };
    }
    // A database failure mid-purchase: say how far it got; a retry resumes from there.
    logger.error({ err: loggableError(err) }, "purchase interrupted");
    return { locked: true as const, value: interrupted(state) };
  });
  if (locked.locked) return locked.value;
  // Another request holds the key: it may have completed it since (a replay), or still be at work
  // (also what to say when the ledger cannot be read now: busy or down, the holder is still at it).
  const known = await knownPurchase(runtime, payer, key).catch(() => null);
  return (await answerFor(known)) ?? inProgress();
}

/** Finishes one open purchase without its client (reconciler). Claimed rows never verified: dropped, not charged. */
export async function reconcilePurchase(
  runtime: PaymentRuntime,
  payer: string,
  key: string,
): Promise<string | undefined> {
  const locked = await withPurchaseLock(`purchase:${payer}:${key}`, async () => {
    const row = await findPurchase(payer, key);
    if (!row || row.state === "completed" || row.state === "failed") return row?.state;
    if (row.state === "claimed") {
      logPurchase(
        "failed",
        { purchase: row.id, product: row.product, method: row.protocol },
        { reason: "claim_abandoned" },
      );
      await releaseClaim(row.id);
      return "released";
    }
    await advance(runtime, row, true);
    const after = await findPurchase(payer, key);
    // Still open: move it to the back of the queue so other purchases get their turn.
    if (after && after.state !== "completed" && after.state !== "failed") await touchPurchase(after.id);
    return after?.state;
  });
  return locked.locked ? locked.value : undefined;
}

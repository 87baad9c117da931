// Selling a product over x402, or MPP for the products that list it (specification "States and
// transitions", decisions.md §1–§3): GET describes (402), an unsigned POST is challenged before its
// body is read, a signed POST is validated, bound to its idempotency key, claimed atomically, then
// verified, settled and fulfilled exactly once; replays return the stored result. An MPP evm
// credential is the same EIP-3009 authorization in another envelope: once mppx admits it, it takes
// the x402 path through the same ledger, facilitator and reconciler. An MPP stripe credential (a
// Shared Payment Token) is claimed the same way; its "settle" creates the PaymentIntent (purchase-phases.ts).
import { DatabaseBusyError } from "../db";
import { AppError, toIssues } from "../errors";
import { idempotencyKeySchema } from "../input/idempotency-key";
import { parseJsonBody } from "../input/json-body";
import { logger } from "../logger";
import type { ProductDefinition } from "../products/product";
import { bodyIssues } from "../products/request-check";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { refusedChallenge, type Challenge } from "./challenge";
import { admitMppCredential, MppNodeUnavailable } from "./mpp/mpp-admission";
import { asExactPayload, isMppAuthorization, parseMppCredential, type MppCredential } from "./mpp/mpp-credential";
import { stripeLedgerPayment } from "./mpp/stripe-settle";
import { tempoLedgerPayment } from "./mpp/tempo-settle";
import { requestFingerprint } from "./fingerprint";
import type { PaymentRuntime } from "./payment-runtime";
import { parsePaymentSignature } from "./payment-signature";
import { recoveryHint } from "./purchase-recovery-authorization";
import { advance, completedReply, settlementUnknown, startVerification } from "./purchase-phases";
import { withPurchaseLock } from "./purchase-lock";
import { recallCompleted, rememberCompleted } from "./completed-purchases";
import { claimPurchase, findPurchase, findPurchaseOutcome, releaseClaim, touchPurchase, type PurchaseOutcome, type PurchaseRow } from "./purchase-ledger";
import { busy, challengeReply, facilitatorDown, refusal, RETRY_AFTER_SECONDS, unavailable, unconfigured, type PaymentReply } from "./purchase-reply";

// Shared with the review writes; re-exported for the payment layer's importers.
export { idempotencyKeySchema };

export interface PurchaseRequest {
  method: string;
  /** Path of the product route, part of the fingerprint. */
  path: string;
  paymentSignature: string | null;
  /** The Authorization header (an MPP credential is `Payment ...`). */
  authorization: string | null;
  idempotencyKey: string | null;
  /** Reads the body; throws AppError payload_too_large when over the cap. */
  readBody: () => Promise<string>;
}

async function challengeOf(runtime: PaymentRuntime, product: ProductDefinition): Promise<Challenge | PaymentReply> {
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
export function readyDescription(runtime: PaymentRuntime, product: ProductDefinition): PaymentReply | undefined {
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
export function readyUnsignedChallenge(runtime: PaymentRuntime, product: ProductDefinition, request: Pick<PurchaseRequest, "paymentSignature" | "authorization">): PaymentReply | undefined {
  if (request.paymentSignature || (isMppAuthorization(request.authorization) && runtime.mpp?.sells(product))) return undefined;
  return readyDescription(runtime, product);
}

/** GET: the product's 402, whatever credentials the request carries; creates nothing. */
export async function describeProduct(runtime: PaymentRuntime, product: ProductDefinition): Promise<PaymentReply> {
  if (!runtime.config.payTo) return unconfigured();
  const challenge = await challengeOf(runtime, product);
  return isReply(challenge) ? challenge : challengeReply(challenge);
}

function invalid(err: AppError): PaymentReply {
  return refusal(err.code, err.message, err.issues ? { issues: err.issues } : {});
}

type Parsed = { key: string; body: unknown; fingerprint: string } | PaymentReply;

async function parseSignedRequest(product: ProductDefinition, request: PurchaseRequest): Promise<Parsed> {
  let body: unknown;
  try {
    body = parseJsonBody(await request.readBody());
  } catch (err) {
    if (err instanceof AppError) return invalid(err);
    throw err;
  }
  const issues = bodyIssues(product, body);
  const headerKey = request.idempotencyKey === null ? undefined : idempotencyKeySchema.safeParse(request.idempotencyKey);
  if (headerKey && !headerKey.success) issues.push(...toIssues(headerKey.error.issues).map((i) => ({ ...i, path: "Idempotency-Key" })));
  if (issues.length > 0) return refusal("invalid_request", "The request is not valid.", { issues });

  const bodyKey = (body as { request_id?: string }).request_id;
  if (bodyKey !== undefined && request.idempotencyKey !== null && bodyKey !== request.idempotencyKey) {
    return refusal("idempotency_key_mismatch", "request_id and the Idempotency-Key header differ.");
  }
  const key = bodyKey ?? request.idempotencyKey;
  if (!key) return refusal("idempotency_key_required", "A signed purchase needs request_id in the body or an Idempotency-Key header.");
  return { key, body, fingerprint: requestFingerprint(request.method, request.path, body) };
}

// Answers that need no lock: a key bound to another request, or a completed purchase. A key is
// bound only once its payer's payment verified: a `claimed` row (verification pending, or its
// holder gone) binds nothing, so a forged authorization never earns anyone a 422.
// `inUse` is the 409 for a completed key and another credential (it says how to get the result).
function settledAnswer(row: PurchaseOutcome | null, fingerprint: string, credential: { identity: string }, inUse: () => PaymentReply, status: 200 | 202): PaymentReply | undefined {
  if (!row || row.state === "claimed") return undefined;
  if (row.fingerprint !== fingerprint) {
    return refusal("idempotency_key_reused", "This idempotency key was used for a different request.");
  }
  if (row.state !== "completed") return undefined;
  if (row.signatureHash === credential.identity) return completedReply(row, true, status);
  return inUse();
}

// A careless retry signs a fresh authorization for a completed key: say how to get the result.
function keyInUse(runtime: PaymentRuntime, product: ProductDefinition, key: string, protocol: "x402" | "mpp"): PaymentReply {
  const recovery = recoveryHint(runtime.baseUrl, product.path, key);
  const original = protocol === "mpp" ? "the original `Authorization: Payment` credential" : "the original PAYMENT-SIGNATURE";
  return refusal(
    "idempotency_key_in_use",
    `This idempotency key's purchase was already completed and paid with another ${protocol === "mpp" ? "credential" : "PAYMENT-SIGNATURE"}; the new authorization was not used and nothing was charged. ` +
      `To get the stored result, resend the identical request with ${original}. If it is lost, sign \`recovery.typedData\` with the payer's key ` +
      `and GET ${recovery.url} with the ${recovery.header} header (base64 of {payer, resource, expiresAt, signature}). For a new purchase, use a new idempotency key.`,
    { recovery },
  );
}

async function knownPurchase(payer: string, key: string): Promise<PurchaseOutcome | null> {
  const row = await findPurchaseOutcome(payer, key);
  rememberCompleted(payer, key, row);
  return row;
}

// Database errors can echo the arguments of the failed query: never log a signature in clear.
function loggableError(err: unknown): Record<string, unknown> {
  const e = err instanceof Error ? err : new Error(String(err));
  return { name: e.name, code: (e as { code?: string }).code, message: e.message.replace(/0x[0-9a-fA-F]{64,}/g, "0x[redacted]").slice(0, 500) };
}

const inProgress = () =>
  refusal("purchase_in_progress", "A purchase with this idempotency key is being processed. Retry shortly.", {}, { "retry-after": String(RETRY_AFTER_SECONDS) });

// What a purchase that cannot go on says, by how far it got: never "not charged" once it may be.
// `undefined`: the ledger could not even be read, so an earlier attempt's outcome is not known.
function interrupted(state: PurchaseRow["state"] | "none" | undefined): PaymentReply {
  if (state === "settled") return unavailable("fulfilment_pending", "Paid; the result is not ready yet. Retry with the same request and signature.", true);
  if (state === "settling") return settlementUnknown();
  const charged = state === undefined ? "unknown" : false;
  return unavailable("purchase_interrupted", "The purchase could not go on (the database is unavailable). Retry with the same request and signature.", charged);
}

// No connection free in time: the same "how far did it get", said as busy, not as an outage.
function busyAt(state: PurchaseRow["state"] | "none" | undefined): PaymentReply {
  return busy(state === "settled" ? true : state === "settling" || state === undefined ? "unknown" : false);
}

// The payment a signed request offers, decoded far enough to find its purchase: payer, nonce and
// identity. `refused`: not a payment we can read (402 with a fresh challenge, nothing claimed).
type Offer =
  | { protocol: "x402"; identity: string; payer: string; nonce: string; payload: PaymentPayload }
  | { protocol: "mpp"; identity: string; payer: string; nonce: string; mpp: Extract<MppCredential, { ok: true }> }
  | { protocol: "x402" | "mpp"; identity: string; refused: string };

async function offerOf(paymentSignature: string | null, mppAuthorization: string | null): Promise<Offer> {
  if (mppAuthorization !== null) {
    const mpp = await parseMppCredential(mppAuthorization);
    if (!mpp.ok) return { protocol: "mpp", identity: mpp.identity, refused: mpp.reason };
    return { protocol: "mpp", identity: mpp.identity, payer: mpp.payer, nonce: mpp.nonce, mpp };
  }
  const { payload, payer, nonce, identity } = parsePaymentSignature(paymentSignature!);
  if (!payload || !payer || !nonce) return { protocol: "x402", identity, refused: "invalid_payload" };
  return { protocol: "x402", identity, payer, nonce, payload };
}

// A refused payment: the product's challenge with the reason; MPP refusals get fresh MPP challenges.
async function refusedReply(runtime: PaymentRuntime, product: ProductDefinition, challenge: Challenge, protocol: "x402" | "mpp", reason: string, detail?: string): Promise<PaymentReply> {
  const mpp = protocol === "mpp" && runtime.mpp ? { wwwAuthenticate: await runtime.mpp.freshChallenges(product), detail } : undefined;
  return challengeReply(refusedChallenge(challenge, reason, {}, mpp));
}

type Admitted = { payload: PaymentPayload; requirements: PaymentRequirements } | PaymentReply;

// A new payment's requirements: what an x402 payload was signed for, or, for an MPP credential,
// the product's x402 requirements once mppx admits it (HMAC, expiry, product, price, signature).
async function admit(runtime: PaymentRuntime, product: ProductDefinition, challenge: Challenge, offer: Extract<Offer, { payer: string }>): Promise<Admitted> {
  if (offer.protocol === "x402") {
    const requirements = (await runtime.resourceServer()).findMatchingRequirements(challenge.requirements, offer.payload);
    if (!requirements) return challengeReply(refusedChallenge(challenge, "payment_requirements_mismatch"));
    return { payload: offer.payload, requirements };
  }
  let admission;
  try {
    admission = await admitMppCredential(await runtime.mpp!.server(), offer.mpp.credential, product);
  } catch (err) {
    if (!(err instanceof MppNodeUnavailable)) throw err;
    logger.warn({ err: { message: err.message } }, "mpp tempo: the node could not simulate the transaction");
    return facilitatorDown(); // nothing was claimed or broadcast
  }
  if (!admission.ok) return refusedReply(runtime, product, challenge, "mpp", admission.reason, admission.detail);
  if (offer.mpp.method === "stripe") {
    // Nothing moves yet: the PaymentIntent is created after the claim (advance → settle).
    return stripeLedgerPayment(offer.mpp.spt, offer.mpp.credential.challenge.id, BigInt(product.priceAtomic), runtime.mpp!.config.stripe!.networkId);
  }
  if (offer.mpp.method === "tempo") {
    // Nothing moves yet: the transaction is broadcast after the claim (advance → settle).
    return tempoLedgerPayment(offer.mpp.tempo, offer.mpp.credential.challenge.id, BigInt(product.priceAtomic), runtime.mpp!.config.tempo!);
  }
  const requirements = challenge.requirements[0]!;
  return { payload: asExactPayload(offer.mpp.authorization, requirements, `${runtime.baseUrl}${product.path}`), requirements };
}

/** POST: the whole purchase. */
export async function purchaseProduct(runtime: PaymentRuntime, product: ProductDefinition, request: PurchaseRequest): Promise<PaymentReply> {
  // `Authorization: Payment` pays only products sold over MPP here; elsewhere it is not a payment.
  const mppAuthorization = isMppAuthorization(request.authorization) && runtime.mpp?.sells(product) ? request.authorization : null;
  if (request.paymentSignature && mppAuthorization) {
    return refusal(
      "payment_ambiguous",
      "The request carries two payments, PAYMENT-SIGNATURE (x402) and `Authorization: Payment` (MPP); send one of them. Nothing was verified or charged.",
    );
  }
  if (!request.paymentSignature && !mppAuthorization) return runtime.config.payTo ? describeProduct(runtime, product) : unconfigured();

  const parsed = await parseSignedRequest(product, request);
  if ("status" in parsed) return parsed;
  const { key, body, fingerprint } = parsed;
  const offer = await offerOf(request.paymentSignature, mppAuthorization);
  if ("refused" in offer) {
    if (!runtime.config.payTo) return unconfigured();
    const challenge = await challengeOf(runtime, product);
    return isReply(challenge) ? challenge : refusedReply(runtime, product, challenge, offer.protocol, offer.refused);
  }
  const { payer, nonce } = offer;

  // Replays of recent purchases are answered from memory.
  const cached = recallCompleted(payer, key);
  const inUse = () => keyInUse(runtime, product, key, offer.protocol);
  const early = cached && settledAnswer({ ...cached, state: "completed" }, fingerprint, offer, inUse, product.successStatus);
  if (early) return early;

  // How far this request got, for its answer if the database fails mid-way: the row being
  // advanced (advance() moves its state as each phase commits), else what the ledger said last.
  let seen: PurchaseRow["state"] | "none" | undefined;
  let advancing: PurchaseRow | undefined;
  const locked = await withPurchaseLock(`purchase:${payer}:${key}`, async () => {
    let row = await findPurchase(payer, key);
    seen = row?.state ?? "none";
    rememberCompleted(payer, key, row);
    const answer = settledAnswer(row, fingerprint, offer, inUse, product.successStatus);
    if (answer) return answer;

    if (row && (row.state === "settling" || row.state === "settled")) {
      // The payer of this key may already be charged: finish that payment before anything else.
      advancing = row;
      const outcome = await advance(runtime, row, true);
      if (row.signatureHash === offer.identity) return outcome;
      advancing = undefined;
      row = await findPurchase(payer, key);
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
        const input = product.purchaseSchema.parse(body);
        await product.checkInput?.(input);
        await product.precheck?.(input);
      } catch (err) {
        if (err instanceof AppError) return invalid(err);
        throw err;
      }
    }
    const challenge = await challengeOf(runtime, product);
    if (isReply(challenge)) return challenge;
    const admitted = await admit(runtime, product, challenge, offer);
    if ("status" in admitted) return admitted;
    const { payload, requirements } = admitted;

    // Verification computes and reads; the claim waits on a commit: they run side by side, and
    // nothing is settled before both are done.
    const verifying = startVerification(runtime, payload, requirements);
    const claimed = await claimPurchase(
      {
        product: product.id,
        protocol: offer.protocol,
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
    ).finally(() => verifying);
    if (claimed === "nonce_used") {
      return refusedReply(runtime, product, challenge, offer.protocol, offer.protocol === "mpp" ? "mpp_credential_used" : "invalid_exact_evm_nonce_already_used");
    }
    if (claimed === "key_in_use") return inProgress();
    advancing = claimed;
    return advance(runtime, claimed, false, verifying);
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
  const known = await knownPurchase(payer, key).catch(() => null);
  return settledAnswer(known, fingerprint, offer, inUse, product.successStatus) ?? inProgress();
}

/** Finishes one open purchase without its client (reconciler). Claimed rows never verified: dropped, not charged. */
export async function reconcilePurchase(runtime: PaymentRuntime, payer: string, key: string): Promise<string | undefined> {
  const locked = await withPurchaseLock(`purchase:${payer}:${key}`, async () => {
    const row = await findPurchase(payer, key);
    if (!row || row.state === "completed" || row.state === "failed") return row?.state;
    if (row.state === "claimed") {
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

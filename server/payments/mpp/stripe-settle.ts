// Settling an MPP `stripe` purchase: the money moves when we create the PaymentIntent with the
// payer's Shared Payment Token, which happens only after the purchase is claimed in the ledger
// (decisions.md "MPP"). The Stripe idempotency key is derived from the purchase id, so a retry or
// the reconciler that creates it again gets the same PaymentIntent back: one charge per purchase.
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { ErrorCode } from "../../errors";
import { StripeRefusal, type StripeClient } from "./stripe-client";
import { MPP_STRIPE_CURRENCY } from "./mpp-server";

/** What the ledger stores as the payment of a stripe purchase (its `payment_payload`): enough to charge it again after a crash. */
export interface StripeLedgerPayload {
  mpp: "stripe";
  spt: string;
  /** Cents of USD. */
  amount: number;
  currency: string;
  challengeId: string;
  /** When the purchase was claimed (epoch ms): Stripe keeps an idempotency key for 24 hours only. */
  claimedAt: number;
}

// Past this age of the claim, asking Stripe again under the purchase's idempotency key is no longer
// an answer about the first attempt (the key may have been pruned: a new PaymentIntent, or "token
// used"), so an open stripe purchase that old is left to an operator (settlement_unresolved).
export const STRIPE_IDEMPOTENCY_WINDOW_MS = 23 * 60 * 60 * 1000;

export function isStripePayload(payload: unknown): payload is StripeLedgerPayload {
  return typeof payload === "object" && payload !== null && (payload as { mpp?: unknown }).mpp === "stripe";
}

// USDC atomic units (6 decimals) to cents; Stripe takes whole cents only.
const ATOMIC_PER_CENT = 10_000n;
// Stripe's minimum charge in USD (mppx: minimumChargeAmountByCurrency.usd).
const STRIPE_MINIMUM_CENTS = 50n;

/** Whether a price can be charged with Stripe: whole cents and at least 0.50 USD. */
export function stripeChargeable(priceAtomic: bigint): boolean {
  return priceAtomic % ATOMIC_PER_CENT === 0n && priceAtomic / ATOMIC_PER_CENT >= STRIPE_MINIMUM_CENTS;
}

/** The ledger's payload and requirements of a stripe credential admitted for a product of `priceAtomic`. */
export function stripeLedgerPayment(
  spt: string,
  challengeId: string,
  priceAtomic: bigint,
  networkId: string,
): { payload: PaymentPayload; requirements: PaymentRequirements } {
  const payload: StripeLedgerPayload = {
    mpp: "stripe",
    spt,
    amount: Number(priceAtomic / ATOMIC_PER_CENT),
    currency: MPP_STRIPE_CURRENCY,
    challengeId,
    claimedAt: Date.now(),
  };
  const requirements = {
    scheme: "mpp-stripe",
    network: `stripe:${networkId}`,
    asset: MPP_STRIPE_CURRENCY,
    amount: priceAtomic.toString(),
    payTo: networkId,
    maxTimeoutSeconds: 300,
    extra: {},
  };
  return { payload: payload as unknown as PaymentPayload, requirements: requirements as PaymentRequirements };
}

/** The Stripe idempotency key of a purchase: the same for every attempt to charge it. */
export const stripeIdempotencyKey = (purchaseId: string) => `marketplace-purchase-${purchaseId}`;

/** The 402 reasons of a stripe purchase refused by Stripe (after the claim, before any money moved). */
export const MPP_STRIPE_REASONS = [
  "mpp_payment_declined",
  "mpp_payment_action_required",
] as const satisfies readonly ErrorCode[];

export type StripeCharge =
  | { outcome: "succeeded"; reference: string }
  /** Not charged: Stripe refused before moving money (declined, token invalid or used), or wanted the payer to act and the PaymentIntent is now canceled. */
  | { outcome: "refused"; reason: (typeof MPP_STRIPE_REASONS)[number]; detail: string }
  /** May be charged (timeout, Stripe error, still processing): reconciled later with the same key. */
  | { outcome: "unknown"; detail: string };

export async function chargeStripe(
  client: StripeClient,
  payload: StripeLedgerPayload,
  purchase: { id: string; product: string },
): Promise<StripeCharge> {
  let intent;
  try {
    intent = await client.paymentIntents.create(
      {
        amount: payload.amount,
        currency: payload.currency,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        shared_payment_granted_token: payload.spt,
        metadata: { purchase_id: purchase.id, product: purchase.product, mpp_challenge: payload.challengeId },
      },
      { idempotencyKey: stripeIdempotencyKey(purchase.id) },
    );
  } catch (err) {
    if (err instanceof StripeRefusal)
      return {
        outcome: "refused",
        reason: "mpp_payment_declined",
        detail: `${err.code}: ${err.message}`.slice(0, 300),
      };
    return { outcome: "unknown", detail: err instanceof Error ? err.message.slice(0, 300) : "Stripe call failed" };
  }
  // An idempotent replay (a retry, the reconciler) returns the first answer's state: ask for the
  // current one unless that state is final for us.
  if (!SETTLED_STATES.has(intent.status)) {
    try {
      intent = await client.paymentIntents.retrieve(intent.id);
    } catch (err) {
      return {
        outcome: "unknown",
        detail: `PaymentIntent ${intent.id}: ${err instanceof Error ? err.message.slice(0, 200) : "retrieve failed"}`,
      };
    }
  }
  if (intent.status === "requires_action") {
    // The payer could still complete it (3-D Secure) and be charged after we refused: cancel it
    // first, and refuse only once Stripe says it is canceled.
    try {
      intent = await client.paymentIntents.cancel(intent.id);
    } catch {
      try {
        intent = await client.paymentIntents.retrieve(intent.id);
      } catch (err) {
        return {
          outcome: "unknown",
          detail: `PaymentIntent ${intent.id}: ${err instanceof Error ? err.message.slice(0, 200) : "cancel failed"}`,
        };
      }
    }
    if (intent.status === "canceled")
      return {
        outcome: "refused",
        reason: "mpp_payment_action_required",
        detail: `PaymentIntent ${intent.id} required action (canceled)`,
      };
  }
  if (intent.status === "succeeded") return { outcome: "succeeded", reference: intent.id };
  if (intent.status === "requires_payment_method" || intent.status === "canceled")
    return {
      outcome: "refused",
      reason: "mpp_payment_declined",
      detail: `PaymentIntent ${intent.id} is ${intent.status}`,
    };
  return { outcome: "unknown", detail: `PaymentIntent ${intent.id} is ${intent.status}` };
}

// States that no longer change by themselves (requires_action is dealt with by cancelling it).
const SETTLED_STATES = new Set(["succeeded", "canceled", "requires_payment_method"]);

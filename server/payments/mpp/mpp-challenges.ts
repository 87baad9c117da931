// The WWW-Authenticate value of a queued product's 402: one `Payment` challenge per configured MPP
// method, bound to the product (mppx `scope`) and its price, with an HMAC-bound id.
//
// Lifetime: a challenge is issued for a window of MPP_CHALLENGE_WINDOW_S seconds and expires
// MPP_CHALLENGE_LIFETIME_S seconds after its window closes, so it is good for 5 to 6 minutes after
// it is received (the x402 authorizations' maxTimeoutSeconds is 300 too). Every 402 of a window
// carries the same bytes: GET and the unsigned POST agree, and each instance builds the same
// challenge from the shared secret. An evm credential signs the challenge's hash as its EIP-3009
// nonce, so a payer can pay a given challenge once: a second purchase by the same payer inside one
// window is refused `mpp_credential_used` with a challenge unique to that answer (`fresh`).
import { Challenge } from "mppx";
import { atomicToUsd } from "../../money";
import type { SellableProduct } from "../sellable-product";
import type { MppConfig } from "./mpp-config";
import type { MppServer } from "./mpp-server";
import { stripeChargeable } from "./stripe-settle";

export const MPP_CHALLENGE_WINDOW_S = 60;
export const MPP_CHALLENGE_LIFETIME_S = 300;

const WINDOW_MS = MPP_CHALLENGE_WINDOW_S * 1000;

/** When the window holding `nowMs` closes (epoch ms): its challenges are issued until then. */
export function windowCloses(nowMs: number): number {
  return Math.floor(nowMs / WINDOW_MS) * WINDOW_MS + WINDOW_MS;
}

/** The expiry of the challenges of the window holding `nowMs`. */
export function windowExpiry(nowMs: number): Date {
  return new Date(windowCloses(nowMs) + MPP_CHALLENGE_LIFETIME_S * 1000);
}

/** The challenges of a product expiring at `expires`, serialised for WWW-Authenticate (RFC 9110 list). */
export async function productChallenges(
  server: MppServer,
  config: MppConfig,
  product: SellableProduct,
  expires: Date,
): Promise<string> {
  const challenges: Challenge.Challenge[] = [];
  const common = { amount: atomicToUsd(product.priceAtomic), description: product.name, scope: product.id, expires };
  if (config.methods.includes("evm")) challenges.push(await server.challenge.evm.charge(common));
  // Stripe charges whole cents from 0.50 USD on (every MPP product costs 10 USD or more).
  if (config.methods.includes("stripe") && stripeChargeable(BigInt(product.priceAtomic)))
    challenges.push(await server.challenge.stripe.charge(common));
  if (config.methods.includes("tempo") && config.tempo) challenges.push(await server.challenge.tempo.charge(common));
  return challenges.map((c) => Challenge.serialize(c)).join(", ");
}

/** A refusal's challenges: the next window's lifetime, at millisecond precision, so unique to the answer. */
export function freshExpiry(nowMs: number): Date {
  return new Date(nowMs + WINDOW_MS + MPP_CHALLENGE_LIFETIME_S * 1000);
}

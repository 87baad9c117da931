// One marketplace test of one offer: the call an agent would make, through the observer's own code
// (observeCall: the address policy, the SSRF-safe outbound client, claim and record in observed_calls),
// as the marketplace's tester token, paid by the test wallet. Unpaid first; the 402's terms must be
// the catalogue's exactly (scheme exact, the offer's price, payee, network and asset) or nothing is
// signed; then the paid retry under the same Idempotency-Key. Outcome `output`: a 2xx answer that
// matches the declared output schema, when there is one; anything else `no-output`.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { AppError } from "../errors";
import { observeCall, type ObserveInput, type ObserverAnswer } from "../observe/observe-call";
import { findObservedOffer } from "../observe/observed-offer";
import { routableProviderUrl } from "../observe/offer-policy";
import { probeRequest } from "../probes/probe-offer";
import { checkOutput } from "./output-check";
import { testInput } from "./test-input";
import { finishTest, recordRefusedTest, startTest, type FinishedTest, type TestTrigger } from "./test-records";
import type { PaymentRequired, TestWallet } from "./test-wallet";
import { TESTER_TOKEN_ID } from "../accounts/marketplace-tester-token";

export interface OfferUnderTest {
  id: string;
  serviceId: string;
  method: string;
  path: string;
  providerUrl: string;
  testMode: boolean;
  sandbox: boolean;
  priceAtomic: number;
  dynamicPrice: boolean;
  network: string | null;
  asset: string | null;
  payTo: string | null;
  exampleInput: unknown;
  inputSchema: unknown;
  outputSchema: unknown;
}

export interface OfferTestResult {
  id: string;
  offerId: string;
  outcome: "output" | "no-output" | "skipped-budget" | "refused";
  status: number | null;
  latencyMs: number | null;
  excerpt: string | null;
  detail: string | null;
  spentAtomic: number;
  finishedAt: string;
}

/** The answer's first characters as text: control characters and broken UTF-16 dropped, bounded. */
export const EXCERPT_CHARS = 280;
export function excerptOf(body: Buffer): string {
  const text = body
    .subarray(0, EXCERPT_CHARS * 4)
    .toString("utf8")
    .toWellFormed()
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\ufffd]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

const headerOf = (answer: ObserverAnswer, name: string) => answer.headers.find(([n]) => n === name)?.[1];
const same = (a: string | null, b: string) => a === null || a.toLowerCase() === b.toLowerCase();

/** The requirement to pay (the offer's catalogued terms), or why none of the 402's is acceptable. */
function acceptable(offer: OfferUnderTest, header: string | undefined): PaymentRequired | string {
  if (!header) return "the provider's 402 has no PAYMENT-REQUIRED header";
  let required: PaymentRequired;
  try {
    required = decodePaymentRequiredHeader(header);
  } catch {
    return "the provider's PAYMENT-REQUIRED header cannot be read";
  }
  if (required.x402Version !== 2) return `the provider's 402 is x402 version ${String(required.x402Version)}, not 2`;
  const match = (required.accepts ?? []).find(
    (a) =>
      a.scheme === "exact" &&
      a.amount === String(offer.priceAtomic) &&
      same(offer.network, a.network) &&
      same(offer.asset, a.asset) &&
      same(offer.payTo, a.payTo),
  );
  if (!match)
    return `the provider asks other terms than the catalogue's (exact, ${offer.priceAtomic} atomic units to the listed payee); nothing was paid`;
  return { ...required, accepts: [match] };
}

function classify(offer: OfferUnderTest, answer: ObserverAnswer): Pick<FinishedTest, "outcome" | "detail"> {
  if (answer.status < 200 || answer.status > 299)
    return { outcome: "no-output", detail: `the paid call answered ${answer.status}` };
  const mismatch = checkOutput(offer.outputSchema, answer.body);
  return mismatch ? { outcome: "no-output", detail: mismatch } : { outcome: "output", detail: null };
}

async function callAndPay(
  offer: OfferUnderTest,
  testId: string,
  wallet: TestWallet,
  state: { signed: boolean },
): Promise<FinishedTest> {
  const observed = await findObservedOffer(offer.id);
  // The same query and body the probes send, from the test's input.
  const request = probeRequest({ ...offer, exampleInput: testInput(offer) }, new URL("http://test.invalid/"));
  const call: ObserveInput = {
    tokenId: TESTER_TOKEN_ID,
    offer: observed,
    idempotencyKey: `marketplace-test-${testId}`,
    query: request.url.search,
    body: request.body,
    contentType: request.body ? "application/json" : null,
    accept: "application/json",
    paymentSignature: null,
    authorization: null,
  };
  let started = performance.now();
  let answer = await observeCall(call);
  // A payment-terms change stopped routing this offer: nothing was sent; it says nothing of the provider.
  if (answer.status === 409 && answer.body.includes('"offer_terms_changed"'))
    return {
      outcome: "refused",
      status: null,
      latencyMs: null,
      excerpt: null,
      detail: "a payment-terms change stopped routing this offer until an operator confirms it",
      signed: false,
    };
  if (answer.status === 402) {
    const required = acceptable(offer, headerOf(answer, "payment-required"));
    if (typeof required === "string")
      return {
        outcome: "no-output",
        status: answer.status,
        latencyMs: null,
        excerpt: excerptOf(answer.body),
        detail: required,
        signed: false,
      };
    await wallet.cover(offer.priceAtomic);
    const paymentSignature = await wallet.sign(required);
    state.signed = true;
    started = performance.now();
    answer = await observeCall({ ...call, paymentSignature });
  }
  return {
    ...classify(offer, answer),
    status: answer.status,
    latencyMs: Math.round(performance.now() - started),
    excerpt: excerptOf(answer.body),
    signed: state.signed,
  };
}

export async function testOffer(
  offer: OfferUnderTest,
  trigger: TestTrigger,
  wallet: TestWallet,
): Promise<OfferTestResult> {
  const base = { offerId: offer.id, status: null, latencyMs: null, excerpt: null };
  // Refused by the observer's address policy as written (private, loopback, metadata, http, …):
  // nothing is reserved or sent. Names resolving to such addresses are refused at connect time.
  const routable = routableProviderUrl(offer);
  if (!routable.ok) {
    const id = await recordRefusedTest(offer, trigger, routable.reason);
    return {
      ...base,
      id,
      outcome: "refused",
      detail: routable.reason,
      spentAtomic: 0,
      finishedAt: new Date().toISOString(),
    };
  }
  const started = await startTest(offer, trigger);
  if (started.outcome === "skipped-budget")
    return {
      ...base,
      id: started.id,
      outcome: "skipped-budget",
      detail: "over today's test budget",
      spentAtomic: 0,
      finishedAt: new Date().toISOString(),
    };
  const state = { signed: false };
  let result: FinishedTest;
  try {
    result = await callAndPay(offer, started.id, wallet, state);
  } catch (err) {
    const refused = err instanceof AppError && err.code === "offer_not_routable";
    result = {
      outcome: refused ? "refused" : "no-output",
      status: null,
      latencyMs: null,
      excerpt: null,
      detail: err instanceof AppError ? err.message : "the test call failed",
      signed: state.signed,
    };
  }
  const finishedAt = await finishTest(started.id, result);
  return {
    id: started.id,
    offerId: offer.id,
    outcome: result.outcome,
    status: result.status,
    latencyMs: result.latencyMs,
    excerpt: result.excerpt,
    detail: result.detail,
    spentAtomic: result.signed ? offer.priceAtomic : 0,
    finishedAt: finishedAt.toISOString(),
  };
}

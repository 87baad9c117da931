// The sandbox provider: every seeded offer answered by one x402 provider on loopback, the demo
// provider's server (server/demo-provider/start-demo-provider.ts: x402ResourceServer, verify, settle,
// Idempotency-Key) with one product per offer at /<slug><path>, paying each service's own address
// the listed price, and shaped by the service's profile (profiles.ts).
import { encodePaymentRequiredHeader, decodePaymentRequiredHeader } from "@x402/core/http";
import type { FacilitatorClient } from "@x402/core/server";
import { atomicToUsd } from "../money";
import {
  startDemoProvider,
  type Answer,
  type AnswerShaping,
  type DemoProvider,
} from "../demo-provider/start-demo-provider";
import type { DemoProduct } from "../demo-provider/products";
import { createEIP712OfferReceiptIssuer, type OfferReceiptIssuer } from "@x402/extensions/offer-receipt";
import { privateKeyToAccount } from "viem/accounts";
import { X402_NETWORK } from "../payments/payment-network";
import { sandboxAnswer } from "./answers";
import { sandboxPayeeKey } from "./sandbox-payee";
import { FLAKY_HANG_MS, flakyFate, profileOf, slowDelayMs, type SandboxProfile } from "./profiles";
import { SANDBOX_HOST } from "../sandbox-address";
import { loadSandboxOffers, type SandboxOffer } from "./sandbox-catalog";

// The x402 v1 name of the network the local facilitator settles on (a "legacy network" provider says it).
const LEGACY_NETWORK_NAME = "base-sepolia";
/** A price-mismatch provider asks this many times the listed price. */
export const PRICE_MISMATCH_FACTOR = 2;

export interface SandboxOptions {
  facilitator: FacilitatorClient;
  /** 0 takes any free port (tests). */
  port: number;
  host?: string;
  /** How long a flaky provider holds a request before dropping it (default FLAKY_HANG_MS; tests shorten it). */
  hangMs?: number;
}

export interface Sandbox extends DemoProvider {
  offers: number;
}

const productPath = (o: Pick<SandboxOffer, "slug" | "path">) => `/${o.slug}${o.path}`;

function productOf(o: SandboxOffer, profile: SandboxProfile): DemoProduct {
  const endpoint = {
    slug: o.slug,
    serviceName: o.serviceName,
    capability: o.capability,
    method: o.method,
    path: o.path,
  };
  const priceAtomic =
    profile.kind === "non-conformant" && profile.breaks === "price-mismatch"
      ? o.priceAtomic * PRICE_MISMATCH_FACTOR
      : o.priceAtomic;
  return {
    id: o.id,
    method: o.method,
    path: productPath(o),
    priceUsd: atomicToUsd(priceAtomic),
    payTo: o.payTo,
    maxTimeoutSeconds: o.maxTimeoutSeconds,
    name: `${o.serviceName} ${o.method} ${o.path}`,
    description: o.description,
    example: Object.fromEntries(
      Object.entries(o.exampleInput ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    ),
    run: ({ query, body }) => {
      if (o.method === "GET") return { ok: true, result: sandboxAnswer(endpoint, Object.fromEntries(query)) };
      if (body === null || typeof body !== "object" || Array.isArray(body))
        return { ok: false, issues: [{ path: "", message: "The body must be a JSON object." }] };
      return { ok: true, result: sandboxAnswer(endpoint, body as Record<string, unknown>) };
    },
  };
}

/** A 402 bent the way a non-conformant provider bends it; other answers unchanged. */
function bentChallenge(answer: Answer, breaks: string): Answer {
  const header = answer.headers?.["payment-required"];
  if (answer.status !== 402 || !header) return answer;
  const headers = { ...answer.headers };
  if (breaks === "missing-header") {
    delete headers["payment-required"];
    return { ...answer, headers };
  }
  const required = decodePaymentRequiredHeader(header) as unknown as Record<string, unknown> & {
    accepts: Record<string, unknown>[];
  };
  if (breaks === "v1-header") required.x402Version = 1;
  if (breaks === "legacy-network") for (const a of required.accepts) a.network = LEGACY_NETWORK_NAME;
  headers["payment-required"] = encodePaymentRequiredHeader(required as never);
  return { ...answer, headers };
}

/** A paid answer of a provider that charges without delivering: the payment settled (its
 * PAYMENT-RESPONSE stays), the output never came. Unpaid answers (402, 400) are unchanged. */
function undelivered(answer: Answer): Answer {
  if (answer.status !== 200 || !answer.headers?.["payment-response"]) return answer;
  return {
    ...answer,
    status: 502,
    body: {
      error: "upstream_failed",
      message:
        "The payment settled but the upstream returned nothing (simulated: a sandbox provider that does not deliver).",
    },
  };
}

type ShapedOffer = { slug: string; profile: SandboxProfile; delivers: boolean };

function shapingOf(profiles: Map<string, ShapedOffer>, hangMs: number): AnswerShaping {
  const calls = new Map<string, number>();
  const nth = (id: string) => {
    const n = calls.get(id) ?? 0;
    calls.set(id, n + 1);
    return n;
  };
  return {
    before(product) {
      const entry = profiles.get(product.id);
      if (entry?.profile.kind !== "flaky") return undefined;
      // Before anything is read or paid: a flaky failure never takes money.
      const fate = flakyFate(nth(product.id));
      if (fate === "5xx")
        return {
          status: 503,
          headers: { "retry-after": "1" },
          body: {
            error: "upstream_unavailable",
            message: "The sandbox provider is flaky: this call failed (simulated).",
          },
        };
      if (fate === "hang") return { status: 504, body: null, delayMs: hangMs, drop: true };
      return undefined;
    },
    after(product, paid) {
      const entry = profiles.get(product.id);
      if (!entry) return paid;
      const answer = entry.delivers ? paid : undelivered(paid);
      if (entry.profile.kind === "slow") return { ...answer, delayMs: slowDelayMs(entry.slug, nth(product.id)) };
      if (entry.profile.kind === "non-conformant") return bentChallenge(answer, entry.profile.breaks);
      return answer;
    },
  };
}

/**
 * The providers' own receipts: every sandbox provider that delivers signs an EIP-712 receipt of each
 * settled payment with its payee's key (the payTo binding of the offer-receipt spec, §4.5.1), as
 * the library's issuer makes it; one that does not deliver issues none (a receipt is proof of
 * delivery). The payee keys are public by design (sandbox-payee.ts).
 */
function receiptIssuerOf(profiles: Map<string, ShapedOffer>): (product: DemoProduct) => OfferReceiptIssuer | undefined {
  const issuers = new Map<string, OfferReceiptIssuer>();
  return (product) => {
    const entry = profiles.get(product.id);
    if (!entry?.delivers) return undefined;
    let issuer = issuers.get(entry.slug);
    if (!issuer) {
      const account = privateKeyToAccount(sandboxPayeeKey(entry.slug));
      issuer = createEIP712OfferReceiptIssuer(`did:pkh:${X402_NETWORK}:${account.address}`, (typed) =>
        account.signTypedData(typed as Parameters<typeof account.signTypedData>[0]),
      );
      issuers.set(entry.slug, issuer);
    }
    return issuer;
  };
}

/** Starts the sandbox on host:port with every sandbox offer of the database. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const offers = await loadSandboxOffers();
  const profiles = new Map<string, ShapedOffer>(
    offers.map((o) => [o.id, { slug: o.slug, profile: profileOf(o.slug), delivers: o.delivers }]),
  );
  const provider = await startDemoProvider({
    host: options.host ?? SANDBOX_HOST,
    port: options.port,
    facilitator: options.facilitator,
    products: offers.map((o) => productOf(o, profiles.get(o.id)!.profile)),
    shaping: shapingOf(profiles, Math.min(options.hangMs ?? FLAKY_HANG_MS, FLAKY_HANG_MS)),
    receiptIssuer: receiptIssuerOf(profiles),
  });
  return { ...provider, offers: offers.length };
}

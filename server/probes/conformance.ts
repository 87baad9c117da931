// The x402 conformance checks of an offer's unpaid answer against its catalogued terms
// (CONFORMANCE_CHECKS, in their order). A check runs only when what it looks at exists: without a
// 402 only answers_402 fails (a 404 says nothing about the provider's header or terms); without a
// decodable PAYMENT-REQUIRED only payment_required_header fails after it; without any readable
// `accepts` entry the checks of a chosen entry (network, asset, amount, payee) are not run. Failing
// a check that never ran would accuse the provider of a fault nobody saw. The chosen entry is the
// first `exact` one, else the first readable one (the terms a buyer's client would most likely pay).
import type { ConformanceCheck } from "./conformance-checks";
import { networkName, isKnownAsset } from "./payment-networks";
import { decodePaymentRequired, readPaymentRequired, type StatedRequirement } from "./read-payment-required";

/** The schemes a buyer's x402 client here can pay (the exact scheme of @x402/evm). */
export const KNOWN_SCHEMES: readonly string[] = ["exact"];

/** What the catalogue says an offer costs and whom it pays. */
export interface CataloguedTerms {
  payTo: string | null;
  network: string | null;
  asset: string | null;
  priceAtomic: number;
  /** A dynamic price is listed "from" the price: any amount at least the price is the listing's. */
  dynamicPrice: boolean;
}

/** The amount asked is the listed price (for a dynamic price: at least it). */
export function amountMatches(
  amount: string,
  catalogued: Pick<CataloguedTerms, "priceAtomic" | "dynamicPrice">,
): boolean {
  if (!catalogued.dynamicPrice) return amount === String(catalogued.priceAtomic);
  return /^\d{1,78}$/.test(amount) && BigInt(amount) >= BigInt(catalogued.priceAtomic);
}

/** The terms the 402 stated (offer_probes.terms). */
export interface ObservedTerms {
  payTo: string;
  network: string;
  asset: string;
  amountAtomic: string;
  scheme: string;
}

export interface UnpaidAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

export interface Conformance {
  verdict: "conformant" | "non_conformant";
  failedChecks: ConformanceCheck[];
  /** The chosen entry's terms, when a 402 with a readable entry came back. */
  terms: ObservedTerms | null;
  /** What was seen, in short, for the failed checks (offer_probes.detail). */
  notes: string[];
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const trimSlash = (p: string) => p.replace(/\/+$/, "") || "/";

/** The resource names this offer: same origin and path (the query is the caller's input). */
function sameResource(stated: string, offerUrl: URL): boolean {
  try {
    const url = new URL(stated);
    return url.origin === offerUrl.origin && trimSlash(url.pathname) === trimSlash(offerUrl.pathname);
  } catch {
    return false;
  }
}

const headerValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export function checkConformance(answer: UnpaidAnswer, offerUrl: URL, catalogued: CataloguedTerms): Conformance {
  const failed: ConformanceCheck[] = [];
  const notes: string[] = [];
  const done = (terms: ObservedTerms | null): Conformance => ({
    verdict: failed.length === 0 ? "conformant" : "non_conformant",
    failedChecks: failed,
    terms,
    notes,
  });

  if (answer.status !== 402) {
    failed.push("answers_402");
    notes.push(`answered ${answer.status} without payment`);
    return done(null);
  }
  const header = headerValue(answer.headers["payment-required"]);
  const doc = header === undefined ? undefined : decodePaymentRequired(header);
  if (doc === undefined) {
    failed.push("payment_required_header");
    notes.push(header === undefined ? "no PAYMENT-REQUIRED header" : "PAYMENT-REQUIRED does not decode to JSON");
    return done(null);
  }
  const reading = readPaymentRequired(doc);
  if (reading.x402Version !== 2) {
    failed.push("x402_version_2");
    notes.push(`x402Version ${JSON.stringify(reading.x402Version) ?? "missing"}`);
  }
  const chosen: StatedRequirement | undefined =
    reading.accepts.find((a) => KNOWN_SCHEMES.includes(a.scheme)) ?? reading.accepts[0];
  if (!chosen || !KNOWN_SCHEMES.includes(chosen.scheme)) {
    failed.push("accepts_known_scheme");
    notes.push(chosen ? `scheme ${chosen.scheme} only` : "no readable accepts entry");
  }
  if (chosen) {
    const network = networkName(chosen.network);
    if (network.kind !== "caip2") {
      failed.push("network_caip2");
      notes.push(
        network.kind === "legacy"
          ? `network ${network.legacy} is the x402 v1 name of ${network.caip2}`
          : `unknown network ${chosen.network.slice(0, 60)}`,
      );
    }
    if (network.kind === "unknown" || !isKnownAsset(network.caip2, chosen.asset)) {
      failed.push("asset_known");
      notes.push(`asset ${chosen.asset.slice(0, 66)} is not a known USDC contract of that network`);
    }
    if (!amountMatches(chosen.amount, catalogued)) {
      failed.push("amount_matches_price");
      notes.push(`asks ${chosen.amount.slice(0, 40)}, the catalogue lists ${catalogued.priceAtomic}`);
    }
    if (catalogued.payTo !== null && !sameAddress(chosen.payTo, catalogued.payTo)) {
      failed.push("pay_to_matches");
      notes.push(`payTo ${chosen.payTo.slice(0, 66)} is not the catalogued ${catalogued.payTo}`);
    }
  }
  if (reading.resourceUrl === null || !sameResource(reading.resourceUrl, offerUrl)) {
    failed.push("resource_matches");
    notes.push(reading.resourceUrl === null ? "no resource named" : "resource names another URL");
  }
  return done(
    chosen
      ? {
          payTo: chosen.payTo,
          network: chosen.network,
          asset: chosen.asset,
          amountAtomic: chosen.amount,
          scheme: chosen.scheme,
        }
      : null,
  );
}

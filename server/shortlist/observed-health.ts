// What the marketplace observed of a candidate's offers by probing them (server/probes/), as the
// shortlist uses it: which endpoints fail now, whether the whole service does (ranked down, no
// purchase link, no longer counted as tested), and the fit reason that says so with uptime,
// median latency and the time.
// Unprobed offers are never judged: a fresh clone has no probes, and nothing here invents a fact.
import { serviceHealthObject, type OfferHealthObject, type TermsChange } from "../probes/health-schema";
import { CONFORMANCE_CHECK_TEXT } from "../probes/conformance-checks";

export interface ObservedOffer {
  id: string;
  method: string;
  path: string;
  health: OfferHealthObject;
}

/**
 * A service whose every observed endpoint fails ranks as if its relevance were this share of its
 * own (`all`, `hybrid`, `terms`, `semantic`). Halving: a probe failure is strong evidence a call
 * fails now, not proof it fails later (a flaky provider recovers; an operator confirms new terms);
 * so a failing service stays above a healthy one only when it is at least twice as likely to fit —
 * below any comparable healthy service, above unrelated ones. docs/decisions.md.
 */
export const OBSERVED_FAILING_RANK_FACTOR = 0.5;

const observed = (h: OfferHealthObject) => h.state !== "unprobed" || h.routingStopped;

/** Unreachable, non-conformant, or its routing stopped by an open payee/network/asset change. */
export const failingHealth = (h: OfferHealthObject) =>
  h.routingStopped || h.state === "unreachable" || h.state === "non_conformant";

const endpointKey = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

/**
 * Each offer's health as its endpoint's: an offer sold under two protocols is one endpoint at one
 * provider, so an unprobed twin (an MPP offer beside its probed x402 one) shares what its probed
 * twin showed; when twins disagree, the failing observation counts.
 */
export function endpointHealth<T extends ObservedOffer>(offers: readonly T[]): Map<string, OfferHealthObject> {
  const byEndpoint = new Map<string, OfferHealthObject>();
  for (const o of offers) {
    if (!observed(o.health)) continue;
    const key = endpointKey(o);
    const seen = byEndpoint.get(key);
    if (!seen || (!failingHealth(seen) && failingHealth(o.health))) byEndpoint.set(key, o.health);
  }
  return new Map(offers.map((o) => [o.id, byEndpoint.get(endpointKey(o)) ?? o.health]));
}

export interface Observation {
  /** At least one endpoint was observed, and every observed endpoint fails. */
  failing: boolean;
  /** Ids of the offers whose endpoint was observed failing. */
  failingOffers: ReadonlySet<string>;
  /** "Probed by the marketplace: …", or null when nothing was observed. */
  reason: string | null;
}

const pct = (x: number) => `${Number(x.toFixed(1))} %`;
/** 2026-11-28T04:10:27.000Z → "2026-11-28 04:10 UTC". */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The probed endpoints' median latency (latencyP50Ms: over the answered probes of the last 7 days,
 * server/probes/recompute-health.ts), one figure or the range across endpoints; null when no
 * endpoint has one (no answered probe in 7 days).
 */
function latencyText(p50s: (number | null)[]): string | null {
  const ms = p50s.filter((x): x is number => x !== null);
  if (ms.length === 0) return null;
  const [lo, hi] = [Math.min(...ms), Math.max(...ms)];
  return `median latency ${lo === hi ? lo : `${lo}–${hi}`} ms over 7 days`;
}

const FIELD_WORDS: Record<TermsChange["fields"][number], string> = {
  payTo: "payee (payTo)",
  network: "network",
  asset: "asset",
  price: "price",
};

function verdictText(h: OfferHealthObject): string {
  const parts: string[] = [];
  if (h.state === "conformant") parts.push("conformant x402 v2");
  else if (h.state === "unreachable") {
    const n = Math.min(3, h.probes30d);
    parts.push(n <= 1 ? "unreachable in its last probe" : `unreachable in the last ${n} probes`);
  } else if (h.state === "non_conformant")
    parts.push(
      `non-conformant x402, failed check${h.failedChecks.length === 1 ? "" : "s"}: ${h.failedChecks.map((c) => CONFORMANCE_CHECK_TEXT[c]).join(" ")}`,
    );
  if (h.routingStopped && h.termsChange) {
    const what = h.termsChange.fields.filter((f) => f !== "price").map((f) => FIELD_WORDS[f]);
    parts.push(
      `routing stopped since ${utcMinute(h.termsChange.detectedAt)}: its 402 names another ${what.join(", ")} than the catalog (calls are refused until an operator confirms the new terms)`,
    );
  }
  return parts.join("; ");
}

/**
 * What the marketplace observed of a service's offers, judged on the endpoints of `buyable` (the
 * offers a request's constraints leave; all of them by default). The health of an endpoint comes
 * from all the service's offers, so an MPP offer left by `protocol: "mpp"` shares its x402 twin's.
 */
export function observeOffers<T extends ObservedOffer>(
  offers: readonly T[],
  buyable: readonly T[] = offers,
): Observation {
  const health = endpointHealth(offers);
  const endpoints = new Map<string, OfferHealthObject>();
  for (const o of buyable) endpoints.set(endpointKey(o), health.get(o.id)!);
  const seen = [...endpoints].filter(([, h]) => observed(h));
  const failing = seen.length > 0 && seen.every(([, h]) => failingHealth(h));
  const failingOffers = new Set(buyable.filter((o) => failingHealth(health.get(o.id)!)).map((o) => o.id));
  if (seen.length === 0) return { failing, failingOffers, reason: null };

  const texts = seen.map(([key, h]) => [key, verdictText(h)] as const);
  const same = texts.every(([, t]) => t === texts[0]![1]);
  const verdicts = same ? texts[0]![1] : texts.map(([key, t]) => `${key} ${t}`).join("; ");
  const scope = seen.length < endpoints.size ? ` (${seen.length} of ${endpoints.size} endpoints)` : "";
  // Uptime and time over the probed endpoints (serviceHealthObject: mean uptime, newest probe).
  const service = serviceHealthObject(seen.map(([, h]) => h));
  const last = service.lastProbedAt === null ? "" : ` (last probe ${utcMinute(service.lastProbedAt)})`;
  const figures = [
    service.uptime24h === null ? null : `${pct(service.uptime24h)} uptime over 24 h`,
    latencyText(seen.map(([, h]) => h.latencyP50Ms)),
  ].filter((f) => f !== null);
  // "conformant x402 v2, 99.3 % uptime …"; after a sentence or a list, a semicolon.
  const separator = verdicts.endsWith(".") || verdicts.includes("; ") ? "; " : ", ";
  const reason =
    `Probed by the marketplace${scope}: ${verdicts}` +
    (figures.length === 0 ? last : `${separator}${figures.join(", ")}${last}`) +
    (failing ? "; no endpoint is offered as the purchase link" : "");
  return { failing, failingOffers, reason };
}

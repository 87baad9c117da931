// One unpaid probe of a submitted resource URL, and what a draft learns from it. The probe is the
// catalog's own (probes/probe-offer.ts): the observer's address policy and SSRF-safe client, its
// timeout and size cap, its conformance verdict. The listing's offer is not catalogued yet, so the
// probe judges the 402 against nothing but itself (no payee, any amount): conformance here is the
// shape of the answer, not a match with a record. The answer it saw is read once more for the draft:
// the stated terms (@x402/core's schemas) and the bazaar extension (@x402/extensions).
import { extractDiscoveryInfoFromExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import { exceedsJsonDepth } from "../input/json-depth";
import { unstorableTextPath } from "../input/storable-text";
import { atomicToUsd } from "../money";
import type { ObserverMode } from "../observe/offer-policy";
import type { OutboundResult, SafeOutbound } from "../observe/safe-outbound";
import { probeOffer, type ProbeLimits, type ProbedOffer } from "../probes/probe-offer";
import { networkName, isKnownAsset } from "../probes/payment-networks";
import { decodePaymentRequired, readPaymentRequired } from "../probes/read-payment-required";
import { KNOWN_SCHEMES } from "../probes/conformance";
import type { ListingOffer, ListingProbe } from "./listing-schema";

export interface ListingUrlReading {
  probe: ListingProbe;
  offer: ListingOffer | null;
  /** resource.description of the 402, when stated. */
  description: string | null;
}

/** The outbound client, keeping the last answer it relayed (one probe per wrapper). */
function recording(outbound: SafeOutbound): SafeOutbound & { last: OutboundResult | null } {
  const wrapper = {
    last: null as OutboundResult | null,
    async send(request: Parameters<SafeOutbound["send"]>[0]) {
      wrapper.last = await outbound.send(request);
      return wrapper.last;
    },
    close: () => outbound.close(),
  };
  return wrapper;
}

/** A provider's text as the draft stores it: bounded, and storable (U+0000 and lone surrogates become U+FFFD). */
const clip = (s: string, max: number) =>
  (s.length > max ? `${s.slice(0, max - 3)}...` : s).toWellFormed().replace(/\u0000/g, "\ufffd");
/** A provider's JSON is kept only when it is small, shallow and storable as it is. */
const MAX_SCHEMA_BYTES = 16 * 1024;
function keptSchema(value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (value === null) return null;
  const text = JSON.stringify(value);
  return text.length <= MAX_SCHEMA_BYTES && !exceedsJsonDepth(text, 32) && unstorableTextPath(value) === undefined
    ? value
    : null;
}
const object = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

interface BazaarReading {
  method: "GET" | "POST" | null;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
}

/** The bazaar extension's method, input and output, when the 402 declares one. Read with
 * @x402/extensions without validating it against its own schema: that would compile a JSON Schema
 * the provider wrote (its regular expressions included) on our side. A small, shallow one only. */
function readBazaar(doc: Record<string, unknown>): BazaarReading | null {
  const extension = object(object(doc.extensions)?.bazaar);
  if (!extension || keptSchema(extension) === null) return null;
  let info: { input?: unknown; output?: unknown };
  try {
    info = extractDiscoveryInfoFromExtension(extension as unknown as DiscoveryExtension, false);
  } catch {
    return null;
  }
  const input = object(info?.input);
  if (!input || input.type !== "http") return null;
  const schema = object(object(extension.schema)?.properties);
  return {
    method: input.method === "GET" || input.method === "POST" ? input.method : null,
    input: object(schema?.input) ?? input,
    output: object(schema?.output) ?? object(info.output),
  };
}

const refusedProbe = (url: string, outcome: ListingProbe["outcome"], detail: string, now: Date): ListingProbe => ({
  url,
  outcome,
  verdict: null,
  status: null,
  latencyMs: null,
  failedChecks: [],
  detail,
  bazaar: false,
  probedAt: now.toISOString(),
});

export async function probeListingUrl(
  resourceUrl: string,
  outbound: SafeOutbound,
  limits: ProbeLimits,
  mode: ObserverMode,
  now = new Date(),
): Promise<ListingUrlReading> {
  const url = new URL(resourceUrl);
  // The origin as written, credentials included, so that the address policy refuses them (url.origin drops them).
  const credentials = url.username || url.password ? `${url.username}:${url.password}@` : "";
  const providerUrl = `${url.protocol}//${credentials}${url.host}`;
  const path = `${url.pathname}${url.search}`;
  // testMode: loopback only where the observer lets a local demo provider be reached (local payments,
  // OBSERVER_TEST_PORTS); sandbox: the sandbox's own origin while it is on. Nowhere else.
  const offer: ProbedOffer = {
    id: "listing",
    method: "GET",
    path,
    providerUrl,
    testMode: true,
    sandbox: true,
    exampleInput: null,
    payTo: null,
    network: null,
    asset: null,
    priceAtomic: 0,
    dynamicPrice: true,
  };
  const seen = recording(outbound);
  const outcome = await probeOffer(offer, seen, limits, mode);
  if (outcome.kind === "refused")
    return { probe: refusedProbe(resourceUrl, "refused", outcome.reason, now), offer: null, description: null };
  const { record } = outcome;
  const base: ListingProbe = {
    url: resourceUrl,
    outcome: "offer",
    verdict: record.verdict,
    status: record.status,
    latencyMs: record.latencyMs,
    failedChecks: record.failedChecks,
    detail: record.detail,
    bazaar: false,
    probedAt: now.toISOString(),
  };
  const answer = seen.last;
  if (record.verdict === "unreachable" || answer?.kind !== "answer")
    return { probe: { ...base, outcome: "unreachable" }, offer: null, description: null };
  if (answer.status !== 402) return { probe: { ...base, outcome: "not_402" }, offer: null, description: null };
  const raw = answer.headers["payment-required"];
  const doc = decodePaymentRequired(Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? ""));
  const reading = doc && readPaymentRequired(doc);
  const chosen = reading && (reading.accepts.find((a) => KNOWN_SCHEMES.includes(a.scheme)) ?? reading.accepts[0]);
  if (!doc || !chosen) return { probe: { ...base, outcome: "unreadable_402" }, offer: null, description: null };
  const bazaar = readBazaar(doc);
  const network = networkName(chosen.network);
  const usdc = network.kind !== "unknown" && isKnownAsset(network.caip2, chosen.asset);
  const description = object(doc.resource)?.description;
  // The reading leaves maxTimeoutSeconds out; the catalog's offer (and the discovery list) carries it.
  const timeout = (Array.isArray(doc.accepts) ? doc.accepts : [])
    .map((a) => object(a))
    .find((a) => a?.payTo === chosen.payTo && a?.scheme === chosen.scheme)?.maxTimeoutSeconds;
  return {
    probe: { ...base, bazaar: bazaar !== null },
    offer: {
      resourceUrl,
      method: bazaar?.method ?? "GET",
      providerUrl,
      path,
      scheme: clip(chosen.scheme, 40),
      priceAtomic: clip(chosen.amount, 80),
      priceUsd: usdc && /^\d{1,30}$/.test(chosen.amount) ? atomicToUsd(BigInt(chosen.amount)) : null,
      network: clip(chosen.network, 100),
      asset: clip(chosen.asset, 200),
      payTo: clip(chosen.payTo, 200),
      maxTimeoutSeconds: Number.isSafeInteger(timeout) && (timeout as number) > 0 ? (timeout as number) : null,
      inputSchema: bazaar?.input ?? null,
      outputSchema: bazaar?.output ?? null,
    },
    description: typeof description === "string" && description.trim() !== "" ? clip(description.trim(), 4000) : null,
  };
}

// One unpaid probe of an offer: its method and path (the example input as the query of a GET, as the
// JSON body of a POST when the catalogue knows one), sent through the observer's SSRF-safe client
// under the observer's address policy (a sandbox offer only at the sandbox's origin while it is on).
// It never pays and never sends a credential: no PAYMENT-SIGNATURE, no token, no cookie, only what
// any anonymous client sends. Every probe is bounded by a total timeout and a size cap on the answer.
import { routableProviderUrl, type ObserverMode } from "../observe/offer-policy";
import type { OutboundResult, SafeOutbound } from "../observe/safe-outbound";
import type { ConformanceCheck } from "./conformance-checks";
import { checkConformance, type CataloguedTerms, type ObservedTerms } from "./conformance";

export interface ProbedOffer extends CataloguedTerms {
  id: string;
  method: string;
  path: string;
  providerUrl: string;
  testMode: boolean;
  sandbox: boolean;
  exampleInput: unknown;
}

export interface ProbeLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** An offer_probes row before it is stored. */
export interface ProbeRecord {
  verdict: "conformant" | "non_conformant" | "unreachable";
  status: number | null;
  latencyMs: number;
  failedChecks: ConformanceCheck[];
  detail: string | null;
  terms: ObservedTerms | null;
}

export type ProbeOutcome =
  /** The address policy refuses the offer in this mode: nothing was sent and nothing is recorded. */
  { kind: "refused"; reason: string } | { kind: "probed"; record: ProbeRecord };

const USER_AGENT = "agent-payment-marketplace-probe/1 (unpaid x402 conformance check)";

const inputObject = (input: unknown): Record<string, unknown> | null =>
  input !== null && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : null;

/** The URL and body of the probe: the example input where the offer's method carries it. */
export function probeRequest(
  offer: ProbedOffer,
  url: URL,
): { url: URL; headers: Record<string, string>; body: Buffer | null } {
  const input = inputObject(offer.exampleInput);
  const headers: Record<string, string> = { accept: "application/json", "user-agent": USER_AGENT };
  if (offer.method === "GET" || offer.method === "HEAD" || offer.method === "DELETE") {
    const withQuery = new URL(url);
    for (const [k, v] of Object.entries(input ?? {}))
      withQuery.searchParams.set(k, typeof v === "string" ? v : JSON.stringify(v));
    return { url: withQuery, headers, body: null };
  }
  if (input === null) return { url, headers, body: null };
  return { url, headers: { ...headers, "content-type": "application/json" }, body: Buffer.from(JSON.stringify(input)) };
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

function unreachable(result: Exclude<OutboundResult, { kind: "answer" }>, limits: ProbeLimits): string {
  switch (result.kind) {
    case "timeout":
      return `no whole answer within ${limits.timeoutMs} ms`;
    case "too_large":
      return `the answer exceeded ${result.limit} bytes`;
    case "unreachable":
    case "broken":
      return result.reason;
  }
}

export async function probeOffer(
  offer: ProbedOffer,
  outbound: SafeOutbound,
  limits: ProbeLimits,
  mode?: ObserverMode,
): Promise<ProbeOutcome> {
  const routable = routableProviderUrl(offer, mode);
  if (!routable.ok) return { kind: "refused", reason: routable.reason };
  const request = probeRequest(offer, routable.url);
  const started = performance.now();
  const result = await outbound.send({
    url: request.url,
    method: offer.method,
    headers: request.headers,
    body: request.body,
    allowLoopback: routable.loopback,
    timeoutMs: limits.timeoutMs,
    maxResponseBytes: limits.maxBytes,
  });
  const latencyMs = Math.max(0, Math.round(performance.now() - started));
  if (result.kind !== "answer")
    return {
      kind: "probed",
      record: {
        verdict: "unreachable",
        status: null,
        latencyMs,
        failedChecks: [],
        detail: unreachable(result, limits),
        terms: null,
      },
    };
  // "Up" is an answer below 500: a 5xx is the provider failing, whatever its body says.
  if (result.status >= 500)
    return {
      kind: "probed",
      record: {
        verdict: "unreachable",
        status: result.status,
        latencyMs,
        failedChecks: [],
        detail: `answered ${result.status}`,
        terms: null,
      },
    };
  const conformance = checkConformance(result, routable.url, offer);
  const notes =
    result.status >= 300 && result.status < 400
      ? [...conformance.notes, "redirects are not followed"]
      : conformance.notes;
  return {
    kind: "probed",
    record: {
      verdict: conformance.verdict,
      status: result.status,
      latencyMs,
      failedChecks: conformance.failedChecks,
      detail: notes.length > 0 ? clip(notes.join("; ")) : null,
      terms: conformance.terms,
    },
  };
}

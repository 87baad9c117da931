// Structured vendor facts. Hidden attributes are drawn once per service so that related
// facts stay consistent (EU residency agrees with regions, GDPR with EU residency, ...),
// then a varied subset is published with one explicit sentence each.
import type { FactKey, FactValues, SeedFact } from "../types";
import { Rng } from "./random";
import type { Topic, VendorSpec } from "./spec";

export interface FactContext {
  spec: VendorSpec;
  name: string;
  entityName: string;
  website: string;
  docsUrl: string;
  protocols: ("x402" | "mpp")[];
  p95LatencyMs: number;
  rateLimitPerMinute: number;
}

const ASYNC_TOPICS: readonly Topic[] = ["scrape", "video", "audio", "image"];
const SENSITIVE_TOPICS: readonly Topic[] = ["storage", "llm", "audio"];

/** All fact values for a service, before choosing which ones are published. */
function drawValues(ctx: FactContext, rng: Rng): FactValues {
  const maturity = rng.float();
  const fix = ctx.spec.fix ?? {};
  const soc2 = fix.soc2 ?? rng.chance(0.2 + 0.6 * maturity);
  const iso27001 = fix.iso27001 ?? (soc2 ? rng.chance(0.55) : rng.chance(0.08));
  const euDataResidency = fix.euDataResidency ?? rng.chance(0.4);
  const gdpr = fix.gdpr ?? (euDataResidency ? true : rng.chance(0.45 + 0.35 * maturity));
  const hipaa = fix.hipaa ?? (SENSITIVE_TOPICS.includes(ctx.spec.topic) && soc2 && rng.chance(0.3));

  const regions = ["us-east"];
  if (rng.chance(0.5)) regions.push("us-west");
  if (euDataResidency) regions.push(rng.chance(0.6) ? "eu-west" : "eu-central");
  if (euDataResidency && rng.chance(0.25)) regions.push(regions.includes("eu-west") ? "eu-central" : "eu-west");
  if (rng.chance(0.35)) regions.push("ap-southeast");
  if (rng.chance(0.15)) regions.push("ap-northeast");
  if (rng.chance(0.08)) regions.push("sa-east");

  const uptimeSlaPercent = rng.weighted<number>([
    [99, 1],
    [99.5, 2],
    [99.9, 4 + 3 * maturity],
    [99.95, 1 + 2 * maturity],
    [99.99, 0.3 + maturity],
  ]);
  // A service whose docs mention caching or storing data cannot claim to keep nothing.
  const storesSomething = [...ctx.spec.evidence, ...ctx.spec.offers.map((o) => o.description)].some((e) =>
    /cache|stored|kept|snapshot|retain/i.test(e),
  );
  const dataRetentionDays = rng.weighted<number>([
    [0, storesSomething ? 0 : 3],
    [1, 1],
    [7, 2],
    [14, 1],
    [30, 3],
    [90, 1],
  ]);
  const allSdks = ["typescript", "python", "go", "rust", "java", "ruby"];
  const sdkCount = rng.weighted<number>([
    [0, 2],
    [1, 3],
    [2, 4],
    [3, 2],
    [4, 1],
  ]);
  const sdks = allSdks.slice(0, Math.min(2, sdkCount)).concat(rng.sample(allSdks.slice(2), Math.max(0, sdkCount - 2)));

  return {
    soc2,
    iso27001,
    gdpr,
    hipaa,
    euDataResidency,
    regions: fix.regions ?? regions,
    rateLimitPerMinute: fix.rateLimitPerMinute ?? ctx.rateLimitPerMinute,
    uptimeSlaPercent: fix.uptimeSlaPercent ?? uptimeSlaPercent,
    p95LatencyMs: fix.p95LatencyMs ?? ctx.p95LatencyMs,
    dataRetentionDays: fix.dataRetentionDays ?? dataRetentionDays,
    protocols: ctx.protocols,
    openapiSpec: fix.openapiSpec ?? rng.chance(0.72),
    webhooks: fix.webhooks ?? rng.chance(ASYNC_TOPICS.includes(ctx.spec.topic) ? 0.4 : 0.12),
    sdks: fix.sdks ?? sdks,
  };
}

const KEY_WEIGHTS: readonly (readonly [FactKey, number])[] = [
  ["protocols", 6],
  ["rateLimitPerMinute", 5.5],
  ["openapiSpec", 5],
  ["gdpr", 4.5],
  ["p95LatencyMs", 4],
  ["soc2", 4],
  ["dataRetentionDays", 4],
  ["regions", 3.5],
  ["uptimeSlaPercent", 3.5],
  ["sdks", 3.5],
  ["webhooks", 3],
  ["euDataResidency", 3],
  ["iso27001", 2.5],
  ["hipaa", 2],
];

function chooseKeys(ctx: FactContext, rng: Rng): FactKey[] {
  const target = rng.weighted<number>([
    [1, 5],
    [2, 9],
    [3, 12],
    [4, 14],
    [5, 14],
    [6, 12],
    [7, 10],
    [8, 8],
    [9, 6],
    [10, 5],
    [12, 3],
    [14, 2],
  ]);
  const chosen = new Set<FactKey>(Object.keys(ctx.spec.fix ?? {}) as FactKey[]);
  // Storage products keep data by design, so "payload retention" only appears where the spec fixes it.
  const pool = KEY_WEIGHTS.filter(([k]) => !(k === "dataRetentionDays" && ctx.spec.topic === "storage"));
  while (chosen.size < target && pool.length > 0) {
    const key = rng.weighted(pool);
    chosen.add(key);
    pool.splice(
      pool.findIndex(([k]) => k === key),
      1,
    );
  }
  // Publish facts in a stable, readable order.
  return KEY_WEIGHTS.map(([k]) => k).filter((k) => chosen.has(k));
}

/** 1234 -> "1,234", independent of the ICU data the runtime ships with. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1] ?? ""}`;
}

const SDK_LABELS: Record<string, string> = {
  typescript: "TypeScript",
  python: "Python",
  go: "Go",
  rust: "Rust",
  java: "Java",
  ruby: "Ruby",
};

function fact<K extends FactKey>(key: K, value: FactValues[K], text: string, source: string): SeedFact {
  return { key, value, text, source } as SeedFact;
}

function makeFact(key: FactKey, v: FactValues, ctx: FactContext, rng: Rng): SeedFact {
  const n = ctx.name;
  const site = ctx.website;
  const docs = ctx.docsUrl;
  const org = ctx.entityName !== n && rng.chance(0.5) ? ctx.entityName : n;
  switch (key) {
    case "soc2":
      return fact(
        key,
        v.soc2,
        v.soc2
          ? rng.pick([
              `${org} has a SOC 2 Type II report that customers can request under NDA.`,
              `${org} completed a SOC 2 Type II audit covering security and availability.`,
            ])
          : rng.pick([
              `${n} does not currently hold a SOC 2 Type II report.`,
              `${org} has not completed a SOC 2 Type II audit.`,
            ]),
        `${site}${rng.pick(["/security", "/trust"])}`,
      );
    case "iso27001":
      return fact(
        key,
        v.iso27001,
        v.iso27001
          ? rng.pick([
              `${org} is certified to ISO/IEC 27001.`,
              `${org}'s information security management system is ISO/IEC 27001 certified.`,
            ])
          : `${org} is not certified to ISO/IEC 27001.`,
        `${site}${rng.pick(["/trust/certifications", "/security"])}`,
      );
    case "gdpr":
      return fact(
        key,
        v.gdpr,
        v.gdpr
          ? rng.pick([
              `${n} offers a signed GDPR data processing agreement to every paying customer.`,
              `A GDPR data processing agreement with standard contractual clauses is available from ${org} on request.`,
            ])
          : rng.pick([
              `${n} does not offer a GDPR data processing agreement.`,
              `${org} does not sign data processing agreements under the GDPR.`,
            ]),
        `${site}/legal/dpa`,
      );
    case "hipaa":
      return fact(
        key,
        v.hipaa,
        v.hipaa
          ? `${org} signs HIPAA business associate agreements with healthcare customers.`
          : rng.pick([
              `${n} does not sign HIPAA business associate agreements, so protected health information must not be sent to it.`,
              `${org} does not offer a HIPAA business associate agreement.`,
            ]),
        `${site}${v.hipaa ? "/legal/baa" : rng.pick(["/security", "/legal/terms"])}`,
      );
    case "euDataResidency":
      return fact(
        key,
        v.euDataResidency,
        v.euDataResidency
          ? rng.pick([
              `${n} can keep all request data inside the European Union when its EU endpoint is used.`,
              `Customers can pin processing and storage to EU data centres with ${n}.`,
            ])
          : rng.pick([
              `${n} does not offer EU data residency; requests are processed outside the European Union.`,
              `Data sent to ${n} cannot be restricted to the European Union.`,
            ]),
        `${docs}/data-residency`,
      );
    case "regions":
      return fact(
        key,
        v.regions,
        rng.pick([
          `${n} serves requests from the ${listText(v.regions)} regions.`,
          `${n} runs its API in ${listText(v.regions)}.`,
        ]),
        rng.chance(0.5) ? `${docs}/regions` : `${site}/status`,
      );
    case "rateLimitPerMinute":
      return fact(
        key,
        v.rateLimitPerMinute,
        rng.pick([
          `${n} allows up to ${thousands(v.rateLimitPerMinute)} requests per minute per paying wallet.`,
          `The rate limit for ${n} is ${thousands(v.rateLimitPerMinute)} requests per minute for each payer.`,
        ]),
        `${docs}/${rng.pick(["limits", "rate-limits"])}`,
      );
    case "uptimeSlaPercent":
      return fact(
        key,
        v.uptimeSlaPercent,
        rng.pick([
          `${org} commits to ${v.uptimeSlaPercent}% monthly uptime in its service level agreement.`,
          `The ${n} SLA guarantees ${v.uptimeSlaPercent}% availability per calendar month.`,
        ]),
        `${site}/legal/sla`,
      );
    case "p95LatencyMs":
      return fact(
        key,
        v.p95LatencyMs,
        rng.pick([
          `${n} publishes a p95 latency of ${thousands(v.p95LatencyMs)} ms for its API.`,
          `According to its status page, ${n} has a p95 response time of ${thousands(v.p95LatencyMs)} ms.`,
        ]),
        rng.chance(0.5) ? `${site}/status` : `${docs}/performance`,
      );
    case "dataRetentionDays":
      return fact(
        key,
        v.dataRetentionDays,
        v.dataRetentionDays === 0
          ? rng.pick([
              `${n} does not store request payloads; they are discarded once the response is sent.`,
              `${n} keeps no copy of request payloads after a request completes.`,
            ])
          : v.dataRetentionDays === 1
            ? `${n} keeps request payloads for 1 day before deleting them.`
            : rng.pick([
                `${n} keeps request payloads for ${v.dataRetentionDays} days before deleting them.`,
                `Request and response bodies sent to ${n} are retained for ${v.dataRetentionDays} days.`,
              ]),
        rng.chance(0.5) ? `${site}/legal/privacy` : `${docs}/data-retention`,
      );
    case "protocols":
      return fact(
        key,
        v.protocols,
        v.protocols.includes("mpp")
          ? rng.pick([
              `${n} accepts payment through both x402 and the Machine Payments Protocol (MPP).`,
              `Agents can pay ${n} per request with either x402 or MPP.`,
            ])
          : rng.pick([
              `${n} accepts payment only through the x402 protocol, in USDC.`,
              `x402 is the only payment protocol ${n} supports.`,
            ]),
        `${docs}/${rng.pick(["payments", "x402"])}`,
      );
    case "openapiSpec":
      return fact(
        key,
        v.openapiSpec,
        v.openapiSpec
          ? rng.pick([
              `${n} publishes an OpenAPI 3.1 document describing every endpoint.`,
              `An OpenAPI specification for ${n} is available for download.`,
            ])
          : `${n} does not publish an OpenAPI specification.`,
        `${docs}/${v.openapiSpec ? "openapi" : "reference"}`,
      );
    case "webhooks":
      return fact(
        key,
        v.webhooks,
        v.webhooks
          ? rng.pick([
              `${n} can push results to a webhook URL supplied by the caller.`,
              `${n} supports webhook callbacks for completed work.`,
            ])
          : rng.pick([
              `${n} does not support webhooks; results must be fetched by the caller.`,
              `${n} offers no webhook delivery.`,
            ]),
        `${docs}/webhooks`,
      );
    case "sdks":
      return fact(
        key,
        v.sdks,
        v.sdks.length === 0
          ? `${n} does not publish official SDKs; it is called with plain HTTP.`
          : `${org} maintains official SDKs for ${listText(v.sdks.map((s) => SDK_LABELS[s] ?? s))}.`,
        `${docs}/sdks`,
      );
  }
}

export function buildFacts(ctx: FactContext): { facts: SeedFact[]; values: FactValues } {
  const rng = new Rng(`facts:${ctx.spec.slug}`);
  const values = drawValues(ctx, rng);
  const keys = chooseKeys(ctx, rng);
  return { facts: keys.map((k) => makeFact(k, values, ctx, rng)), values };
}

// Turns the hand-written vendor specs into SeedService records: stable ids, catalog metrics,
// the sandbox world's test plan (which services the marketplace tests at seed time, which providers
// deliver), payment options, facts and evidence.
import { sandboxPayTo } from "../../../server/sandbox/sandbox-payee";
import type { Capability, FactValues, SeedOffer, SeedService } from "../types";
import { buildEvidence } from "./evidence";
import { buildFacts } from "./facts";
import { DAY_MS, HOUR_MS, OBSERVED_AT, OBSERVED_MS, Rng, base32Hash, hash32, hexHash, iso } from "./random";
import type { Topic, VendorSpec } from "./spec";
import { AI_MODELS_VENDORS } from "./vendors-ai-models";
import { MAPS_WEATHER_VENDORS } from "./vendors-maps-weather";
import { MEDIA_VENDORS } from "./vendors-media";
import { SEARCH_VENDORS } from "./vendors-search";
import { SOCIAL_VENDORS } from "./vendors-social";
import { STORAGE_VENDORS } from "./vendors-storage";
import { WEB_DATA_VENDORS } from "./vendors-web-data";

export const VENDORS_BY_CAPABILITY: Record<Capability, VendorSpec[]> = {
  "maps-weather": MAPS_WEATHER_VENDORS,
  "web-data": WEB_DATA_VENDORS,
  search: SEARCH_VENDORS,
  media: MEDIA_VENDORS,
  social: SOCIAL_VENDORS,
  storage: STORAGE_VENDORS,
  "ai-models": AI_MODELS_VENDORS,
};

const BAZAAR = "https://bazaar.x402.org/discovery/resources";
const X402_INDEX = "https://x402-index.org/api/v1/resources";
const MPP_REGISTRY = "https://mpp-registry.dev/catalog.json";

/** Typical published p95 latency range per topic, in milliseconds. */
const LATENCY_RANGE: Record<Topic, readonly [number, number]> = {
  weather: [90, 450],
  geo: [60, 400],
  scrape: [1500, 9000],
  data: [150, 900],
  search: [250, 1800],
  image: [1200, 12000],
  vision: [300, 2500],
  audio: [800, 6000],
  video: [1500, 12000],
  social: [200, 1500],
  storage: [60, 600],
  llm: [600, 7000],
};

/** Everything the review generator needs to know about a service beyond the record itself. */
export interface ServiceProfile {
  service: SeedService;
  spec: VendorSpec;
  capability: Capability;
  /** Latent quality in [0, 1]; drives review ratings. */
  quality: number;
  p95LatencyMs: number;
  rateLimitPerMinute: number;
  factValues: FactValues;
}

function roundLatency(ms: number): number {
  return ms < 1000 ? Math.round(ms / 10) * 10 : Math.round(ms / 100) * 100;
}

function offerFromSpec(spec: VendorSpec, serviceSlug: string, docsUrl: string, index: number): SeedOffer {
  const o = spec.offers[index];
  if (!o) throw new Error(`missing offer ${index} for ${serviceSlug}`);
  const anchor = `${o.method.toLowerCase()}${o.path.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`;
  const offer: SeedOffer = {
    id: `off_${base32Hash(`offer:${serviceSlug}:${o.method}:${o.path}`, 10)}`,
    protocol: "x402",
    method: o.method,
    path: o.path,
    description: o.description,
    priceUsd: o.price,
    dynamicPrice: o.dynamic ?? false,
    docsUrl: `${docsUrl}/reference/${anchor}`,
  };
  if (o.method === "GET") offer.exampleQuery = o.query ?? {};
  else offer.exampleBody = o.body ?? {};
  return offer;
}

/** The same endpoint sold with MPP: its own stable id (the x402 offer's id is unchanged). */
export function mppTwin(offer: SeedOffer, serviceSlug: string): SeedOffer {
  return {
    ...offer,
    id: `off_${base32Hash(`offer:${serviceSlug}:mpp:${offer.method}:${offer.path}`, 10)}`,
    protocol: "mpp",
  };
}

interface Draft {
  spec: VendorSpec;
  capability: Capability;
  calls30d: number;
  score: number;
}

export function buildServices(): ServiceProfile[] {
  const drafts: Draft[] = [];
  for (const [capability, specs] of Object.entries(VENDORS_BY_CAPABILITY) as [Capability, VendorSpec[]][]) {
    for (const spec of specs) {
      const rng = new Rng(`calls:${spec.slug}`);
      // Long tail: log10(calls) between 1 and ~5.39, skewed towards the low end.
      const exponent = 1 + 4.39 * Math.pow(rng.float(), 1.25);
      const calls30d = Math.round(Math.pow(10, exponent));
      const score = exponent / 5.4 + 0.55 * rng.float();
      drafts.push({ spec, capability, calls30d, score });
    }
  }

  // What a marketplace test would find in the sandbox world (no status is written: the seed's tests
  // run for real, server/marketplace-tests/seed-tests.ts). Exact shares, biased so that busier
  // services are more likely to be tested; a "tested-no-output" provider takes the payment and
  // delivers nothing.
  const byScore = [...drafts].sort((a, b) => b.score - a.score || a.spec.slug.localeCompare(b.spec.slug));
  const untestedCount = Math.round(drafts.length * 0.45);
  const noOutputCount = Math.round(drafts.length * 0.15);
  const testedPart = byScore.slice(0, drafts.length - untestedCount);
  const untestedPart = byScore.slice(drafts.length - untestedCount);
  const statusRng = new Rng("test-status");
  const noOutput = new Set(statusRng.sample(testedPart, noOutputCount).map((d) => d.spec.slug));
  const status = new Map<string, "tested-output" | "tested-no-output" | "untested">();
  for (const d of testedPart) status.set(d.spec.slug, noOutput.has(d.spec.slug) ? "tested-no-output" : "tested-output");
  for (const d of untestedPart) status.set(d.spec.slug, "untested");
  // A few untested services that nobody has paid for yet.
  const zeroCalls = new Set(untestedPart.slice(-6).map((d) => d.spec.slug));

  const slugs = drafts.map((d) => d.spec.slug);
  const mpp = new Set(new Rng("protocol-mpp").sample(slugs, Math.round(slugs.length * 0.3)));
  const credits = new Set(new Rng("supports-credits").sample(slugs, Math.round(slugs.length * 0.4)));

  const entitySlugs = [...new Set(drafts.map((d) => (d.spec.company ?? { slug: d.spec.slug }).slug))].sort();
  const uncataloged = new Set(new Rng("entity-cataloged").sample(entitySlugs, Math.round(entitySlugs.length * 0.15)));

  return drafts.map((d): ServiceProfile => {
    const { spec, capability } = d;
    const rng = new Rng(`service:${spec.slug}`);
    const website = `https://${spec.domain}`;
    const serviceUrl = spec.api ?? `https://api.${spec.domain}`;
    const docsUrl =
      spec.docs ??
      (hash32(`docs:${spec.domain}`) % 3 === 0 ? `https://${spec.domain}/docs` : `https://docs.${spec.domain}`);
    const testStatus = status.get(spec.slug) ?? "untested";
    const calls30d = zeroCalls.has(spec.slug) ? 0 : d.calls30d;
    const callsPerPayer = 2 + Math.pow(rng.float(), 2) * 350;
    const uniquePayers30d = calls30d === 0 ? 0 : Math.min(calls30d, Math.max(1, Math.round(calls30d / callsPerPayer)));
    const protocols: ("x402" | "mpp")[] = mpp.has(spec.slug) ? ["x402", "mpp"] : ["x402"];
    // A tested service once drew a static test date here. The draw is kept, unused, so that every
    // later draw of this service (its source, latency, rate limit, quality) stays what the shortlist's
    // labels were written against.
    if (testStatus !== "untested") rng.float();

    let catalogSource = BAZAAR;
    let sourceId = `bazaar:${hexHash(`bazaar:${serviceUrl}`, 16)}`;
    let catalogObservedAt = OBSERVED_AT;
    const sourceRoll = rng.float();
    if (protocols.includes("mpp") && sourceRoll < 0.2) {
      catalogSource = MPP_REGISTRY;
      sourceId = `mpp-registry:${spec.slug}`;
      catalogObservedAt = iso(OBSERVED_MS - rng.int(1, 6) * DAY_MS - rng.int(0, 23) * HOUR_MS);
    } else if (sourceRoll > 0.92) {
      catalogSource = X402_INDEX;
      sourceId = `x402-index:${hexHash(`x402-index:${spec.slug}`, 12)}`;
      catalogObservedAt = iso(OBSERVED_MS - rng.int(1, 4) * DAY_MS - rng.int(0, 23) * HOUR_MS);
    }

    const company = spec.company ?? { slug: spec.slug, name: spec.name, domain: spec.domain };
    const [lo, hi] = LATENCY_RANGE[spec.topic];
    const p95LatencyMs = roundLatency(lo * Math.pow(hi / lo, rng.float()));
    const rateLimitPerMinute = rng.weighted<number>([
      [30, 1],
      [60, 3],
      [120, 4],
      [300, 4],
      [600, 3],
      [1200, 2],
      [3000, 1],
      [6000, 1],
    ]);
    // Facts, evidence and reviews are drawn from the endpoints (the x402 offers), so adding MPP
    // offers changed nothing else in the catalog.
    const offers = spec.offers.map((_, i) => offerFromSpec(spec, spec.slug, docsUrl, i));
    const { facts, values } = buildFacts({
      spec,
      name: spec.name,
      entityName: company.name,
      website,
      docsUrl,
      protocols,
      p95LatencyMs,
      rateLimitPerMinute,
    });
    const evidence = buildEvidence({
      website,
      docsUrl,
      sentences: spec.evidence,
    });

    const service: SeedService = {
      id: `svc_${base32Hash(`service:${spec.slug}`, 10)}`,
      sourceId,
      slug: spec.slug,
      name: spec.name,
      website,
      serviceUrl,
      docsUrl,
      description: spec.description,
      capabilities: spec.also ? [capability, spec.also] : [capability],
      primaryCapability: capability,
      tags: spec.tags,
      protocols,
      // Seeded providers are served by the sandbox (server/sandbox/), paid in the local facilitator's
      // test USDC on Base Sepolia (X402_NETWORK, X402_ASSET of server/payments/payment-network.ts),
      // each to its own address derived from its slug (through a key anyone can derive: sandbox-payee.ts).
      payment: {
        network: "eip155:84532",
        asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        payTo: sandboxPayTo(spec.slug),
        maxTimeoutSeconds: 60,
      },
      supportsCredits: credits.has(spec.slug),
      calls30d,
      uniquePayers30d,
      world: { testedAtSeed: testStatus !== "untested", delivers: testStatus !== "tested-no-output" },
      entity: {
        slug: company.slug,
        name: company.name,
        website: `https://${company.domain}`,
        cataloged: !uncataloged.has(company.slug),
      },
      catalogSource,
      catalogObservedAt,
      offers: protocols.includes("mpp") ? offers.flatMap((o) => [o, mppTwin(o, spec.slug)]) : offers,
      facts,
      evidence,
    };
    const quality = testStatus === "tested-no-output" ? 0.15 + 0.45 * rng.float() : 0.3 + 0.7 * rng.float();
    return {
      service,
      spec,
      capability,
      quality,
      p95LatencyMs: values.p95LatencyMs,
      rateLimitPerMinute: values.rateLimitPerMinute,
      factValues: values,
    };
  });
}

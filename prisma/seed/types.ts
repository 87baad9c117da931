// Shape of the deterministic seed catalog. `prisma/seed/catalog/` builds a SeedCatalog from
// hand-written vendor lists and fragment pools; `prisma/seed/seed.ts` writes it to the database.

import type { Capability } from "../../server/catalog/vocabulary";

export { CAPABILITIES, TEST_STATUSES } from "../../server/catalog/vocabulary";
export type { Capability };

// Structured vendor facts the shortlist's condition checks may cite. A fact present with a
// negative value (false, 0, missing region) lets a check answer "unmet"; an absent fact is unknown.
export type FactValues = {
  soc2: boolean; // SOC 2 Type II report available
  iso27001: boolean; // ISO/IEC 27001 certified
  gdpr: boolean; // GDPR data processing agreement offered
  hipaa: boolean; // HIPAA business associate agreement offered
  euDataResidency: boolean; // data can be kept in the EU
  regions: string[]; // serving regions, e.g. ["us-east", "eu-west", "ap-southeast"]
  rateLimitPerMinute: number; // requests per minute per payer
  uptimeSlaPercent: number; // contractual uptime, e.g. 99.9
  p95LatencyMs: number; // published p95 latency
  dataRetentionDays: number; // how long request payloads are kept; 0 = not stored
  protocols: string[]; // payment protocols accepted: "x402", "mpp"
  openapiSpec: boolean; // publishes an OpenAPI document
  webhooks: boolean; // can push results to a webhook
  sdks: string[]; // official SDK languages, e.g. ["typescript", "python"]
};
export type FactKey = keyof FactValues;
export type SeedFact = { [K in FactKey]: { key: K; value: FactValues[K]; text: string; source: string } }[FactKey];

export interface SeedEvidence {
  text: string; // one explicit sentence from the vendor's docs, terms or our tests
  source: string; // URL of the page it came from
}

export interface SeedOffer {
  id: string; // stable, unique across the catalog, URL-safe: "off_" + 10 lowercase base32 chars
  // How the endpoint is paid. A service that accepts MPP lists each endpoint twice: its x402 offer
  // and an "mpp" offer (own id, same method, path and price; no x402 payment requirements).
  protocol: "x402" | "mpp";
  method: "GET" | "POST";
  path: string; // provider path, e.g. "/v1/forecast/daily"
  description: string;
  priceUsd: string; // decimal text between "0.0005" and "0.50", at most 6 decimals
  dynamicPrice: boolean;
  exampleQuery?: Record<string, string>; // GET: query parameters for the quickstart
  exampleBody?: Record<string, unknown>; // POST: JSON body for the quickstart
  docsUrl: string;
}

export interface SeedService {
  id: string; // stable: "svc_" + 10 lowercase base32 chars
  sourceId: string; // identifier in the source catalog, e.g. a Bazaar resource id
  slug: string; // unique, lowercase, hyphenated
  name: string;
  website: string; // https URL of the vendor
  serviceUrl: string; // https base URL of the paid API (providerUrl of its offers)
  docsUrl: string;
  description: string; // 1 to 3 sentences
  capabilities: Capability[]; // includes primaryCapability
  primaryCapability: Capability;
  tags: string[];
  protocols: ("x402" | "mpp")[]; // always includes "x402"
  supportsCredits: boolean;
  calls30d: number; // snapshot figures from the source catalog
  uniquePayers30d: number;
  // The sandbox world's truth about this provider, not a claim of the catalog (every service is
  // seeded untested): whether the marketplace tests it when the seed is prepared
  // (server/marketplace-tests/seed-tests.ts), and whether its sandbox provider's paid answers carry
  // output (false: it settles the payment, then answers 502 with nothing).
  world: { testedAtSeed: boolean; delivers: boolean };
  entity: { slug: string; name: string; website: string; cataloged: boolean };
  catalogSource: string; // URI of the catalog the record came from
  catalogObservedAt: string; // ISO 8601
  // 1 to 6 endpoints as x402 offers; services with "mpp" in protocols add each endpoint's mpp offer
  // right after its x402 one.
  offers: SeedOffer[];
  // The x402 payment requirements the provider's 402 names (every x402 offer of the service shares them).
  payment: { network: string; asset: string; payTo: string; maxTimeoutSeconds: number };
  facts: SeedFact[];
  evidence: SeedEvidence[];
}

export interface SeedComment {
  id: string; // UUID
  actorType: "llm" | "human";
  name: string;
  body: string;
  createdAt: string; // ISO 8601, after the review's createdAt
}

export interface SeedRevision {
  rating: number;
  title: string;
  body: string;
  tags: string[];
  createdAt: string;
}

export interface SeedReview {
  id: string; // UUID
  serviceSlug: string;
  actorType: "llm" | "human";
  name: string; // reviewer name (an agent's name for llm reviews)
  org: string; // reviewer organization
  rating: 2 | 3 | 4 | 5;
  title: string;
  body: string;
  tags: string[];
  link: string | null; // the reviewed endpoint (an offer's providerUrl + path)
  createdAt: string; // ISO 8601
  earlierRevisions: SeedRevision[]; // older versions; the review itself is the latest
  humanReviewedAt: string | null; // set when an operator marked it reviewed
  comments: SeedComment[];
  likes: { llm: number; human: number };
  favorites: { llm: number; human: number };
}

export interface SeedCatalog {
  observedAt: string; // ISO 8601 snapshot time
  services: SeedService[];
  reviews: SeedReview[];
}

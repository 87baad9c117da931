// Everything ranking needs about the retrieved candidates: the service, its offers with what the
// probes observed of them (offer_health, the open terms change), facts, evidence, review figures and
// the paid calls through the observer. Two statements side by side (one round trip's wait): what
// changes only with the catalog, kept in memory per catalog version, and what moves, read each time
// (one query instead of eight keeps the shortlist's fixed cost low; see `npm run bench:shortlist`).
import { TESTER_TOKEN_ID } from "../accounts/marketplace-tester-token";
import { urls } from "../catalog/urls";
import { sqlQuery } from "../db";
import { answered, providerAnswered, windowStart } from "../observe/call-stats";
import { Prisma } from "../generated/prisma/client";
import { UNPROBED, offerHealthObject, type OfferHealthObject, type TermsChange } from "../probes/health-schema";
import type { ConformanceCheck, HealthState } from "../probes/conformance-checks";
import { termsChangeObject } from "../probes/offer-health";
import { catalogVersionCache } from "../search/catalog-version-cache";
import { sentenceVectors } from "../search/embeddings/sentence-embeddings";
import type { ServiceFacts } from "./conditions/service-facts";
import { observeOffers } from "./observed-health";
import type { OfferLike } from "./offer-fit";
import type { ReviewFigures } from "./reputation";

/** An offer as the candidates' query returns it (offers.dynamic_price as dynamicPrice), with its health. */
export interface CandidateOffer extends OfferLike {
  dynamicPrice: boolean;
  health: OfferHealthObject;
}

/** An offer as the query's JSON has it: offer_health's columns and the open change, each null when absent. */
interface OfferJson extends Omit<CandidateOffer, "health"> {
  health: {
    state: string;
    failedChecks: string[];
    uptime24h: number | null;
    uptime7d: number | null;
    uptime30d: number | null;
    latencyP50Ms: number | null;
    latencyP95Ms: number | null;
    probes30d: number;
    lastProbedAt: string | null;
  } | null;
  change: {
    detectedAt: string;
    fields: string[];
    blocking: boolean;
    catalogued: TermsChange["catalogued"];
    observed: TermsChange["observed"];
  } | null;
}

function candidateOffer({ health: h, change: c, ...offer }: OfferJson): CandidateOffer {
  const row = h
    ? {
        ...h,
        state: h.state as HealthState,
        failedChecks: h.failedChecks as ConformanceCheck[],
        lastProbedAt: h.lastProbedAt === null ? null : new Date(h.lastProbedAt),
      }
    : UNPROBED;
  const open = c
    ? termsChangeObject({ ...c, detectedAt: new Date(c.detectedAt), resolvedAt: null, resolution: null })
    : null;
  return { ...offer, health: offerHealthObject(row, open) };
}

export interface Candidate {
  id: string;
  slug: string;
  name: string;
  entityName: string;
  website: string;
  docsUrl: string;
  description: string;
  primaryCapability: string;
  capabilities: string[];
  tags: string[];
  protocols: string[];
  testStatus: string;
  testedAt: Date | null;
  /** A listed service whose every x402 payee proved control when it was approved. */
  payeeVerified: boolean;
  offers: CandidateOffer[];
  facts: ServiceFacts;
  reviews: ReviewFigures;
  /** Paid calls through the observer in the last 30 days (the record's observed.paidCalls30d), the
   * ones the provider answered (below 500), and the newest one's claim time. */
  paidCalls: { count: number; answered: number; lastAt: Date | null };
}

interface StaticRow {
  id: string;
  slug: string;
  name: string;
  entity_name: string;
  website: string;
  docs_url: string;
  description: string;
  primary_capability: string;
  capabilities: string[];
  tags: string[];
  protocols: string[];
  offers: Omit<OfferJson, "health" | "change">[];
  facts: { key: string; value: unknown; text: string; source: string }[];
  evidence: { text: string; source: string }[];
}

interface LiveRow {
  id: string;
  test_status: string;
  tested_at: Date | null;
  payee_verified: boolean;
  health: (NonNullable<OfferJson["health"]> & { offerId: string })[];
  changes: (NonNullable<OfferJson["change"]> & { offerId: string })[];
  review_count: number;
  review_mean: number | null;
  review_last: Date | null;
  human_reviewed: number;
  verified_reviews: number;
  verified_purchase_reviews: number;
  verified_review_last: Date | null;
  paid_calls: number;
  paid_calls_answered: number;
  paid_call_last: Date | null;
}

type Row = Omit<StaticRow, "offers"> & Omit<LiveRow, "health" | "changes"> & { offers: OfferJson[] };

// What changes only with the catalog (an import, an approval, an owner's move, a confirmed terms
// change: each bumps catalog_state.version): the service's text, its offers' terms, facts and
// evidence. Read once per catalog version and service, then served from memory (CATALOG_ROWS_KEPT
// services at most): building these rows' JSON was most of the statement's cost, for every purchase.
const staticStatement = (ids: string[]): Prisma.Sql => Prisma.sql`
    SELECT s.id, s.slug, s.name, s.entity_name, s.website, s.docs_url, s.description, s.primary_capability, s.capabilities, s.tags, s.protocols,
      COALESCE((SELECT json_agg(json_build_object('id', o.id, 'protocol', o.protocol, 'method', o.method, 'path', o.path, 'priceAtomic', o.price_atomic, 'description', o.description, 'dynamicPrice', o.dynamic_price) ORDER BY o.position, o.id)
                FROM offers o WHERE o.service_id = s.id), '[]'::json) AS offers,
      COALESCE((SELECT json_agg(json_build_object('key', f.key, 'value', f.value, 'text', f.text, 'source', f.source) ORDER BY f.key)
                FROM service_facts f WHERE f.service_id = s.id), '[]'::json) AS facts,
      COALESCE((SELECT json_agg(json_build_object('text', e.text, 'source', e.source) ORDER BY e.position, e.id)
                FROM service_evidence e WHERE e.service_id = s.id), '[]'::json) AS evidence
    FROM services s
    WHERE s.id = ANY(${ids}::text[])`;

// What moves between catalog versions, read for every request: the marketplace's test and the
// payee check, what the probes observed of each offer (offer_health, the open terms change), the
// review figures and the paid calls through the observer.
const liveStatement = (ids: string[], now: Date): Prisma.Sql => Prisma.sql`
    SELECT s.id, s.test_status, s.tested_at, s.payee_verified,
      COALESCE((SELECT json_agg(json_build_object('offerId', h.offer_id, 'state', h.state, 'failedChecks', h.failed_checks, 'uptime24h', h.uptime_24h, 'uptime7d', h.uptime_7d, 'uptime30d', h.uptime_30d,
                    'latencyP50Ms', h.latency_p50_ms, 'latencyP95Ms', h.latency_p95_ms, 'probes30d', h.probes_30d, 'lastProbedAt', h.last_probed_at))
                FROM offer_health h JOIN offers o ON o.id = h.offer_id WHERE o.service_id = s.id), '[]'::json) AS health,
      -- at most one open change per offer (a partial unique index)
      COALESCE((SELECT json_agg(json_build_object('offerId', c.offer_id, 'detectedAt', c.detected_at, 'fields', c.fields, 'blocking', c.blocking, 'catalogued', c.catalogued, 'observed', c.observed))
                FROM offer_terms_changes c JOIN offers o ON o.id = c.offer_id WHERE o.service_id = s.id AND c.resolved_at IS NULL), '[]'::json) AS changes,
      r.review_count, r.review_mean, r.review_last, r.human_reviewed, r.verified_reviews, r.verified_purchase_reviews, r.verified_review_last,
      c.paid_calls, c.paid_calls_answered, c.paid_call_last
    FROM services s
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS review_count, avg(rating)::float8 AS review_mean, max(created_at) AS review_last,
             (count(*) FILTER (WHERE human_review_status = 'reviewed'))::int AS human_reviewed,
             (count(*) FILTER (WHERE verified_call_at IS NOT NULL))::int AS verified_reviews,
             (count(*) FILTER (WHERE receipt_call_id IS NOT NULL OR provider_receipt_key IS NOT NULL))::int AS verified_purchase_reviews,
             max(created_at) FILTER (WHERE verified_call_at IS NOT NULL) AS verified_review_last
      FROM reviews WHERE service_id = s.id AND status = 'published'
    ) r ON true
    -- the observer's answered paid calls of the window, as the record counts them (call-stats.ts), but
    -- agents' only: the marketplace's own test calls are its test's fit reason, not paid use;
    -- an index range per candidate (observed_calls is indexed by service and time)
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS paid_calls,
             (count(*) FILTER (WHERE ${providerAnswered}))::int AS paid_calls_answered,
             max(created_at) AS paid_call_last
      FROM observed_calls WHERE service_id = s.id AND paid AND ${answered(windowStart(now))}
        AND token_id IS DISTINCT FROM ${TESTER_TOKEN_ID}::uuid
    ) c ON true
    WHERE s.id = ANY(${ids}::text[])`;

const CATALOG_ROWS_KEPT = 5000;
/** The static rows of the current catalog version (a new, empty map per version). */
const catalogRows = catalogVersionCache(async () => new Map<string, StaticRow>());

/** Each candidate's static row, from memory or read now (one statement for the missing ones). */
async function staticRows(ids: string[]): Promise<Map<string, StaticRow>> {
  const kept = await catalogRows();
  const missing = ids.filter((id) => !kept.has(id));
  if (missing.length > 0) {
    const rows = await sqlQuery<StaticRow>(staticStatement(missing));
    if (kept.size + rows.length > CATALOG_ROWS_KEPT) kept.clear();
    for (const r of rows) kept.set(r.id, r);
  }
  return kept;
}

/** The statements that read the candidates (exported for measuring them: EXPLAIN). */
export const candidateStatements = (ids: string[], now: Date) => ({
  static: staticStatement(ids),
  live: liveStatement(ids, now),
});

export async function loadCandidates(ids: string[], now: Date = new Date()): Promise<Map<string, Candidate>> {
  if (ids.length === 0) return new Map();
  const [kept, live] = await Promise.all([staticRows(ids), sqlQuery<LiveRow>(liveStatement(ids, now))]);
  // A service deleted since (or never there) has no static row: it is not a candidate.
  const rows: Row[] = live.flatMap((l) => {
    const s = kept.get(l.id);
    if (!s) return [];
    const health = new Map(l.health.map(({ offerId, ...h }) => [offerId, h]));
    const changes = new Map(l.changes.map(({ offerId, ...c }) => [offerId, c]));
    const offers = s.offers.map((o) => ({ ...o, health: health.get(o.id) ?? null, change: changes.get(o.id) ?? null }));
    return [{ ...s, ...l, offers }];
  });
  // Stored sentence vectors for the checks (cached in process; absent ones fall back to words).
  const vectors = await sentenceVectors(
    rows.flatMap((r) => [...r.evidence.map((e) => e.text), ...r.facts.map((f) => f.text)]),
  );
  const offers = rows.map((r) => r.offers.map(candidateOffer));
  return new Map(
    rows.map((r, i) => [
      r.id,
      {
        id: r.id,
        slug: r.slug,
        name: r.name,
        entityName: r.entity_name,
        website: r.website,
        docsUrl: r.docs_url,
        description: r.description,
        primaryCapability: r.primary_capability,
        capabilities: r.capabilities,
        tags: r.tags,
        protocols: r.protocols,
        testStatus: r.test_status,
        testedAt: r.tested_at,
        payeeVerified: r.payee_verified,
        offers: offers[i]!,
        facts: {
          name: r.name,
          recordUrl: urls.serviceRecord(r.slug),
          protocols: r.protocols,
          testStatus: r.test_status,
          testedAt: r.tested_at,
          offers: offers[i]!,
          // Every endpoint the probes saw fails now: the seeded test status no longer counts.
          observedFailing: observeOffers(offers[i]!).failing,
          facts: new Map(r.facts.map((f) => [f.key, { value: f.value, text: f.text, source: f.source }])),
          evidence: r.evidence,
          vectors,
        },
        reviews: {
          count: r.review_count,
          mean: r.review_mean,
          lastAt: r.review_last,
          humanReviewed: r.human_reviewed,
          verified: r.verified_reviews,
          verifiedPurchases: r.verified_purchase_reviews,
          lastVerifiedAt: r.verified_review_last,
        },
        paidCalls: { count: r.paid_calls, answered: r.paid_calls_answered, lastAt: r.paid_call_last },
      },
    ]),
  );
}

// Turns a shortlist request into ranked matches (decisions.md §4), from current catalog and
// review data only. Sponsored placements are not part of the catalog tables read here.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ratingFields } from "../catalog/review-stats";
import { urls } from "../catalog/urls";
import type { Capability } from "../catalog/vocabulary";
import { atomicToUsd } from "../money";
import { checkRequirement, prepareRequirements } from "./conditions/check-condition";
import { fitReasons } from "./fit-reasons";
import { informativeWords, wordsUnknownToCatalog } from "./match-words";
import { priceUnitOf, purchaseOffer } from "./offer-fit";
import { loadCandidates, type Candidate } from "./load-candidates";
import { coreNeedOf } from "./need-index";
import { LIKELY_FIT, nothingFitsField, type ClosestCandidate } from "./nothing-fits";
import { OBSERVED_FAILING_RANK_FACTOR, observeOffers, type Observation } from "./observed-health";
import { catalogMeanRating, reputationOf } from "./reputation";
import {
  normalizeConditions,
  shortlistInputSchema,
  type ParsedShortlistInput,
  type ShortlistInput,
} from "./request-schema";
import type { ShortlistMatch, Shortlist } from "./result-schema";
import { offerQualifies } from "../search/retrieval/constraints";
import { retrieve } from "../search/retrieval/retrieve";
import { catalogVersionCache } from "../search/catalog-version-cache";
import {
  CALIBRATION,
  CALIBRATION_NO_COSINE,
  calibratedScore,
  featuresOf,
  queryCoverage,
  NOTHING_FITS_BELOW,
  RELEVANCE_FLOOR,
} from "./relevance";

function nothingFitsNote(excluded: number): string {
  return (
    "Nothing in the catalog fits this request closely enough" +
    (excluded
      ? `; ${excluded} related service${excluded === 1 ? "" : "s"} failed a must condition (see excluded)`
      : "") +
    `. Browse related services with the free search: ${urls.searchApi()}?q=<what you need>.`
  );
}

// Retrieved services considered for condition checks and final ranking: conditions can exclude
// services, so they need depth. Without conditions, other modes keep the retrieval order (the
// first `limit` suffice) and `all` only adds reputation (at most REPUTATION_MARGIN), so only
// services within that margin of the limit-th one can still reach the shortlist.
const CANDIDATES = 40;
// `all` mode: relevance dominates; met preferences and reputation refine. `score` stays a
// probability (issue 26, item 2; the old blend 0.85 p + 0.1 preferences + 0.05 reputation read 0.85
// for a sure fit): reputation shifts the log-odds by at most REPUTATION_LOGIT / 2 either way, and met
// preferences raise it by up to a tenth of its distance to 1. A shift of 0.2 in log-odds moves p by
// at most 0.05, close to the old blend's reputation weight (0.05 / 0.85 of relevance).
const WEIGHT_PREFER = 0.1;
const REPUTATION_LOGIT = 0.2;
// How far reputation can lift one service above another, in probability (candidateDepth).
const REPUTATION_MARGIN = REPUTATION_LOGIT / 4;

function allModeScore(p: number, preferShare: number, bayesRating: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  const reputation = Math.max(0, Math.min(1, (bayesRating - 1) / 4)) - 0.5;
  const shifted = 1 / (1 + Math.exp(-(Math.log(q / (1 - q)) + REPUTATION_LOGIT * reputation)));
  return shifted + WEIGHT_PREFER * preferShare * (1 - shifted);
}

// When the catalog's newest service was observed: only an import changes it, and every import
// bumps the catalog version. max() of an indexed column reads one end of the index.
const catalogObservedAt = catalogVersionCache(
  async () =>
    (await sqlQuery<{ at: Date | null }>(Prisma.sql`SELECT max(catalog_observed_at) AS at FROM services`))[0]?.at ??
    null,
);

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const x402First = (a: { protocol: string }, b: { protocol: string }) =>
  Number(a.protocol !== "x402") - Number(b.protocol !== "x402");

function candidateDepth(relevance: number[], mode: string, limit: number, hasConditions: boolean): number {
  if (hasConditions) return CANDIDATES;
  if (mode !== "all" || relevance.length <= limit) return limit;
  const floor = relevance[limit - 1]! - REPUTATION_MARGIN;
  let depth = limit;
  while (depth < Math.min(CANDIDATES, relevance.length) && relevance[depth]! >= floor) depth++;
  return depth;
}

// Modes with the relevance floor, the "nothing fits" gate and named services first; every mode
// but `exact` is then ordered by its score (the calibrated probability; `all` blends it with met
// preferences and reputation).
const RANK_BY_CALIBRATED = new Set(["all", "hybrid"]);

export async function buildShortlist(rawInput: ShortlistInput, now: Date = new Date()): Promise<Shortlist> {
  return shortlistFor(shortlistInputSchema.parse(rawInput), now);
}

/** The shortlist of an input already parsed with shortlistInputSchema (a paid purchase parses its body once). */
export async function shortlistFor(input: ParsedShortlistInput, now: Date = new Date()): Promise<Shortlist> {
  const conditions = normalizeConditions(input.conditions);
  const retrieving = retrieve(input.search, input.outcome, input.constraints);
  // What depends on the request alone starts while retrieval waits on PostgreSQL; awaited below (a
  // failure here is then thrown there, not left unhandled if retrieval fails first).
  const early = Promise.all([
    informativeWords(input.outcome),
    // Each requirement is read (and embedded) once per request, then checked against every candidate.
    prepareRequirements(conditions.map((c) => c.requirement)),
  ]);
  early.catch(() => undefined);
  const retrieved = await retrieving;
  // `exact` scores are absolute name similarities in [0, 1]; every other mode gets the calibrated
  // probability; all/hybrid also the relevance floor (a named service is kept whatever its probability).
  // The retrieved services by probability, for `nothingFits` (what came closest).
  let retrievedByP: { hit: { id: string }; p: number }[] = [];
  let pool = retrieved
    .slice(0, CANDIDATES)
    .map((hit, order) => ({ hit, order, p: Math.max(0, Math.min(1, hit.score)) }));
  // The request's core need (need-index.ts): what its outcome asks to be delivered, when the taxonomy names it.
  let missingNeeds: string[] = [];
  if (input.search !== "exact") {
    const [coverage, need] = await Promise.all([
      queryCoverage(
        input.outcome,
        pool.map((c) => c.hit.id),
      ),
      RANK_BY_CALIBRATED.has(input.search) ? coreNeedOf(input.outcome) : undefined,
    ]);
    pool = pool.map((c) => ({
      ...c,
      p: calibratedScore(
        featuresOf(c.hit, c.order, coverage),
        input.search === "terms" ? CALIBRATION_NO_COSINE : CALIBRATION,
      ),
    }));
    retrievedByP = [...pool].sort((a, b) => b.p - a.p);
    // The floor and the "nothing fits" gate were chosen on the fused retrieval of all/hybrid;
    // `terms` and `semantic` (single retrievers, for inspection) report the probability only.
    if (RANK_BY_CALIBRATED.has(input.search)) {
      pool = pool.filter((c) => (c.hit.name ?? 0) > 0 || c.p >= RELEVANCE_FLOOR);
      if (!pool.some((c) => (c.hit.name ?? 0) > 0 || c.p >= NOTHING_FITS_BELOW)) pool = [];
      // Every need the outcome names is one no service delivers: shared words are not a fit (issue
      // 26, item 1), only a service the request names is kept. Dropping services that deliver none
      // of the named needs when some do was measured and lost relevant services (decisions.md).
      if (need && need.named.length > 0 && need.deliverers.size === 0) {
        missingNeeds = need.missing.map((n) => n.does);
        pool = pool.filter((c) => (c.hit.name ?? 0) > 0);
      }
      pool.sort((a, b) => (b.hit.name ?? 0) - (a.hit.name ?? 0) || a.order - b.order);
    }
  }
  const pool2 = pool.slice(
    0,
    candidateDepth(
      pool.map((c) => c.p),
      input.search,
      input.limit,
      conditions.length > 0,
    ),
  );
  const relevanceById = new Map(pool2.map((c) => [c.hit.id, c.p]));
  const hits = pool2.map((c) => c.hit);
  const ids = hits.map((h) => h.id);

  const [loaded, catalogMean, observedAt, [informative, requirements]] = await Promise.all([
    loadCandidates(ids, now),
    catalogMeanRating(),
    catalogObservedAt(),
    early,
  ]);

  // What the probes observed of the offers this request may buy (its protocol and price constraints).
  const observations = new Map<string, Observation>();
  const observe = (c: Candidate) =>
    observations.set(
      c.id,
      observeOffers(
        c.offers,
        c.offers.filter((o) => offerQualifies(o, input.constraints)),
      ),
    );
  loaded.forEach(observe);
  // A service whose every observed endpoint fails no longer counts as tested (docs/decisions.md).
  const dropped = (id: string) => input.constraints?.tested !== undefined && observations.get(id)?.failing === true;
  // Failing services rank down (out, under `tested`): as many more of the pool are read, in one more load:
  // the best of the rest by fit (named first, then probability, then retrieval order), as the ranking
  // below orders them; the next in retrieval order could be a weaker fit than one just after it.
  const displaced = ids.filter(
    (id) => observations.get(id)?.failing && (input.search !== "exact" || dropped(id)),
  ).length;
  let candidates = loaded;
  if (displaced > 0 && pool.length > pool2.length) {
    const more = pool
      .slice(pool2.length)
      .sort((a, b) => (b.hit.name ?? 0) - (a.hit.name ?? 0) || b.p - a.p || a.order - b.order)
      .slice(0, displaced);
    candidates = new Map([
      ...loaded,
      ...(await loadCandidates(
        more.map((c) => c.hit.id),
        now,
      )),
    ]);
    for (const c of more) {
      relevanceById.set(c.hit.id, c.p);
      hits.push(c.hit);
      if (candidates.has(c.hit.id)) observe(candidates.get(c.hit.id)!);
    }
  }

  const excluded: Shortlist["excluded"] = [];
  const unmetById = new Map<string, { id: string; requirement: string }[]>();
  const ranked = hits.flatMap((hit) => {
    const service = candidates.get(hit.id);
    if (!service || dropped(hit.id)) return [];
    const observation = observations.get(hit.id)!;
    // The condition checks judge the test status by the offers this request may buy, as above.
    const facts =
      observation.failing === service.facts.observedFailing
        ? service.facts
        : { ...service.facts, observedFailing: observation.failing };
    const checks = conditions.map((c, i) => {
      const verdict = checkRequirement(requirements[i]!, facts);
      return { ...c, status: verdict.status, ...("evidence" in verdict ? { evidence: verdict.evidence } : {}) };
    });
    const unmet = checks.filter((c) => c.priority === "must" && c.status === "unmet");
    if (unmet.length > 0) {
      excluded.push({ slug: service.slug, unmet: unmet.map((c) => c.id) });
      unmetById.set(hit.id, unmet);
      return [];
    }
    const prefers = checks.filter((c) => c.priority === "prefer");
    const preferShare = prefers.length ? prefers.filter((c) => c.status === "met").length / prefers.length : 0;
    const rep = reputationOf(service.reviews, catalogMean);
    const relevance = relevanceById.get(hit.id)!;
    const score = input.search === "all" ? allModeScore(relevance, preferShare, rep.bayes) : relevance;
    const mustUnknown = checks.some((c) => c.priority === "must" && c.status === "unknown");
    // A service the request names ranks first in all/hybrid (issue 12, item 3).
    const named = RANK_BY_CALIBRATED.has(input.search) ? (hit.name ?? 0) : 0;
    // Ranked down, not rescored: `score` stays the fit. `exact` ranks names, which health does not change.
    const rankKey = observation.failing && input.search !== "exact" ? score * OBSERVED_FAILING_RANK_FACTOR : score;
    return [{ id: hit.id, service, checks, rep, score, rankKey, mustUnknown, named, observation }];
  });

  // "Nothing fits" is decided again after the musts: when the services that did fit were excluded
  // by an unmet must, the weak ones left are not an answer either.
  if (
    RANK_BY_CALIBRATED.has(input.search) &&
    !ranked.some((m) => m.named > 0 || (relevanceById.get(m.id) ?? 0) >= NOTHING_FITS_BELOW)
  )
    ranked.length = 0;
  // An unknown `must` ranks below services whose musts are all met; then score; then id.
  ranked.sort(
    (a, b) => Number(a.mustUnknown) - Number(b.mustUnknown) || b.named - a.named || b.rankKey - a.rankKey || byId(a, b),
  );

  const matches: ShortlistMatch[] = ranked.slice(0, input.limit).map((m, i) => {
    const failingOffers = m.observation.failingOffers;
    // Offers observed failing are listed last and never the purchase link; none is when every
    // observed endpoint fails (the link is then the service page).
    const offers = m.service.offers
      .filter((o) => offerQualifies(o, input.constraints))
      .sort((a, b) => Number(failingOffers.has(a.id)) - Number(failingOffers.has(b.id)));
    const working = m.observation.failing ? [] : offers.filter((o) => !failingOffers.has(o.id));
    // "From" price: the cheapest offer (that works, when one does), x402 before its MPP twin at the
    // same price. The purchase link: the working offer that fits the outcome (offer-fit.ts), then the cheapest.
    const cheapest = [...(working.length > 0 ? working : offers)].sort(
      (a, b) => a.priceAtomic - b.priceAtomic || x402First(a, b) || byId(a, b),
    )[0];
    const purchase = purchaseOffer(working, informative);
    const priceUnit = priceUnitOf([...m.service.facts.evidence, ...m.service.facts.facts.values()]);
    const profile = urls.serviceProfile(m.service.slug);
    return {
      rank: i + 1,
      service: {
        id: m.service.id,
        slug: m.service.slug,
        name: m.service.name,
        website: m.service.website,
        profileUrl: profile,
        primaryCapability: m.service.primaryCapability as Capability,
      },
      score: round4(m.score),
      fitReasons: fitReasons({
        outcome: input.outcome,
        informative,
        mode: input.search,
        service: m.service,
        checks: m.checks,
        reputation: m.rep,
        offers,
        cheapest,
        observation: m.observation,
      }),
      conditions: m.checks,
      reputation: {
        ...ratingFields(m.service.testStatus, m.rep.reviewRating),
        reviewCount: m.rep.reviewCount,
        humanReviewedCount: m.rep.humanReviewedCount,
        verifiedReviewCount: m.rep.verifiedReviewCount,
        verifiedPurchaseReviewCount: m.rep.verifiedPurchaseReviewCount,
        lastReviewAt: m.rep.lastReviewAt,
      },
      links: { profile, purchase: purchase ? urls.offerCall(purchase.id) : profile, docs: m.service.docsUrl },
      offers: offers.map((o) => ({
        id: o.id,
        protocol: o.protocol,
        method: o.method as "GET" | "POST",
        path: o.path,
        priceUsd: atomicToUsd(o.priceAtomic),
        ...(priceUnit ? { priceUnit } : {}),
        callUrl: urls.offerCall(o.id),
      })),
    };
  });

  // Only when no match is likely to serve (nothing-fits.ts): candidates to name are read then. A
  // service the request names is what it asked for, whatever its probability.
  const best = Math.max(0, ...ranked.slice(0, input.limit).map((m) => (m.named > 0 ? 1 : m.score)));
  let nothingFits: ReturnType<typeof nothingFitsField>;
  if (input.search === "exact" ? matches.length === 0 : matches.length === 0 || best < LIKELY_FIT) {
    const closestIds =
      matches.length > 0
        ? ranked.slice(0, input.limit).map((m) => m.id)
        : [
            ...new Set([
              ...hits.filter((h) => unmetById.has(h.id)).map((h) => h.id),
              ...(input.search === "exact" ? pool : retrievedByP).slice(0, 3).map((c) => c.hit.id),
            ]),
          ].slice(0, 3);
    const missing = closestIds.filter((id) => !candidates.has(id));
    const [more, unknown] = await Promise.all([
      missing.length ? loadCandidates(missing, now) : new Map<string, Candidate>(),
      wordsUnknownToCatalog(input.outcome),
    ]);
    const pOf = new Map([...retrievedByP, ...pool].map((c) => [c.hit.id, c.p]));
    const scoreOf = new Map(ranked.map((m) => [m.id, m.score]));
    const closest: ClosestCandidate[] = closestIds.flatMap((id) => {
      const c = candidates.get(id) ?? more.get(id);
      if (!c) return [];
      return [
        {
          slug: c.slug,
          name: c.name,
          description: c.description,
          primaryCapability: c.primaryCapability,
          tags: c.tags,
          offers: c.offers,
          score: scoreOf.get(id) ?? relevanceById.get(id) ?? pOf.get(id) ?? 0,
          unmet: unmetById.get(id) ?? [],
        },
      ];
    });
    nothingFits = nothingFitsField(matches.length, best, closest, informative, unknown, missingNeeds);
  }

  return {
    query: {
      outcome: input.outcome,
      conditions,
      constraints: input.constraints ?? {},
      search: input.search,
      limit: input.limit,
    },
    matches,
    excluded,
    ...(matches.length === 0 ? { note: nothingFitsNote(excluded.length) } : {}),
    ...(nothingFits ? { nothingFits } : {}),
    catalogObservedAt: (observedAt ?? now).toISOString(),
    generatedAt: now.toISOString(),
  };
}

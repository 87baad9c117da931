// Review generator: combines topic-specific and shared fragment pools with each service's own
// name, endpoints, prices and latency profile, so the reviews read as specific and varied.
import type { SeedComment, SeedOffer, SeedReview, SeedRevision } from "../types";
import { DAY_MS, HOUR_MS, OBSERVED_MS, Rng, iso, uuidFrom } from "./random";
import * as C from "./review-common";
import { HUMAN_REVIEWERS, LLM_REVIEWERS, VENDOR_STAFF, type Reviewer } from "./people";
import { TOPIC_POOLS, fragApplies, type Frag, type TopicPool } from "./review-topics";
import { SERVICE_USES } from "./uses";
import type { ServiceProfile } from "./services";

const TARGET_REVIEWS = 620;
const WINDOW_MS = 548 * DAY_MS; // about 18 months
const WINDOW_START_MS = OBSERVED_MS - WINDOW_MS;
const MAX_LLM_ACTORS = 40;
const MAX_HUMAN_ACTORS = 60;

type Sentiment = "great" | "good" | "mixed" | "bad";
type Rating = 2 | 3 | 4 | 5;

function sentimentOf(rating: Rating): Sentiment {
  return rating === 5 ? "great" : rating === 4 ? "good" : rating === 3 ? "mixed" : "bad";
}

function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.max(10, Math.round(ms / 10) * 10)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

function formatUsd(x: number): string {
  if (x >= 1) return `$${x.toFixed(2)}`;
  if (x >= 0.1) return `$${x.toFixed(2)}`;
  if (x >= 0.01) return `$${x.toFixed(3)}`;
  return `$${x.toFixed(4)}`;
}

function gaussian(rng: Rng): number {
  const u = Math.max(1e-9, rng.float());
  const v = rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.round(lo * Math.pow(hi / lo, rng.float()));
}

function capitalize(s: string): string {
  return s.length === 0 ? s : s[0]?.toUpperCase() + s.slice(1);
}

function fill(template: string, vars: Record<string, string>): string {
  const out = template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (key === "What") return capitalize(vars.what ?? "");
    return vars[key] ?? whole;
  });
  // Sentences that open with a placeholder ("{price} a request ...") still start upper-case,
  // but literal openings such as "p95 ..." are left alone.
  return template.startsWith("{") ? capitalize(out) : out;
}

const TITLE_ADJ: Record<"pos" | "mixed" | "bad", readonly string[]> = {
  pos: ["Reliable", "Accurate", "Fast", "Solid", "Consistent", "Dependable", "Precise", "Excellent"],
  mixed: ["Decent", "Usable", "Mostly good", "Uneven", "Serviceable"],
  bad: ["Unreliable", "Disappointing", "Inconsistent", "Overpriced"],
};
const TITLE_SUFFIX: Record<"pos" | "mixed" | "bad", readonly string[]> = {
  pos: ["", "", " for agents", " at a fair price", ", painless x402 payments", ", no surprises", " worth paying for"],
  mixed: ["", ", with rough edges", ", with some gaps", " but slow at times", ", fine for prototypes"],
  bad: ["", " for the price", ", lots of failed calls", ", not production-ready"],
};
const AFTER_CALLS: Record<"pos" | "mixed" | "bad", readonly string[]> = {
  pos: ["still happy", "no complaints", "worth it", "staying put"],
  mixed: ["it's fine", "mixed feelings", "good, not great"],
  bad: ["moving on", "too many failures", "not worth it"],
};

function writeTitle(s: Sentiment, pool: TopicPool, vars: Record<string, string>, rng: Rng): string {
  const tone = s === "great" || s === "good" ? "pos" : s === "mixed" ? "mixed" : "bad";
  const roll = rng.float();
  if (roll < 0.35)
    return fill(
      rng.pick(tone === "pos" ? pool.titlesGood : tone === "mixed" ? pool.titlesMixed : pool.titlesBad),
      vars,
    );
  const composed = `${rng.pick(TITLE_ADJ[tone])} ${vars.what ?? ""}${rng.pick(TITLE_SUFFIX[tone])}`;
  if (roll < 0.7) return composed;
  if (roll < 0.84) return `${vars.name ?? ""}: ${composed[0]?.toLowerCase() ?? ""}${composed.slice(1)}`;
  if (roll < 0.92) return `After ${vars.n ?? ""} calls: ${rng.pick(AFTER_CALLS[tone])}`;
  return fill(
    rng.pick(tone === "pos" ? C.TITLES_GENERIC_POS : tone === "mixed" ? C.TITLES_GENERIC_MIXED : C.TITLES_GENERIC_NEG),
    vars,
  );
}

interface Built {
  title: string;
  body: string;
  tags: string[];
}

interface Writer {
  profile: ServiceProfile;
  offer: SeedOffer;
  reviewer: Reviewer;
  others: string[];
  /** The reviewer's use case, kept across revisions of the same review. */
  useCase: string;
}

const ERROR_TAGS = ["flaky", "timeouts", "empty-responses", "payment-issues", "billing-issue", "schema-drift"];

/** Writes one title/body/tags for a rating. */
function writeReview(w: Writer, rating: Rating, rng: Rng): Built {
  const { profile, offer, reviewer } = w;
  const s = sentimentOf(rating);
  const slug = profile.service.slug;
  const topicPool = TOPIC_POOLS[profile.spec.topic];
  const only = (frags: Frag[]): Frag[] => {
    const kept = frags.filter((f) => fragApplies(f, slug));
    return kept.length > 0 ? kept : frags.filter((f) => !f.only && !f.not);
  };
  const pool: TopicPool = {
    ...topicPool,
    good: only(topicPool.good),
    bad: only(topicPool.bad),
    mixed: only(topicPool.mixed),
  };
  const price = Number(offer.priceUsd);
  const isLlm = reviewer.actorType === "llm";
  const cap = Math.max(40, profile.service.calls30d * 3);
  const n = Math.min(cap, isLlm ? logUniform(rng, 30, 15000) : logUniform(rng, 10, 2500));
  const avg = offer.dynamicPrice ? price * (1.05 + 0.6 * rng.float()) : price;
  const base = profile.p95LatencyMs;
  const p95 =
    s === "great"
      ? base * (0.6 + 0.4 * rng.float())
      : s === "bad"
        ? base * (1.5 + 1.5 * rng.float())
        : base * (0.9 + 0.5 * rng.float());
  const vars: Record<string, string> = {
    name: profile.service.name,
    path: offer.path,
    method: offer.method,
    what: profile.spec.what,
    price: `$${offer.priceUsd}`,
    n: formatCount(n),
    period: rng.pick(isLlm ? C.PERIODS_LLM : C.PERIODS_HUMAN),
    ctx: w.useCase,
    p95: formatMs(p95),
    med: formatMs(p95 * (0.35 + 0.25 * rng.float())),
    max: formatMs(p95 * (1.6 + 1.4 * rng.float())),
    total: formatUsd(avg * n),
    avg: formatUsd(avg),
    rl: formatCount(profile.rateLimitPerMinute),
    pct: String(s === "bad" ? rng.int(6, 18) : rng.int(1, 4)),
    other: rng.pick(w.others),
  };
  const tags: string[] = [];
  const say = (f: Frag): string => {
    for (const t of f.tags ?? []) if (!tags.includes(t)) tags.push(t);
    return fill(f.t, vars);
  };

  const title = writeTitle(s, pool, vars, rng);

  const length = rng.weighted<number>([
    [1, 10],
    [2, 16],
    [3, 24],
    [4, 22],
    [5, 17],
    [6, 11],
  ]);
  if (length === 1) {
    const lines = s === "bad" ? C.ONE_LINERS_NEG : s === "mixed" ? C.ONE_LINERS_MIXED : C.ONE_LINERS_POS;
    if (s === "bad") tags.push("flaky");
    else if (s === "mixed") tags.push("inconsistent");
    else tags.push("reliable");
    return { title, body: fill(rng.pick(lines), vars), tags };
  }

  const emptyOutput = !profile.service.world.delivers && (s === "mixed" || s === "bad") && rng.chance(0.6);
  let qualityCalls = 0;
  const quality = (): string => {
    if (emptyOutput && !tags.includes("empty-responses")) {
      tags.push("empty-responses");
      return fill(
        rng.pick([
          "Several paid calls to {path} returned HTTP 200 with an empty body.",
          "A noticeable share of responses came back empty even though payment settled.",
        ]),
        vars,
      );
    }
    if (s === "great") return say(rng.pick(pool.good));
    if (s === "good") return say(rng.pick(rng.chance(0.8) ? pool.good : pool.mixed));
    qualityCalls++;
    if (s === "mixed" && qualityCalls === 1) return say(rng.pick(rng.chance(0.7) ? pool.mixed : pool.bad));
    if (s === "mixed") return say(rng.pick(rng.chance(0.5) ? pool.good : pool.bad));
    return say(rng.pick(rng.chance(0.85) ? pool.bad : pool.mixed));
  };
  const latency = (): string => {
    if (s === "great") return say(rng.pick(rng.chance(0.8) ? C.LATENCY_FAST : C.LATENCY_OK));
    if (s === "good") return say(rng.pick(rng.chance(0.55) ? C.LATENCY_FAST : C.LATENCY_OK));
    if (s === "mixed") return say(rng.pick(rng.chance(0.5) ? C.LATENCY_OK : C.LATENCY_SLOW));
    return say(rng.pick(C.LATENCY_SLOW));
  };
  const pricing = (): string => {
    if (offer.dynamicPrice && rng.chance(0.6)) return say(rng.pick(C.PRICE_DYNAMIC));
    if (s === "great") return say(rng.pick(rng.chance(0.7) ? C.PRICE_CHEAP : C.PRICE_FAIR));
    if (s === "good") return say(rng.pick(rng.chance(0.45) ? C.PRICE_CHEAP : C.PRICE_FAIR));
    if (s === "mixed") return say(rng.pick(rng.chance(0.6) ? C.PRICE_FAIR : C.PRICE_PRICEY));
    return say(rng.pick(C.PRICE_PRICEY));
  };
  const payment = (): string => {
    if (profile.service.protocols.includes("mpp") && rng.chance(0.25)) return say(rng.pick(C.X402_MPP));
    if (profile.service.supportsCredits && rng.chance(0.2)) return say(rng.pick(C.X402_CREDITS));
    const smooth = s === "great" ? 1 : s === "good" ? 0.85 : s === "mixed" ? 0.55 : 0.4;
    return say(rng.pick(rng.chance(smooth) ? C.X402_SMOOTH : C.X402_BUMPY));
  };
  const errors = (): string => {
    const bad = s === "great" ? 0 : s === "good" ? 0.4 : 1;
    return say(rng.pick(rng.chance(bad) ? C.ERRORS : C.ERRORS_OK));
  };
  const docs = (): string => {
    const good = s === "great" ? 0.9 : s === "good" ? 0.7 : s === "mixed" ? 0.4 : 0.15;
    return say(rng.pick(rng.chance(good) ? C.DOCS_GOOD : C.DOCS_POOR));
  };

  const wantVerdict = length >= 3 && rng.chance(0.45);
  const slots: [() => string, number][] = [
    [latency, 2.5],
    [pricing, 2],
    [payment, 2],
    [errors, 1.5],
    [docs, 1],
    [quality, 1.3],
  ];
  const middleCount = length - 1 - 1 - (wantVerdict ? 1 : 0); // opener and first quality sentence are fixed
  const chosen: (() => string)[] = [];
  const remaining = [...slots];
  for (let i = 0; i < middleCount && remaining.length > 0; i++) {
    const pickFn = rng.weighted(remaining);
    chosen.push(pickFn);
    remaining.splice(
      remaining.findIndex(([f]) => f === pickFn),
      1,
    );
  }
  const opener = fill(rng.pick(isLlm ? C.LLM_OPENERS : C.HUMAN_OPENERS), vars);
  const sentences = [opener, quality()];
  for (const fn of chosen) {
    const sentence = fn();
    if (!sentences.includes(sentence)) sentences.push(sentence);
  }
  if (wantVerdict)
    sentences.push(
      rng.pick(s === "great" || s === "good" ? C.VERDICT_POS : s === "mixed" ? C.VERDICT_MIXED : C.VERDICT_NEG),
    );
  if (tags.length === 0) tags.push(s === "bad" ? "flaky" : s === "mixed" ? "inconsistent" : "accurate");
  return { title, body: sentences.join(" "), tags: tags.slice(0, 4) };
}

function drawRating(profile: ServiceProfile, rng: Rng): Rating {
  const untested = !profile.service.world.testedAtSeed;
  const mean = 2.7 + 2.2 * profile.quality;
  const sd = untested ? 0.5 : 0.8;
  const r = Math.round(mean + sd * gaussian(rng));
  return Math.min(5, Math.max(2, r)) as Rating;
}

function activityWeight(r: Reviewer): number {
  return 0.3 + 2.7 * Math.pow(new Rng(`activity:${r.name}`).float(), 1.6);
}

function pickReviewer(pool: readonly Reviewer[], used: Set<string>, rng: Rng): Reviewer | undefined {
  const free = pool.filter((r) => !used.has(r.name));
  if (free.length === 0) return undefined;
  return rng.weighted(free.map((r) => [r, activityWeight(r)] as const));
}

function allocateCounts(profiles: readonly ServiceProfile[]): Map<string, number> {
  const rng = new Rng("review-allocation");
  const weights = profiles.map((p) => {
    const c = p.service.calls30d;
    if (c === 0) return 0;
    return Math.pow(Math.log10(c + 1), 2.4) * (0.45 + rng.float()) + c / 15000;
  });
  // A few more low-traffic services get no reviews at all.
  const order = weights
    .map((w, i) => [w, i] as const)
    .filter(([w]) => w > 0)
    .sort((a, b) => a[0] - b[0]);
  for (const [, i] of order.slice(0, 9)) weights[i] = 0;
  const total = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (w / total) * TARGET_REVIEWS);
  const counts = raw.map((x) => Math.floor(x));
  let missing = TARGET_REVIEWS - counts.reduce((a, b) => a + b, 0);
  const byRemainder = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (missing <= 0) break;
    if ((weights[i] ?? 0) > 0) {
      counts[i] = (counts[i] ?? 0) + 1;
      missing--;
    }
  }
  return new Map(profiles.map((p, i) => [p.service.slug, counts[i] ?? 0]));
}

function buildComments(
  reviewId: string,
  w: Writer,
  rating: Rating,
  tags: readonly string[],
  createdAtMs: number,
  rng: Rng,
): SeedComment[] {
  const critical = rating <= 3;
  const hadErrors = tags.some((t) => ERROR_TAGS.includes(t));
  const replyKind = tags.includes("rate-limited")
    ? "rateLimit"
    : tags.includes("stale-data")
      ? "stale"
      : hadErrors
        ? "errors"
        : tags.includes("poor-docs")
          ? "docs"
          : "general";
  if (!rng.chance(critical ? 0.6 : 0.4)) return [];
  const count = rng.weighted<number>([
    [1, 50],
    [2, 28],
    [3, 14],
    [4, 8],
  ]);
  const available = OBSERVED_MS - 10 * 60_000 - createdAtMs;
  if (available < HOUR_MS) return [];
  const vars: Record<string, string> = {
    path: w.offer.path,
    name: w.profile.service.name,
    what: w.profile.spec.what,
    n: formatCount(logUniform(rng, 50, 5000)),
    p95: formatMs(w.profile.p95LatencyMs * (0.8 + 0.4 * rng.float())),
    other: rng.pick(w.others),
  };
  const vendorName = `${rng.pick(VENDOR_STAFF)} from ${w.profile.service.entity.name}`;
  const comments: SeedComment[] = [];
  let t = createdAtMs;
  let vendorReplied = false;
  let openQuestion: string | undefined;
  const usedBodies = new Set<string>();
  for (let i = 0; i < count; i++) {
    t += available * (0.01 + 0.21 * rng.float());
    let actorType: "llm" | "human";
    let name: string;
    let body: string;
    if (openQuestion !== undefined && rng.chance(0.75)) {
      actorType = w.reviewer.actorType;
      name = w.reviewer.name;
      body = openQuestion;
      openQuestion = undefined;
    } else if (vendorReplied && comments[comments.length - 1]?.name === vendorName && critical && rng.chance(0.6)) {
      actorType = w.reviewer.actorType;
      name = w.reviewer.name;
      body = rng.pick(C.FOLLOW_UPS_AFTER_VENDOR);
    } else if (!vendorReplied && rng.chance(critical ? 0.55 : 0.2)) {
      actorType = "human";
      name = vendorName;
      body = fill(rng.pick(critical ? C.VENDOR_REPLY_NEG[replyKind] : C.VENDOR_REPLY_POS), vars);
      vendorReplied = true;
    } else if (rng.chance(0.5)) {
      const other = pickReviewer(LLM_REVIEWERS, new Set([w.reviewer.name]), rng);
      actorType = "llm";
      name = other?.name ?? "evalrunner";
      body = fill(rng.pick(critical ? (hadErrors ? C.AGENT_ON_ERRORS : C.AGENT_ON_CRITICAL) : C.AGENT_AGREE), vars);
    } else {
      const other = pickReviewer(HUMAN_REVIEWERS, new Set([w.reviewer.name]), rng);
      const hasBatch = w.profile.service.offers.some((o) => /batch|bulk/.test(o.path));
      const questions = C.QUESTIONS.filter(
        ([q, , aboutErrors]) =>
          (hadErrors || !aboutErrors) &&
          (w.profile.service.supportsCredits || !q.includes("credits")) &&
          (hasBatch || !q.includes("batch")),
      );
      const [q, a] = rng.pick(questions);
      actorType = "human";
      name = other?.name ?? "Sarah Kim";
      body = fill(q, vars);
      openQuestion = a;
    }
    if (usedBodies.has(body)) continue;
    usedBodies.add(body);
    comments.push({ id: uuidFrom(`comment:${reviewId}:${i}`), actorType, name, body, createdAt: iso(t) });
  }
  return comments;
}

export function buildReviews(profiles: readonly ServiceProfile[]): SeedReview[] {
  const counts = allocateCounts(profiles);
  const reviews: SeedReview[] = [];
  const seenBodies = new Set<string>();
  const namesByCapability = new Map<string, string[]>();
  for (const p of profiles) {
    const list = namesByCapability.get(p.capability) ?? [];
    list.push(p.service.name);
    namesByCapability.set(p.capability, list);
  }
  const maxCalls = Math.max(...profiles.map((p) => p.service.calls30d));

  for (const profile of profiles) {
    const count = counts.get(profile.service.slug) ?? 0;
    const used = new Set<string>();
    const others = (namesByCapability.get(profile.capability) ?? []).filter((n) => n !== profile.service.name);
    const popularity = Math.log10(profile.service.calls30d + 1) / Math.log10(maxCalls + 1);
    for (let i = 0; i < count; i++) {
      const key = `review:${profile.service.slug}:${i}`;
      const rng = new Rng(key);
      const wantLlm = rng.chance(0.6);
      const reviewer =
        pickReviewer(wantLlm ? LLM_REVIEWERS : HUMAN_REVIEWERS, used, rng) ??
        pickReviewer(wantLlm ? HUMAN_REVIEWERS : LLM_REVIEWERS, used, rng);
      if (!reviewer) break;
      used.add(reviewer.name);
      // The reviewed endpoint: an x402 offer (an MPP twin is the same endpoint).
      const offers = profile.service.offers.filter((o) => o.protocol === "x402");
      const offer = rng.weighted(offers.map((o, idx) => [o, 1 / (idx + 1)] as const));
      const writer: Writer = {
        profile,
        offer,
        reviewer,
        others,
        useCase: rng.pick(SERVICE_USES[profile.service.slug] ?? ["in production"]),
      };
      const rating = drawRating(profile, rng);

      let built = writeReview(writer, rating, rng);
      for (let salt = 1; seenBodies.has(built.body) && salt < 20; salt++) {
        built = writeReview(writer, rating, new Rng(`${key}:salt:${salt}`));
      }
      if (seenBodies.has(built.body)) continue;
      seenBodies.add(built.body);

      const createdAtMs = OBSERVED_MS - 6 * HOUR_MS - (WINDOW_MS - 6 * HOUR_MS) * Math.pow(rng.float(), 1.35);
      const id = uuidFrom(key);

      const earlierRevisions: SeedRevision[] = [];
      if (rng.chance(0.15)) {
        const revCount = rng.chance(0.75) ? 1 : 2;
        let t = createdAtMs;
        let r: number = rating;
        for (let j = 0; j < revCount; j++) {
          t -= (2 + 70 * rng.float()) * DAY_MS;
          if (t < WINDOW_START_MS) break;
          r = Math.min(
            5,
            Math.max(
              2,
              r +
                rng.weighted<number>([
                  [-1, 5],
                  [1, 2],
                  [0, 1],
                  [-2, 1],
                ]),
            ),
          );
          const rev = writeReview(writer, r as Rating, new Rng(`${key}:revision:${j}`));
          earlierRevisions.push({ rating: r, title: rev.title, body: rev.body, tags: rev.tags, createdAt: iso(t) });
        }
      }
      // Listed newest first would be surprising; keep them oldest first.
      earlierRevisions.reverse();

      let humanReviewedAt: string | null = null;
      if (rng.chance(0.25)) {
        const t = Math.min(createdAtMs + (3 * HOUR_MS + rng.float() * 21 * DAY_MS), OBSERVED_MS - HOUR_MS);
        if (t > createdAtMs) humanReviewedAt = iso(t);
      }

      const boost = 0.35 + 0.65 * popularity;
      const likeLlm = Math.min(MAX_LLM_ACTORS, Math.floor(MAX_LLM_ACTORS * Math.pow(rng.float(), 3) * boost));
      const likeHuman = Math.min(MAX_HUMAN_ACTORS, Math.floor(MAX_HUMAN_ACTORS * Math.pow(rng.float(), 3) * boost));

      reviews.push({
        id,
        serviceSlug: profile.service.slug,
        actorType: reviewer.actorType,
        name: reviewer.name,
        org: reviewer.org,
        rating,
        title: built.title,
        body: built.body,
        tags: built.tags,
        link: rng.chance(0.8) ? `${profile.service.serviceUrl}${offer.path}` : null,
        createdAt: iso(createdAtMs),
        earlierRevisions,
        humanReviewedAt,
        comments: buildComments(id, writer, rating, built.tags, createdAtMs, rng),
        likes: { llm: likeLlm, human: likeHuman },
        favorites: { llm: Math.floor(likeLlm * 0.45 * rng.float()), human: Math.floor(likeHuman * 0.45 * rng.float()) },
      });
    }
  }
  return reviews;
}

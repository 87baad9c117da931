// Requirements the catalog record itself settles: the marketplace's test status and the offers'
// prices. Each verdict quotes the sentence the JSON record publishes in `facts`
// (server/catalog/record-facts.ts), with the record's address as source. A test status the
// probes now contradict (every endpoint observed failing) is no longer "tested": never met, and
// unknown rather than unmet, since the record's facts hold no sentence to quote for it.
import { offerPriceText, testStatusText } from "../../catalog/record-facts";
import type { Verdict } from "./fact-rules";
import type { PreparedRequirement } from "./prepared";
import { offerPriceUnits, offerQuantities, paymentsFor, priceCapped, type PriceUnit } from "./price-units";
import { quantities, requirementDirection, sentenceBound, strictBound, UNIT_WORDS, type Quantity } from "./quantities";
import type { ServiceFacts } from "./service-facts";
import { contentWords, words } from "./text";

const MARKETPLACE_TEST =
  /\bmarketplace\b[^.]*\b(test\w*|verif\w*|confirm\w*|check\w*|probe\w*|tried)\b|\b(test\w*|verif\w*|confirm\w*|probe\w*)\b[^.]*\bmarketplace\b/i;
const TESTED_ANY =
  /\b(tested|verified|checked|probed)\b[^.]*\b(marketplace|by you|by the catalog)\b|\bmarketplace[- ](tested|verified)\b|\bhas been (tested|verified|probed)\b|\b(been|was|is) tested\b/i;
const TESTED_OUTPUT =
  /\b(verified|confirmed|known|proven|shown) to work\b|\btest(ed)? call\b[^.]*\b(returned|produced|gave|yielded) (usable |real |actual )?(output|results?|data|a response)\b|\btested with (output|results)\b|\b(working|successful) test\b|\btest (succeeded|passed)\b|\breturned (usable )?output\b/i;

export function testStatusVerdict(req: PreparedRequirement, s: ServiceFacts): Verdict | null {
  const any = TESTED_ANY.test(req.text) || MARKETPLACE_TEST.test(req.text);
  // "(whatever the result)", "regardless of the outcome": any test counts, output or not.
  const anyOutcome = /\b(whatever|regardless of|no matter|irrespective of)\b[^.]*\b(result|output|outcome)s?\b/i.test(
    req.text,
  );
  // Within a test-status requirement, asking for output, results or a working call.
  const wantsOutput =
    !anyOutcome &&
    (TESTED_OUTPUT.test(req.text) ||
      (any &&
        /\b(output|results?|usable|works?|working|succe\w+|response|data|answer|back|real|returns?|returned|produced|got|gave)\b/i.test(
          req.text,
        )));
  if (!wantsOutput && !any) return null;
  if (req.negated) return null;
  const evidence = { text: testStatusText(s.name, s.testStatus, s.testedAt ?? null), source: s.recordUrl };
  if (s.testStatus === "untested") return { status: "unmet", evidence };
  if (wantsOutput && s.testStatus !== "tested-output") return { status: "unmet", evidence };
  return s.observedFailing ? { status: "unknown" } : { status: "met", evidence };
}

const PRICE_WORDS =
  /\b(price[sd]?|pricing|costs?|charged?|fees?|pay|paid|usd|usdc|dollars?|cents?|cheap\w*)\b|\$\s*\d/i;
const EVERY = /\b(every|all|each)\s+(\w+\s+)?(endpoints?|offers?|operations?|calls?|routes?)\b/i;
// "never costs more than": the dearest way of doing the job must be within the limit.
const WORST_CASE = /\bnever\b|\bin any case\b|\bwhatever\b/i;
const SOME = /\b(an?|any|some|at least one|one)\s+(\w+\s+)?(endpoints?|offers?|operations?|routes?)\b/i;
const PRICE_NOISE = new Set(
  [
    "price",
    "cost",
    "charg",
    "fee",
    "pay",
    "paid",
    "usd",
    "usdc",
    "dollar",
    "cent",
    "call",
    "request",
    "cheap",
    "most",
    "least",
    "under",
    "below",
    "less",
    "more",
    "endpoint",
    "offer",
    "operation",
    "every",
    "each",
    "total",
    "listed",
    "full",
    "whole",
    "single",
    "thousand",
    "hundred",
    "million",
  ].flatMap((w) => words(w)),
);
const AUXILIARY = /\/(status|jobs?|progress)\b/i;
// Counted things that are the call itself ("per call", "1,000 requests").
const CALL_COUNT = /^count:(request|call|query|use|lookup)$/;

interface PriceRequirement {
  limit: Quantity;
  /** What the price is for, beyond one call: "a 30-minute call", "per thousand addresses", "a week". */
  amounts: Quantity[];
  /** "per page": a unit the record must state; one of it is not simply one call. */
  perUnit: Set<string>;
  subject: string[];
}

const parsedPrice = new WeakMap<PreparedRequirement, PriceRequirement | null>();

function priceRequirement(req: PreparedRequirement): PriceRequirement | null {
  if (parsedPrice.has(req)) return parsedPrice.get(req)!;
  let parsed: PriceRequirement | null = null;
  const usd = req.quantities.filter((q) => q.dimension === "usd");
  if (usd.length === 1 && PRICE_WORDS.test(req.text)) {
    const perUnit = new Set<string>();
    const text = req.text
      // "a full year", "one whole day": one of the unit.
      .replace(/\b(a|an|one)\s+(full|whole|entire|single)\s+/gi, "1 ")
      // "per audio minute", "per page": one of the unit, which the record must price.
      .replace(/\bper\s+(?:(?:api|audio|source|video)\s+)?([a-z]{3,})\b/gi, (m, unit: string) =>
        /^(call|request|query|use|thousand|hundred|million)s?$/i.test(unit) ? m : `per 1 ${unit}`,
      );
    const amounts = quantities(text).filter(
      (q) => q.dimension !== "usd" && q.dimension !== "percent" && q.dimension !== "year",
    );
    for (const m of text.matchAll(/\bper 1 ([a-z]+)/gi))
      for (const q of quantities(`1 ${m[1]}`)) if (!CALL_COUNT.test(q.dimension)) perUnit.add(q.dimension);
    parsed = {
      limit: usd[0]!,
      amounts,
      perUnit,
      subject: contentWords(req.text).filter((w) => !PRICE_NOISE.has(w) && !UNIT_WORDS.has(w)),
    };
  }
  parsedPrice.set(req, parsed);
  return parsed;
}

type Offer = NonNullable<ServiceFacts["offers"]>[number];

/** An offer whose description states a limit below the amount asked for ("files under 10 minutes") does not do the job. */
function tooSmall(o: Offer, amounts: Quantity[], units: PriceUnit[]): boolean {
  if (amounts.length === 0) return false;
  return offerQuantities(o.description).some((q) => {
    const a = amounts.find((x) => x.dimension === q.dimension);
    if (!a) return false;
    // "Dubs up to one minute of video" under "pricing is per minute": what one payment buys, not a limit.
    if (units.some((u) => u.dimension === q.dimension && Math.abs(u.size - q.value) < 1e-9)) return false;
    const bound = sentenceBound(o.description, q);
    return (bound === "cap" || bound === "below") && a.value > q.value;
  });
}

/**
 * A price requirement is judged against the cheapest offer that does the job, the same way for
 * every service: the offers that name the requirement's operation (all offers when it names
 * none), each priced for the amount asked (per minute, per page, per batch, per thousand: only
 * where the record states the unit), and a dynamic price read as a floor unless the record caps it.
 */
interface ServicePriceTerms {
  offers: Offer[];
  offerWords: Set<string>[];
  units: PriceUnit[][];
  capped: boolean;
}
// What the price rule reads of a service, gathered once per loaded record rather than once per
// requirement (the sentence grammar itself is cached by text in price-units.ts).
const priceTermsOf = new WeakMap<ServiceFacts, ServicePriceTerms>();
function servicePriceTerms(s: ServiceFacts): ServicePriceTerms {
  let t = priceTermsOf.get(s);
  if (t) return t;
  // An endpoint sold under two protocols is one operation with one price.
  const seen = new Set<string>();
  const offers = (s.offers ?? []).filter((o) => {
    const key = `${o.method} ${o.path} ${o.priceAtomic}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  t = {
    offers,
    offerWords: offers.map((o) => new Set(words(`${o.description} ${o.path.replace(/[/_{}-]/g, " ")}`))),
    units: offers.map((o) => offerPriceUnits(o, s.evidence, offers)),
    capped: priceCapped([...s.evidence, ...s.facts.values()]),
  };
  priceTermsOf.set(s, t);
  return t;
}

export function priceVerdict(req: PreparedRequirement, s: ServiceFacts): Verdict | null {
  const p = priceRequirement(req);
  if (!p) return null;
  const { offers, offerWords, units, capped } = servicePriceTerms(s);
  if (offers.length === 0) return null;
  const limit = p.limit.value;
  const wantMax = requirementDirection(req.text, p.limit) === "max";
  const strict = strictBound(req.text);
  const many = p.amounts.some((a) => a.value > 1);
  const unitsOf = (i: number) => units[i]!;
  // The cost of the amount asked on one offer, as [lowest, highest] USD; null when the record
  // states no unit to convert it with.
  const cost = (i: number): [number, number] | null => {
    const o = offers[i]!;
    const units = unitsOf(i);
    if ([...p.perUnit].some((d) => !units.some((u) => u.dimension === d))) return null;
    const n = paymentsFor(p.amounts, units, offerQuantities(o.description));
    if (!n) return null;
    const usdPrice = o.priceAtomic / 1e6;
    // A dynamic price is a floor, unless the record caps it or states the unit it scales with.
    return [usdPrice * n.low, o.dynamicPrice && !capped && !n.stated ? Infinity : usdPrice * n.high];
  };
  // Within the limit / beyond it / cannot say.
  const judgeCost = (c: [number, number] | null): "pass" | "fail" | null => {
    if (!c) return null;
    const good = (x: number) => (Math.abs(x - limit) < 1e-12 ? !strict : wantMax ? x < limit : x > limit);
    const [lo, hi] = c;
    if (wantMax) return good(hi) ? "pass" : !good(lo) ? "fail" : null;
    return good(lo) ? "pass" : !good(hi) ? "fail" : null;
  };
  const cite = (i: number, status: "met" | "unmet"): Verdict => ({
    status,
    evidence: { text: offerPriceText(offers[i]!), source: s.recordUrl },
  });

  const every = EVERY.test(req.text);
  let relevant = offers.map((_, i) => i);
  let named = false;
  if (!every && p.subject.length > 0) {
    const scored = relevant.map((i) => {
      const text = `${offers[i]!.description} ${offers[i]!.path}`;
      // A batch or bulk offer is not the single operation a buyer names without saying "batch".
      // And back: "batch share counts" is the batch offer, not the single one.
      const bulkOffer = /\b(batch|bulk)\b/i.test(text);
      const bulkAsked = /\b(batch|bulk)\b/i.test(req.text);
      const mismatch = bulkOffer ? !bulkAsked && !many : bulkAsked;
      // A status or job-polling offer follows the operation; it does not do it.
      const aux = AUXILIARY.test(offers[i]!.path) && !AUXILIARY.test(` /${req.text.toLowerCase()}`);
      return { i, n: p.subject.filter((w) => offerWords[i]!.has(w)).length - (mismatch ? 2 : 0) - (aux ? 1 : 0) };
    });
    const top = Math.max(...scored.map((x) => x.n));
    if (top > 0) {
      relevant = scored.filter((x) => x.n === top).map((x) => x.i);
      named = true;
    }
  }
  relevant = relevant.filter((i) => !tooSmall(offers[i]!, p.amounts, unitsOf(i)));
  if (relevant.length === 0) return null;
  const verdicts = relevant.map((i) => ({ i, v: judgeCost(cost(i)) }));
  const price = (i: number) => offers[i]!.priceAtomic;
  const cheapest = (xs: typeof verdicts) => xs.reduce((a, b) => (price(b.i) < price(a.i) ? b : a));
  const dearest = (xs: typeof verdicts) => xs.reduce((a, b) => (price(b.i) > price(a.i) ? b : a));
  const passing = verdicts.filter((x) => x.v === "pass");
  const failing = verdicts.filter((x) => x.v === "fail");
  if (every || WORST_CASE.test(req.text)) {
    if (failing.length > 0) return cite(wantMax ? dearest(failing).i : cheapest(failing).i, "unmet");
    return passing.length === verdicts.length ? cite(dearest(passing).i, "met") : null;
  }
  // Some offer does the job within the limit: met. The operation the offers do not name clearly
  // is decided only when every offer agrees.
  if (named || SOME.test(req.text) || p.subject.length === 0) {
    if (passing.length > 0) return cite(wantMax ? cheapest(passing).i : dearest(passing).i, "met");
    return failing.length === verdicts.length
      ? cite(wantMax ? cheapest(failing).i : dearest(failing).i, "unmet")
      : null;
  }
  if (passing.length === verdicts.length) return cite(dearest(passing).i, "met");
  if (failing.length === verdicts.length) return cite(cheapest(failing).i, "unmet");
  return null;
}

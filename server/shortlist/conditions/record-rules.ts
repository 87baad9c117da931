// Requirements the catalog record itself settles: the marketplace's test status and the offers'
// prices. Each verdict quotes the sentence the JSON record publishes in `facts`
// (server/catalog/record-facts.ts), with the record's address as source. A test status the
// probes now contradict (every endpoint observed failing) is no longer "tested": never met, and
// unknown rather than unmet, since the record's facts hold no sentence to quote for it.
import { offerPriceText, testStatusText } from "../../catalog/record-facts";
import type { Verdict } from "./fact-rules";
import type { PreparedRequirement } from "./prepared";
import { requirementDirection, strictBound } from "./quantities";
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
  ].flatMap((w) => words(w)),
);

export function priceVerdict(req: PreparedRequirement, s: ServiceFacts): Verdict | null {
  const usd = req.quantities.filter((q) => q.dimension === "usd");
  if (usd.length !== 1 || !PRICE_WORDS.test(req.text)) return null;
  // A price per audio minute or per page is not a price per call: leave it to the sentences.
  if (
    /\bper\s+(?!call\b|request\b|query\b|use\b)\w+/i.test(req.text.replace(/\bper (api )?(call|request|query)\b/gi, ""))
  )
    return null;
  // An endpoint sold under two protocols is one operation with one price.
  const seen = new Set<string>();
  const offers = (s.offers ?? []).filter((o) => {
    const key = `${o.method} ${o.path} ${o.priceAtomic}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (offers.length === 0) return null;
  const limit = usd[0]!.value;
  const wantMax = requirementDirection(req.text, usd[0]!) === "max";
  const strict = strictBound(req.text);
  const ok = (o: (typeof offers)[number]) => {
    const usdPrice = o.priceAtomic / 1e6;
    if (Math.abs(usdPrice - limit) < 1e-12) return !strict;
    return wantMax ? usdPrice < limit : usdPrice > limit;
  };
  const cite = (o: (typeof offers)[number], status: "met" | "unmet"): Verdict => ({
    status,
    evidence: { text: offerPriceText(o), source: s.recordUrl },
  });
  const byPrice = [...offers].sort((a, b) => (wantMax ? b.priceAtomic - a.priceAtomic : a.priceAtomic - b.priceAtomic)); // worst first

  // A named operation: the offer whose description and path share the most subject words.
  const subject = contentWords(req.text).filter((w) => !PRICE_NOISE.has(w));
  if (!EVERY.test(req.text) && subject.length > 0) {
    const scored = offers
      .map((o) => {
        const text = `${o.description} ${o.path.replace(/[/_{}-]/g, " ")}`;
        const have = new Set(words(text));
        // A batch or bulk offer is not the single operation a buyer names without saying "batch".
        const bulkOnly = /\b(batch|bulk)\b/i.test(text) && !/\b(batch|bulk)\b/i.test(req.text);
        return { o, n: subject.filter((w) => have.has(w)).length - (bulkOnly ? 2 : 0) };
      })
      .sort((a, b) => b.n - a.n);
    const top = scored[0]!;
    if (top.n > 0) {
      const tied = scored.filter((x) => x.n === top.n);
      // Several offers fit the named operation equally: decided only when they agree; a dynamic
      // price is a floor, not the price, so it decides nothing.
      if (tied.some((x) => x.o.dynamicPrice)) return null;
      if (tied.every((x) => ok(x.o) === ok(top.o))) return cite(top.o, ok(top.o) ? "met" : "unmet");
    }
  }
  if (offers.some((o) => o.dynamicPrice)) return null;
  const passing = offers.filter(ok);
  if (EVERY.test(req.text) || offers.length === 1)
    return passing.length === offers.length ? cite(byPrice[0]!, "met") : cite(byPrice[0]!, "unmet");
  if (SOME.test(req.text) || subject.length === 0)
    return passing.length > 0 ? cite(passing[0]!, "met") : cite(byPrice[byPrice.length - 1]!, "unmet");
  // An operation the offers do not name clearly: decided only when every offer agrees.
  if (passing.length === offers.length) return cite(byPrice[0]!, "met");
  if (passing.length === 0) return cite(byPrice[byPrice.length - 1]!, "unmet");
  return null;
}

// Numbers with units in requirements and sentences, normalised to one base unit per dimension
// (bytes, milliseconds, USD, percent, or a count of a named thing), with the direction a
// requirement asks for: "at most/under/below/within/no more than" wants the service's value at
// or below the number; anything else ("at least", "up to", "of 2 MB", "100 coordinates") asks for
// a capacity at or above it.
import { stem } from "./text";

export interface Quantity {
  value: number;
  dimension: string; // "bytes" | "ms" | "usd" | "percent" | "year" | "count:<thing>"
  index: number; // character offset in the text
}

const SIZE: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1e3,
  kib: 1024,
  mb: 1e6,
  mib: 1048576,
  gb: 1e9,
  gib: 1073741824,
  tb: 1e12,
};
const TIME: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
  week: 604_800_000,
  weeks: 604_800_000,
  month: 2_592_000_000,
  months: 2_592_000_000,
  year: 31_536_000_000,
  years: 31_536_000_000,
};
const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  hundred: 100,
  thousand: 1000,
};

// number (1,000 / 0.5 / 32K / 2M / one), optional space, unit word (or "-token" compounds).
const QUANTITY =
  /(\$\s*)?\b(\d[\d,]*(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand)\s*(k|m)?(?:\b|(?=[- ]))[- ]?(%|[a-z][a-z.]*)?/gi;

// Words that stand for a number and its unit: "half a second", "a week", "weekly", "most papers".
const FREQUENCY: Record<string, string> = {
  hourly: "1 hour",
  daily: "1 day",
  nightly: "1 day",
  weekly: "1 week",
  monthly: "1 month",
  yearly: "1 year",
  annually: "1 year",
  quarterly: "3 months",
};
function spellOut(text: string): string {
  return (
    text
      .replace(/\bhalf an? (second|minute|hour|day)\b/gi, "0.5 $1")
      .replace(/\bonce (?:a|an|per|every) (second|minute|hour|day|week|month|year)\b/gi, "every 1 $1")
      // "twice a day", "4 times an hour": a frequency, i.e. an interval of the unit divided by the count.
      .replace(
        /\b(twice|two times|three times|four times|\d+ times) (?:a|an|per|every) (second|minute|hour|day|week|month|year)\b/gi,
        (_m, n: string, unit: string) => {
          const count = /^twice|^two/i.test(n)
            ? 2
            : /^three/i.test(n)
              ? 3
              : /^four/i.test(n)
                ? 4
                : Number.parseInt(n, 10);
          return `every ${TIME[unit.toLowerCase()]! / Math.max(1, count)} ms`;
        },
      )
      .replace(/\b(?:a|an|one) (second|minute|hour|day|week|month|year)\b/gi, "1 $1")
      .replace(/\bevery (second|minute|hour|day|week|month|year)\b/gi, "every 1 $1")
      .replace(
        /\b(hourly|daily|nightly|weekly|monthly|yearly|annually|quarterly)\b/gi,
        (w) => `every ${FREQUENCY[w.toLowerCase()]}`,
      )
      .replace(/\b(at least )?half (of )?/gi, (_m, least) => `${least ?? "at least "}50 % of `)
      .replace(/\b(most|the majority) of\b/gi, "at least 50.01 % of")
      .replace(/\bmost (\w+)/gi, "at least 50.01 % of $1")
      // "40 US states": the counted thing is the noun after a proper adjective.
      .replace(/(\d)\s+(?!(?:[KMGT]i?B|MS|USDC?|PX)\b)(?:[A-Z]{2,}|[A-Z][a-z]+)\s+([a-z]{3,})/g, "$1 $2")
      .replace(/(\d)\s*px\b/gi, "$1 pixels")
  );
}

export function quantities(original: string): Quantity[] {
  const out: Quantity[] = [];
  const text = spellOut(original);
  for (const m of text.matchAll(QUANTITY)) {
    const raw = m[2]!.toLowerCase();
    let value = WORD_NUMBERS[raw] ?? Number(raw.replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    const mult = m[3]?.toLowerCase();
    let unit = (m[4] ?? "").toLowerCase().replace(/\.$/, "");
    // "2 M" is ambiguous with "2 MB" handled below; "32K tokens" is a multiplier.
    if (mult === "k") value *= 1000;
    else if (mult === "m" && unit !== "" && !(unit in SIZE)) value *= 1_000_000;
    else if (mult === "m" && unit === "") unit = "m";
    if (m[1]) {
      out.push({ value, dimension: "usd", index: m.index });
      continue;
    }
    if (unit === "%" || unit === "percent") out.push({ value, dimension: "percent", index: m.index });
    else if (unit in SIZE) out.push({ value: value * SIZE[unit]!, dimension: "bytes", index: m.index });
    else if (unit in TIME) out.push({ value: value * TIME[unit]!, dimension: "ms", index: m.index });
    else if (/^(usd|usdc|dollars?)$/.test(unit)) out.push({ value, dimension: "usd", index: m.index });
    else if (/^cents?$/.test(unit)) out.push({ value: value / 100, dimension: "usd", index: m.index });
    else if (
      unit &&
      unit.length > 2 &&
      !/^(and|or|to|of|the|per|a|an|in|on|by|for|at|is|are|x|with|onwards|onward)$/.test(unit)
    )
      out.push({ value, dimension: `count:${stem(unit)}`, index: m.index });
    // A bare year ("back to 2000", "from 2007 onwards"); dates (2026-08-17) are not years here.
    else if (!mult && /^(19|20)\d\d$/.test(raw) && text[m.index + raw.length] !== "-")
      out.push({ value, dimension: "year", index: m.index });
  }
  return out;
}

const AT_MOST =
  /\b(at most|no more than|not more than|no longer than|not longer than|no larger than|no bigger than|under|below|less than|fewer than|within|max(imum)?|lower than|shorter than|faster than|cheaper than|or less|or fewer|or below|or under)\b|≤|<=/i;

/** "max": the service's value must not exceed the number; "min": it must reach it. */
/** "less than 0.01" excludes 0.01 itself; "at most 0.01" includes it. */
export function strictBound(requirement: string): boolean {
  return (
    /\b(less than|fewer than|under|below|lower than|cheaper than|more than|over|above|greater than|exceeding)\b/i.test(
      requirement,
    ) &&
    !/\b(at most|no more than|not more than|never (\w+ )?more than|at least|or less|or more|up to)\b/i.test(requirement)
  );
}

const AT_LEAST_LOCAL =
  /\b(at least|minimum( of)?|more than|over|above|greater than|exceeding|or more|or longer|or higher)\s*$/i;
const AT_MOST_LOCAL =
  /\b(at most|no more than|not more than|no longer than|not longer than|under|below|less than|fewer than|within|max(imum)?|lower than|shorter than|up to|never (?:\w+ )?(?:more|longer|higher) than)\s*$/i;

export function requirementDirection(requirement: string, q: Quantity): "max" | "min" {
  // The words right before the number decide first: in "accuracy above 90% within 50 km",
  // "within" belongs to the distance, "above" to the percentage.
  const before = spellOut(requirement).slice(Math.max(0, q.index - 30), q.index);
  if (q.dimension !== "ms" || !/\bevery\b/i.test(spellOut(requirement))) {
    // "no more than" before "more than": the longer cue wins.
    if (AT_MOST_LOCAL.test(before) && !/\bup to\s*$/i.test(before) && q.dimension !== "year") return "max";
    if (
      AT_LEAST_LOCAL.test(before) &&
      !/\b(no|not|never)\s+(\w+\s+)?(more|longer|greater|higher)\s+than\s*$/i.test(before) &&
      q.dimension !== "year"
    )
      return "min";
  }
  // "at least every 12 hours", "weekly": an interval, which a buyer wants short.
  if (q.dimension === "ms" && /\bevery\b/i.test(spellOut(requirement))) return "max";
  // "Data back to 2000", "since 2000": the coverage must start in that year or earlier.
  if (q.dimension === "year") return /\b(after|until|through|up to|to date)\b/i.test(requirement) ? "min" : "max";
  // Latencies, delays and prices are things a buyer wants small even without "under".
  if (AT_MOST.test(requirement)) return "max";
  if (q.dimension === "usd") return "max";
  if (q.dimension === "ms" && /\b(latency|delay\w*|respon\w*|takes?|lag|turnaround|within)\b/i.test(requirement))
    return "max";
  return "min";
}

/** A duration without a direction ("deletes data after 30 days") can be read both ways: no decision. */
export function directionStated(requirement: string, q: Quantity): boolean {
  if (q.dimension !== "ms") return true;
  return (
    /\bevery\b/i.test(spellOut(requirement)) ||
    AT_MOST.test(requirement) ||
    /\b(at least|minimum|or more|or longer|up to|for|latency|delay\w*|respon\w*|takes?|lag|turnaround|kept|retain\w*|retention|stor\w*|history|back)\b/i.test(
      requirement,
    )
  );
}

/** What a sentence's number says about the service: a cap ("at most", "limited to"), a floor, or a plain value. */
export function sentenceBound(
  original: string,
  q: Quantity,
): "cap" | "below" | "floor" | "eligible" | "soft" | "value" {
  const sentence = spellOut(original);
  const before = sentence.slice(Math.max(0, q.index - 40), q.index).toLowerCase();
  // "works best with up to 8", "by default": guidance, not a limit.
  if (/\b(best|recommended|ideally|optimal|by default|defaults? to|typically|usually)\b/i.test(sentence)) return "soft";
  // "Only creators with at least 5,000 followers", "not available for fewer than 20 posts":
  // the service takes only values at or above the number.
  if (
    (/\bonly\b/i.test(sentence) && /\b(at least|minimum( of)?|more than|over)\s*$/.test(before)) ||
    (/\b(fewer|less) than\s*$/.test(before) && /\b(not|no|never|rejected|refused)\b/i.test(sentence))
  )
    return "eligible";
  if (/\bfirst\s*$/.test(before)) return "cap";
  // "Payloads larger than 1 MB are rejected": the service takes only values below the number.
  if (
    /\b((larger|longer|more|bigger|greater|higher) than|over|above|exceeding)\s*$/.test(before) &&
    /\b(reject\w*|refus\w*|truncat\w*|errors?|not accepted|fails?|cut off)\b/i.test(sentence)
  )
    return "below";
  if (
    /\b(at most|up to|limited to|no more than|maximum( of)?|max(imum)?|capped at|cap of|under|below|less than|fewer than)\s*$/.test(
      before,
    )
  )
    return "cap";
  if (/\b(at least|minimum( of)?|more than|over|above|from)\s*$/.test(before)) return "floor";
  return "value";
}

/** Words that only name a unit: they tie a number to nothing. */
export const UNIT_WORDS = new Set(
  [
    ...Object.keys(SIZE),
    ...Object.keys(TIME),
    "usd",
    "usdc",
    "dollar",
    "dollars",
    "cent",
    "cents",
    "percent",
    "year",
    "years",
  ].map(stem),
);

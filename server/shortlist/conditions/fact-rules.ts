// Requirements that a structured fact can decide. Each rule recognises a kind of requirement and
// says what the fact's value must be; a rule that does not recognise the text stays silent, and a
// recognised requirement whose fact is absent stays unknown (evidence-first, three-state).
import { protocolsText } from "../../catalog/record-facts";
import type { ServiceFacts } from "./service-facts";

export type Verdict = { status: "met" | "unmet"; evidence: { text: string; source: string } } | { status: "unknown" };

export interface FactRule {
  name: string;
  /** Returns a decider when the requirement is about this rule's subject, else null. */
  match(requirement: string): ((s: ServiceFacts) => Verdict) | null;
}

const UNKNOWN: Verdict = { status: "unknown" };

function fromFact(s: ServiceFacts, key: string, test: (value: unknown) => boolean | null): Verdict {
  const fact = s.facts.get(key);
  if (!fact) return UNKNOWN;
  const ok = test(fact.value);
  if (ok === null) return UNKNOWN;
  return { status: ok ? "met" : "unmet", evidence: { text: fact.text, source: fact.source } };
}

const num = (s: string) => Number(s.replace(/,/g, ""));
const asList = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x).toLowerCase()) : null);
const asNumber = (v: unknown) => (typeof v === "number" ? v : null);
const isTrue = (v: unknown) => (typeof v === "boolean" ? v : null);

const booleanRule = (name: string, key: string, pattern: RegExp): FactRule => ({
  name,
  match: (r) => (pattern.test(r) ? (s) => fromFact(s, key, isTrue) : null),
});

const REGION_CODE =
  /\b(us|eu|ap|sa|ca|me|af)-(east|west|central|north|south|southeast|northeast|southwest|northwest)(-\d)?\b/gi;
const EU_RESIDENCY =
  /\b(eu|europe|european union)\b[^.]*\b(residen\w*|data|stor\w*|host\w*|kept|keep\w*|stays?|remains?)\b|\b(residen\w*|stor\w*|host\w*|kept|keep\w*|stays?|remains?)\b[^.]*\b(in|within|inside) (the )?(eu|europe|european union)\b/i;
const NO_RETENTION =
  /\b(no|zero|not|never|without|doesn'?t|don'?t)\b[^.]*\b(retain\w*|retention|store[sd]?|storing|keep\w*|kept|logs?|logged|logging|persist\w*)\b|\b(retain\w*|retention|store[sd]?|storing|keep\w*|logs?|logged|logging|persist\w*)\b[^.]*\b(no|not|never|zero)\b/i;
const RETENTION_SUBJECT =
  /\b(data|payloads?|requests?|content|inputs?|logs?|prompts?|queries|uploads?|audio|images?|text|retention)\b/i;
const HAS_REGION_CODE = new RegExp(REGION_CODE.source, "i");
// Areas named the way region codes start (us-east, eu-west, ap-southeast …).
const AREA_PREFIX: Record<string, string> = {
  "asia-pacific": "ap-",
  "asia pacific": "ap-",
  apac: "ap-",
  asia: "ap-",
  "south america": "sa-",
  "middle east": "me-",
  africa: "af-",
  canada: "ca-",
};
const AREA = /\b(asia-pacific|asia pacific|apac|asia|south america|middle east|africa|canada)\b/gi;
const HOSTING =
  /\b(regions?|hosted|hosting|data cent(?:er|re)s?|datacenters?|processing|deployed|servers?|serves requests)\b/i;
const SDK_LANGS: Record<string, string[]> = {
  python: ["python"],
  typescript: ["typescript"],
  javascript: ["javascript", "typescript"],
  node: ["javascript", "typescript", "node"],
  "node.js": ["javascript", "typescript", "node"],
  go: ["go"],
  golang: ["go"],
  java: ["java"],
  ruby: ["ruby"],
  rust: ["rust"],
  php: ["php"],
  "c#": ["c#", "dotnet", ".net"],
  ".net": ["c#", "dotnet", ".net"],
  dotnet: ["c#", "dotnet", ".net"],
  swift: ["swift"],
  kotlin: ["kotlin"],
};

const WEBHOOK_WORDS = new Set(
  (
    "webhook webhooks web hook hooks callback callbacks url urls push pushes pushed send sends sent deliver delivers delivered delivery notify notifies notification notifications " +
    "event events result results to a an the our us we via by can must should supports support supported offers offer has have with of for when on is are be it they receive receives get"
  ).split(" "),
);

export const FACT_RULES: FactRule[] = [
  booleanRule("soc2", "soc2", /\bsoc\s*-?\s*2\b|\bsoc2\b/i),
  booleanRule("iso27001", "iso27001", /\biso\s*(\/?\s*iec\s*)?27001\b|\b27001\b/i),
  booleanRule("hipaa", "hipaa", /\bhipaa\b|\bbaa\b|business associate/i),
  booleanRule("gdpr", "gdpr", /\bgdpr\b|data processing (agreement|addendum)|\bdpa\b/i),
  booleanRule("openapiSpec", "openapiSpec", /\bopen\s?api\b|\bswagger\b/i),
  {
    name: "webhooks",
    // "Supports webhooks" is settled by the fact; "a webhook when the danger level changes" is
    // about one event the fact does not name.
    match: (r) => {
      if (!/\bweb-?hooks?\b|\bcallback url/i.test(r)) return null;
      // "a webhook within 30 seconds": a number the boolean fact does not settle.
      if (/\d/.test(r)) return null;
      const extra =
        r
          .toLowerCase()
          .match(/[a-z]+/g)
          ?.filter((w) => !WEBHOOK_WORDS.has(w)) ?? [];
      return extra.length <= 3 ? (s) => fromFact(s, "webhooks", isTrue) : null;
    },
  },
  {
    name: "euDataResidency",
    match: (r) =>
      EU_RESIDENCY.test(r)
        ? (s) => {
            const direct = fromFact(s, "euDataResidency", isTrue);
            if (direct.status !== "unknown") return direct;
            // Regions listed without any EU region settle it; an EU region alone does not.
            return fromFact(s, "regions", (v) => (asList(v)?.some((x) => x.startsWith("eu-")) ? null : false));
          }
        : null,
  },
  {
    // "A processing region in Asia-Pacific": an area against the published region codes' prefixes.
    name: "regionArea",
    match: (r) => {
      if (HAS_REGION_CODE.test(r) || !HOSTING.test(r)) return null;
      const areas = [
        ...new Set([...r.matchAll(AREA)].map((m) => AREA_PREFIX[m[0].toLowerCase().replace(/\s+/g, " ")])),
      ];
      if (areas.length !== 1) return null;
      const prefix = areas[0]!;
      return (s) => fromFact(s, "regions", (v) => (asList(v) ? asList(v)!.some((x) => x.startsWith(prefix)) : null));
    },
  },
  {
    name: "regions",
    match: (r) => {
      const wanted = [...r.matchAll(REGION_CODE)].map((m) => m[0].toLowerCase());
      if (wanted.length === 0) return null;
      return (s) =>
        fromFact(s, "regions", (v) => {
          const list = asList(v);
          return list ? wanted.every((w) => list.includes(w)) : null;
        });
    },
  },
  {
    name: "rateLimitPerMinute",
    match: (r) => {
      const m =
        /(\d[\d,]*(?:\.\d+)?)\s*(k\b)?\s*(?:requests?|reqs?|calls?|queries)?\s*(?:per|\/|a|an|each)\s*(minute|min|second|sec)\b/i.exec(
          r,
        ) ?? /(\d[\d,]*)\s*(k\b)?\s*(rpm)\b/i.exec(r);
      if (!m || /\b(at most|no more than|under|below|less than|fewer than)\b/i.test(r)) return null;
      const perMinute = num(m[1]!) * (m[2] ? 1000 : 1) * (/^s/i.test(m[3]!) ? 60 : 1);
      return (s) => fromFact(s, "rateLimitPerMinute", (v) => (asNumber(v) === null ? null : asNumber(v)! >= perMinute));
    },
  },
  {
    name: "uptimeSlaPercent",
    match: (r) => {
      if (!/\b(uptime|sla|availability|available)\b/i.test(r)) return null;
      const m = /(\d{2,3}(?:\.\d+)?)\s*%/.exec(r);
      if (!m)
        return /\b(uptime )?sla\b/i.test(r)
          ? (s) => fromFact(s, "uptimeSlaPercent", (v) => (asNumber(v) === null ? null : asNumber(v)! > 0))
          : null;
      const min = Number(m[1]);
      return (s) => fromFact(s, "uptimeSlaPercent", (v) => (asNumber(v) === null ? null : asNumber(v)! >= min));
    },
  },
  {
    name: "p95LatencyMs",
    match: (r) => {
      if (
        !/\b(latency|p95|response times?|respond\w*|fast)\b/i.test(r) ||
        /\bp99\b|\bp50\b|\bmedian\b|\baverage\b/i.test(r)
      )
        return null;
      const m = /(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?)\b/i.exec(r);
      if (!m) return null;
      const maxMs = Number(m[1]) * (/^m/i.test(m[2]!) ? 1 : 1000);
      return (s) => fromFact(s, "p95LatencyMs", (v) => (asNumber(v) === null ? null : asNumber(v)! <= maxMs));
    },
  },
  {
    name: "dataRetentionDays",
    match: (r) => {
      if (!RETENTION_SUBJECT.test(r)) return null;
      const days = /(\d+)\s*days?\b/i.exec(r);
      if (days && /\b(retain\w*|retention|delete[sd]?|purge[sd]?|kept|keep\w*|stor\w*)\b/i.test(r)) {
        const n = Number(days[1]);
        const atLeast = (s: ServiceFacts) =>
          fromFact(s, "dataRetentionDays", (v) => (asNumber(v) === null ? null : asNumber(v)! >= n));
        const atMost = (s: ServiceFacts) =>
          fromFact(s, "dataRetentionDays", (v) => (asNumber(v) === null ? null : asNumber(v)! <= n));
        if (/\b(at least|minimum|no less than|or more|or longer)\b/i.test(r)) return atLeast;
        if (
          /\b(at most|no more than|not more than|no longer than|within|under|less than|up to|maximum|delete[sd]?|purge[sd]?)\b/i.test(
            r,
          )
        )
          return atMost;
        // "Raw data retained for 90 days" asks that the data stays that long.
        if (/\b(retain\w*|retention|kept|keep\w*|stor\w*)\b[^.]*\bfor\s+\d+\s*days?\b/i.test(r)) return atLeast;
        return null;
      }
      // "no more than a week" is a bound, not an absence of retention.
      if (NO_RETENTION.test(r.replace(/\b(no|not|never)\s+(more|longer|later)\s+than\b/gi, " ")))
        return (s) => fromFact(s, "dataRetentionDays", (v) => (asNumber(v) === null ? null : asNumber(v) === 0));
      return null;
    },
  },
  {
    name: "sdks",
    match: (r) => {
      if (!/\b(sdks?|client librar\w*|librar(y|ies)|packages?|bindings?)\b/i.test(r)) return null;
      const lang =
        /(?:^|[^\w.#])(python|typescript|javascript|node\.js|node|golang|go|java|ruby|rust|php|c#|\.net|dotnet|swift|kotlin)(?=$|[^\w#])/i.exec(
          r,
        );
      if (!lang) return null;
      const accepted = SDK_LANGS[lang[1]!.toLowerCase()]!;
      return (s) => fromFact(s, "sdks", (v) => asList(v)?.some((x) => accepted.includes(x)) ?? null);
    },
  },
  {
    // Payment protocols are part of the catalog record itself, so they are always known.
    name: "protocols",
    match: (r) => {
      const wants = [
        /\bmpp\b|machine payments? protocol/i.test(r) ? "mpp" : null,
        /\bx402\b/i.test(r) ? "x402" : null,
      ].filter((x): x is string => !!x);
      if (wants.length === 0) return null;
      return (s) => {
        const ok = wants.every((w) => s.protocols.includes(w));
        const fact = s.facts.get("protocols");
        const evidence = fact
          ? { text: fact.text, source: fact.source }
          : { text: protocolsText(s.name, s.protocols), source: s.recordUrl };
        return { status: ok ? "met" : "unmet", evidence };
      };
    },
  },
];

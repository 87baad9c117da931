// Review fragments shared by every topic. Placeholders are filled in reviews.ts:
// {name} {path} {method} {what} {price} {n} {period} {ctx} {p95} {med} {max} {total} {avg} {rl} {pct} {other}
import type { Frag } from "./review-topics";

export const LLM_OPENERS = [
  "Ran {n} paid calls against {method} {path} over {period} {ctx}.",
  "Called {path} {n} times in {period} {ctx}.",
  "Evaluated {name} {ctx}: {n} requests to {path} over {period}.",
  "Used {method} {path} {ctx}; sample size {n} calls across {period}.",
  "Summary of {n} calls to {name} ({path}) made over {period} {ctx}.",
  "Integrated {path} {ctx} and logged {n} paid requests over {period}.",
];

export const HUMAN_OPENERS = [
  "We've been using {name} {ctx} for {period}.",
  "Switched to {name} {ctx}; we mostly hit {path}.",
  "I tried {method} {path} {ctx}.",
  "Our team wired {name} into an agent {ctx} and let it run for {period}.",
  "Been calling {path} {ctx} for {period} now, roughly {n} requests so far.",
  "Short version: we use {name} {ctx}.",
  "I set up {name} {ctx} last quarter.",
];

export const LATENCY_FAST: Frag[] = [
  { t: "Median latency was about {med} and p95 around {p95}.", tags: ["fast"] },
  { t: "p95 sat near {p95}, which is fine for an interactive agent.", tags: ["fast"] },
  { t: "Responses usually came back in {med}, even from our ap-southeast workers.", tags: ["fast"] },
  { t: "Latency was steady at around {med}, with no long tail to speak of.", tags: ["fast"] },
];
export const LATENCY_OK: Frag[] = [
  { t: "Latency was unremarkable: {med} median, {p95} p95." },
  { t: "p95 was about {p95}, which is acceptable for background jobs." },
];
export const LATENCY_SLOW: Frag[] = [
  { t: "p95 was {p95}, slower than we expected from the docs.", tags: ["slow"] },
  { t: "Latency spiked to {max} during US business hours.", tags: ["slow"] },
  { t: "Cold requests took up to {max}; repeat calls were faster.", tags: ["slow"] },
];

export const PRICE_CHEAP: Frag[] = [
  { t: "At {price} per call it beats running our own pipeline.", tags: ["cheap"] },
  { t: "{price} a request is hard to beat for this quality.", tags: ["cheap"] },
  { t: "The whole run cost about {total}, less than we budgeted.", tags: ["cheap"] },
  { t: "Cheap enough at {price} that we stopped caching aggressively.", tags: ["cheap"] },
];
export const PRICE_FAIR: Frag[] = [
  { t: "{price} per call is fair, though it adds up at volume." },
  { t: "Total spend was {total} for the run, in line with the listed price." },
];
export const PRICE_PRICEY: Frag[] = [
  { t: "{price} per call is steep for what you get.", tags: ["pricey"] },
  { t: "We spent {total} and the results did not justify it.", tags: ["pricey"] },
];
export const PRICE_DYNAMIC: Frag[] = [
  { t: "The dynamic price averaged about {avg} per call for our inputs, a bit above the listed {price}." },
  { t: "Pricing is dynamic; our typical call came to {avg} against a listed {price}." },
];

export const X402_SMOOTH: Frag[] = [
  { t: "The x402 flow was textbook: 402 challenge, signed USDC payment, 200 with the payload.", tags: ["x402-smooth"] },
  { t: "Every payment settled on the first attempt.", tags: ["x402-smooth"] },
  { t: "Our wallet middleware handled the 402 challenge with no custom code.", tags: ["x402-smooth"] },
  {
    t: "No API key or account, just pay per call, which is exactly what an autonomous agent needs.",
    tags: ["x402-smooth"],
  },
  { t: "Payment requirements in the 402 response were complete and matched the listed price.", tags: ["x402-smooth"] },
];
export const X402_BUMPY: Frag[] = [
  { t: "A handful of calls returned 402 again right after payment; a retry fixed it.", tags: ["payment-issues"] },
  {
    t: "Settlement occasionally added two or three seconds, which roughly doubled perceived latency.",
    tags: ["payment-issues"],
  },
  {
    t: "Once the 402 response asked for more than the catalog price, and our budget guard refused to pay.",
    tags: ["payment-issues"],
  },
  { t: "Two failed calls were still charged, and there is no refund path yet.", tags: ["billing-issue"] },
];
export const X402_MPP: Frag[] = [
  { t: "We paid part of the run through MPP instead of x402 and both worked the same way." },
];
export const X402_CREDITS: Frag[] = [{ t: "Buying prepaid credits removed the per-call settlement overhead." }];

export const ERRORS: Frag[] = [
  { t: "Hit 429s above roughly {rl} requests a minute; backing off fixed it.", tags: ["rate-limited"] },
  { t: "About {pct}% of calls failed with a 502, and those were not charged.", tags: ["flaky"] },
  { t: "One evening of 503s, otherwise stable." },
  { t: "Requests with large inputs timed out after 30 seconds.", tags: ["timeouts"] },
  { t: "A response field was renamed without a changelog entry, which broke our parser.", tags: ["schema-drift"] },
];
export const ERRORS_OK: Frag[] = [
  { t: "Error bodies are structured JSON with a clear code, which made retries easy." },
  { t: "We saw zero 5xx responses over the whole run.", tags: ["reliable"] },
  { t: "The only errors were our own malformed requests, and the messages pointed straight at the problem." },
];

export const DOCS_GOOD: Frag[] = [
  { t: "The docs include a copy-paste x402 example, which saved time.", tags: ["good-docs"] },
  { t: "The reference page for {path} documents every field, including units.", tags: ["good-docs"] },
];
export const DOCS_POOR: Frag[] = [
  { t: "Docs are thin; error codes are not listed anywhere.", tags: ["poor-docs"] },
  { t: "The example in the docs for {path} is out of date.", tags: ["poor-docs"] },
];

export const VERDICT_POS = [
  "Would use again.",
  "Now our default for this.",
  "Recommended.",
  "Staying in production.",
  "Easy recommendation for agent workloads.",
];
export const VERDICT_MIXED = [
  "Fine for prototypes; we are still evaluating alternatives.",
  "Good enough, but watch the edge cases.",
  "Keeping it as a fallback for now.",
  "Worth a try, with realistic expectations.",
];
export const VERDICT_NEG = [
  "Not using it again until this is fixed.",
  "We switched to another provider.",
  "Hard to recommend right now.",
];

export const ONE_LINERS_POS = [
  "{name} just works: {n} calls to {path} and not one failed payment.",
  "Solid {what} at {price} a call, and the x402 payment is seamless.",
  "Reliable {what}, fair price, would use again.",
  "Fast, accurate {what}; {path} has been rock solid for {period}.",
];
export const ONE_LINERS_MIXED = [
  "Decent {what}, but latency on {path} is inconsistent.",
  "Useful {what}; the docs for {path} could be a lot better.",
  "Good {what} when it works, though expect occasional 5xx errors.",
  "Fine for our needs at {price}, nothing special.",
];
export const ONE_LINERS_NEG = [
  "Too many failed calls on {path} to rely on.",
  "The {what} were not good enough for us, and support never replied.",
  "Paid for {n} calls and a worrying share came back empty.",
];

export const TITLES_GENERIC_POS = [
  "{method} {path}: fast and accurate",
  "Does exactly what it says",
  "Great value per call",
  "Painless x402 integration",
];
export const TITLES_GENERIC_MIXED = ["Decent, with rough edges", "OK, not great", "Works, but read the fine print"];
export const TITLES_GENERIC_NEG = ["Disappointing", "Not production-ready", "Errors outweigh the savings"];

export const PERIODS_LLM = [
  "two weeks",
  "ten days",
  "a month",
  "six weeks",
  "the last quarter",
  "three days",
  "one week",
];
export const PERIODS_HUMAN = [
  "about two months",
  "a few weeks",
  "about half a year",
  "a month or so",
  "most of the summer",
  "a couple of weeks",
];

// Comments ------------------------------------------------------------------------------

/** Vendor replies to critical reviews, keyed by what the review complained about. */
export const VENDOR_REPLY_NEG: Record<"errors" | "stale" | "docs" | "rateLimit" | "general", readonly string[]> = {
  errors: [
    "Thanks for the detailed report. We traced the errors on {path} to a bad deploy and rolled it back; affected calls were not settled.",
    "We're on it; a fix is scheduled for our next release, and we'll post here when it ships.",
    "Could you share a request id or a transaction hash? We'd like to look at the exact calls that failed.",
  ],
  stale: ["Sorry about this. The stale responses came from a cache node that missed invalidation, which is now fixed."],
  docs: ["We've added the missing error codes to the docs for {path}. Thanks for flagging it."],
  rateLimit: ["Rate limits are per paying wallet. If you need more headroom, get in touch and we can raise yours."],
  general: [
    "Thanks for the honest feedback. We've shared it with the team and are working on the {what} quality you describe.",
    "Could you share a few example requests? We'd like to reproduce what you saw.",
    "Appreciate the detail here. Improvements to {path} are on our roadmap for the coming weeks.",
  ],
};
export const VENDOR_REPLY_POS = [
  "Thanks for the write-up! Glad {path} is working well for you.",
  "Appreciate it. If you ever need higher limits, just ask.",
  "Thank you! Let us know what you'd like to see next.",
];

/** Other agents agreeing with a positive or neutral review. */
export const AGENT_AGREE = [
  "Confirming from our side: about {n} calls to {path} last week with similar results.",
  "Same experience here; our p95 was around {p95} from eu-west.",
  "Useful data point, thanks. Adding {name} as a fallback in our router.",
  "Matches our logs. Payment settlement was never the bottleneck for us.",
];
/** Other agents reacting to a critical review that reports errors. */
export const AGENT_ON_ERRORS = [
  "We saw the same errors on the same day; they stopped after about an hour.",
  "Counterpoint: we haven't hit this in roughly {n} calls since September.",
  "Same here. We now retry once with jitter and that hides most of it.",
];
/** Other agents reacting to a critical review about quality rather than errors. */
export const AGENT_ON_CRITICAL = [
  "Seeing something similar on {path}, though less often than you describe.",
  "Our experience was better, but our inputs are probably cleaner than yours.",
  "Agree on quality. We ended up post-filtering the results ourselves.",
];

/** Questions from humans, the reviewer's answer, and whether they only make sense after errors. */
export const QUESTIONS: readonly (readonly [string, string, boolean])[] = [
  ["Which region were you calling from?", "Mostly us-east, with a few runs from eu-west.", false],
  ["Did you pay per call or buy credits?", "Per call over x402; we haven't tried credits yet.", false],
  ["Were the failed calls charged?", "As far as we can tell from our wallet history, no.", true],
  [
    "How does it compare with {other} for your use case?",
    "Haven't run a proper side-by-side yet, but this one was cheaper for our volume.",
    false,
  ],
  [
    "Did you try the batch option, or only single calls?",
    "Only single calls so far. Batch is next on the list.",
    false,
  ],
  ["Is this still happening after their latest update?", "Less often, but we still see it now and then.", true],
  [
    "What client are you using for the x402 payments?",
    "A thin wrapper around our own wallet service; nothing exotic.",
    false,
  ],
];

export const FOLLOW_UPS_AFTER_VENDOR = [
  "Update: the fix is live and we've seen zero errors for a week.",
  "Thanks, sent the request ids over email.",
  "Update: better now, but we still see the occasional failure.",
];

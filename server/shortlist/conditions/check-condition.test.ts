// Condition checks are three-state and evidence-first; unknown requirements stay unknown.
import { describe, expect, it } from "vitest";
import { checkRequirement, prepareRequirements } from "./check-condition";
import type { ServiceFacts } from "./service-facts";

const src = "https://vendor.test/docs";
const service: ServiceFacts = {
  name: "Vendor",
  recordUrl: "http://marketplace.test/api/catalog/services/vendor",
  protocols: ["x402"],
  testStatus: "tested-output",
  facts: new Map<string, { value: unknown; text: string; source: string }>([
    ["soc2", { value: true, text: "Vendor has a SOC 2 Type II report.", source: src }],
    ["hipaa", { value: false, text: "Vendor does not sign BAAs.", source: src }],
    ["regions", { value: ["us-east", "us-west"], text: "Vendor runs in us-east and us-west.", source: src }],
    ["rateLimitPerMinute", { value: 600, text: "600 requests per minute.", source: src }],
    ["uptimeSlaPercent", { value: 99.9, text: "99.9% uptime SLA.", source: src }],
    ["p95LatencyMs", { value: 180, text: "p95 latency is 180 ms.", source: src }],
    ["dataRetentionDays", { value: 0, text: "Payloads are not stored.", source: src }],
    ["sdks", { value: ["python", "typescript"], text: "SDKs for Python and TypeScript.", source: src }],
  ]),
  evidence: [
    { text: "The API does not support batch requests.", source: src },
    { text: "Webhook delivery is planned for early 2027.", source: src },
    { text: "Responses are available as JSON and GeoJSON.", source: src },
  ],
};

const status = (r: string) => checkRequirement(r, service).status;

describe("checkRequirement", () => {
  it.each([
    ["SOC 2 Type II report", "met"],
    ["must be SOC2 certified", "met"],
    ["HIPAA BAA available", "unmet"],
    ["serves from us-east", "met"],
    ["serves from ap-southeast", "unmet"],
    ["keeps data in the EU", "unmet"],
    ["at least 500 requests per minute", "met"],
    ["at least 1000 requests per minute", "unmet"],
    ["at least 99.9% uptime SLA", "met"],
    ["99.99% availability", "unmet"],
    ["p95 latency under 200 ms", "met"],
    ["p95 latency under 100 ms", "unmet"],
    ["does not store request payloads", "met"],
    ["official Python SDK", "met"],
    ["official Go SDK", "unmet"],
    ["accepts MPP payments", "unmet"],
    ["accepts x402 payments", "met"],
    ["tested by the marketplace", "met"],
    ["supports batch requests", "unmet"],
    ["returns GeoJSON", "met"],
  ])("%s -> %s", (requirement, expected) => {
    expect(status(requirement)).toBe(expected);
  });

  it.each([
    "FedRAMP authorization",
    "ISO 27001 certified",
    "publishes an OpenAPI spec",
    "supports webhooks",
    "on-premises deployment",
    "p99 latency under 500 ms",
  ])("keeps %s unknown (no fact, no explicit sentence, or only a roadmap)", (requirement) => {
    expect(checkRequirement(requirement, service)).toEqual({ status: "unknown" });
  });

  it("cites the deciding fact or sentence", () => {
    expect(checkRequirement("SOC 2", service)).toEqual({
      status: "met",
      evidence: { text: "Vendor has a SOC 2 Type II report.", source: src },
    });
    expect(checkRequirement("supports batch requests", service)).toEqual({
      status: "unmet",
      evidence: { text: "The API does not support batch requests.", source: src },
    });
  });
});

// Second pass (issue 12): rules that read the evidence sentences and the record.
const record = "http://marketplace.test/api/catalog/services/reader";
function reader(evidence: string[], extra: Partial<ServiceFacts> = {}): ServiceFacts {
  return {
    name: "Reader",
    recordUrl: record,
    protocols: ["x402"],
    testStatus: "untested",
    testedAt: null,
    offers: [],
    facts: new Map(),
    evidence: evidence.map((text) => ({ text, source: src })),
    ...extra,
  };
}
const verdictOf = (requirement: string, s: ServiceFacts) => checkRequirement(requirement, s);

describe("checkRequirement reads evidence sentences", () => {
  it.each([
    // sentence negated: excluded / rejected / not offered never supports the positive requirement
    ["Archives include email attachments", "Email attachments are excluded from archives.", "unmet"],
    ["Accepts payloads over 1 MB", "Payloads larger than 1 MB are rejected.", "unmet"],
    ["Accepts payloads of 500 KB", "Payloads larger than 1 MB are rejected.", "met"],
    ["Generate songs with sung lyrics", "Vocals and lyrics are not supported.", "unmet"],
    ["Moderates text that appears inside images", "Text inside images is not moderated.", "unmet"],
    ["Voice cloning from a sample of our CEO's voice", "Voice cloning is not offered.", "unmet"],
    ["Change alerts by email", "Change notifications are sent by webhook; email alerts are not offered.", "unmet"],
    [
      "Hybrid keyword + vector search",
      "Hybrid search combining keyword and vector scores is planned but not yet available.",
      "unmet",
    ],
    // requirement negated: a negated sentence meets it, a positive one does not decide it
    ["Our prompts must not be used to train models", "Prompts and completions are not used for training.", "met"],
    ["Our prompts must not be used to train models", "Prompts may be used to train future models.", "unknown"],
    ["Our prompts must not be used to train models", "Prompts are used to train the vendor's models.", "unmet"],
    // a negation in another clause does not flip the clause that answers
    ["Respects robots.txt", "The service honours robots.txt by default and refuses disallowed paths.", "met"],
    [
      "Output may be used commercially without attribution",
      "Generated audio is licensed for commercial use without attribution.",
      "met",
    ],
    // "only" with another name denies; with the same name supports
    ["Must validate UK postal addresses", "Address validation only accepts US and Canadian addresses.", "unmet"],
    [
      "Must validate Canadian postal addresses",
      "Address validation only accepts US and Canadian postal addresses.",
      "met",
    ],
    ["Recipes returned in French", "Recipe text is returned in English only.", "unmet"],
    // stemming and synonyms
    [
      "Truck routing must respect hazmat and weight restrictions",
      "Truck routing honours height, weight and hazmat restrictions in Europe.",
      "met",
    ],
    [
      "Generated clips must include a soundtrack",
      "Output clips are 24 frames-per-second MP4 files without audio.",
      "unmet",
    ],
    // roadmap without a negation settles nothing
    ["S3-compatible API", "An S3-compatible endpoint is planned for 2027.", "unknown"],
    // except / null / immutable / filtered out / antonyms
    [
      "Parcel boundaries available in Nunavut",
      "Parcel coverage spans 3,100 US counties and all Canadian provinces except Nunavut.",
      "unmet",
    ],
    ["Returns sunrise times during polar night", "Sunrise times are returned as null during polar night.", "unmet"],
    ["Events can be corrected after they are written", "Events are immutable once written.", "unmet"],
    ["Never suggests banned hashtags", "Banned hashtags are filtered out of suggestions.", "met"],
    ["Transcripts are written by human transcribers", "Transcripts are written by a machine.", "unmet"],
    [
      "Maps may be shown without any attribution",
      "Map data comes from OpenStreetMap, and attribution must be shown with every map.",
      "unmet",
    ],
    ["DNS answers resolved fresh rather than cached", "DNS answers are resolved fresh and not cached.", "met"],
    // a negation inside a condition clause is not the requirement's polarity
    [
      "Falls back to a generated placeholder when a domain has no logo",
      "Logos are available for most domains; otherwise a monogram fallback is generated.",
      "unknown",
    ],
    // "too" needs the extra scope
    [
      "Author names are pseudonymized in search results too",
      "Author names are pseudonymized in bulk exports.",
      "unknown",
    ],
    // about another subject: abstain
    ["Voice-over in Spanish", "Voice cloning is not offered.", "unknown"],
    ["Supports batch geocoding", "Webhooks are not supported.", "unknown"],
  ])("%s / %s -> %s", (requirement, sentence, expected) => {
    const v = verdictOf(requirement, reader([sentence]));
    expect(v.status).toBe(expected);
    if (v.status !== "unknown") expect(v.evidence).toEqual({ text: sentence, source: src });
  });

  it("does not read the service's own name in a sentence as its subject", () => {
    const quarry = reader(["Quarry PDF offers a signed data processing agreement."], { name: "Quarry PDF" });
    expect(verdictOf("Can process PDFs that are locked with a password", quarry)).toEqual({ status: "unknown" });
  });

  it.each([
    ["Pastes of up to 2 MB", "Pastes are limited to 512 KB.", "unmet"],
    ["Pastes of up to 256 KB", "Pastes are limited to 512 KB.", "met"],
    ["Multilingual embeddings covering at least 50 languages", "The models support 100 languages.", "met"],
    ["Embeddings covering at least 120 languages", "The models support 100 languages.", "unmet"],
    ["Context window of at least 32K tokens", "The model has a 4K-token context window.", "unmet"],
    ["Context window of at least 4,000 tokens", "The model has a 4K-token context window.", "met"],
    [
      "Batch requests covering up to 100 coordinates",
      "The batch endpoint accepts at most 100 points per request.",
      "met",
    ],
    ["Batch requests covering 500 coordinates", "The batch endpoint accepts at most 100 points per request.", "unmet"],
    [
      "Events appear in the feed within 10 minutes",
      "Events appear in the feed a median of 4 minutes after origin time.",
      "met",
    ],
    [
      "Events appear in the feed within 2 minutes",
      "Events appear in the feed a median of 4 minutes after origin time.",
      "unmet",
    ],
    ["Uploads of 5 GB files", "Uploads up to 4 GB are accepted.", "unmet"],
    ["Logs kept at least 30 days", "Audit logs are retained for 90 days.", "met"],
    // intervals, shares, strict and soft bounds, eligibility floors, years
    ["Prices refreshed at least every 12 hours", "Prices are refreshed every 6 hours.", "met"],
    ["Source lists are refreshed at least once an hour", "Source lists are re-checked every 30 minutes.", "met"],
    [
      "The detection model is retrained at least weekly",
      "The model is retrained monthly on labelled datasets.",
      "unmet",
    ],
    [
      "Open-access full text linked for most papers",
      "Open-access full text is linked for about 38% of papers.",
      "unmet",
    ],
    ["p95 latency under half a second", "The p95 latency is 600 ms.", "unmet"],
    ["Caption lines no longer than 50 characters", "Caption lines are limited to 42 characters.", "met"],
    ["Speaker separation for panels of 12 speakers", "Diarization works best with up to 8 speakers.", "unknown"],
    ["Version retention of one year", "Versions are kept for 90 days by default.", "unknown"],
    [
      "Profiles creators with around 2,000 followers",
      "Only creators with at least 5,000 followers are profiled.",
      "unmet",
    ],
    ["Historical data back to 2000", "Historical data are available from 2007 onwards.", "unmet"],
    ["Historical rates back to 2000", "Historical rates start on 4 January 1999.", "met"],
    ["Deletes data after 30 days", "Closed postings are removed within 48 hours.", "unknown"],
    ["Bulk uploads up to 1 GB", "The upload price includes 10 GB of egress per month.", "unknown"],
    // the number is about another subject: no decision
    ["p99 latency under 500 ms", "The p95 latency is 180 ms.", "unknown"],
    ["Images up to 4096 pixels wide", "Pastes are limited to 512 KB.", "unknown"],
  ])("quantities: %s / %s -> %s", (requirement, sentence, expected) => {
    expect(verdictOf(requirement, reader([sentence])).status).toBe(expected);
  });

  it("answers test-status requirements from the record, quoting the record's sentence", () => {
    const when = new Date("2026-08-17T03:07:35Z");
    const output = reader([], { testStatus: "tested-output", testedAt: when });
    const noOutput = reader([], { testStatus: "tested-no-output", testedAt: when });
    const untested = reader([]);
    const quoted = {
      text: "The marketplace tested Reader on 2026-08-17: the paid test call returned output.",
      source: record,
    };
    expect(verdictOf("Verified to work by a paid test call", output)).toEqual({ status: "met", evidence: quoted });
    expect(verdictOf("The test call returned output", noOutput).status).toBe("unmet");
    expect(verdictOf("Has been tested by the marketplace", noOutput).status).toBe("met");
    expect(verdictOf("The marketplace's own test call got a real forecast back", output).status).toBe("met");
    expect(verdictOf("Marketplace testing confirmed the service returns output", noOutput).status).toBe("unmet");
    expect(verdictOf("Has been tested by the marketplace", untested)).toEqual({
      status: "unmet",
      evidence: { text: "Reader has not been tested by the marketplace.", source: record },
    });
  });

  it("no longer counts a test the probes contradict: never met, unmet only where the record says so", () => {
    const when = new Date("2026-08-17T03:07:35Z");
    const output = reader([], { testStatus: "tested-output", testedAt: when, observedFailing: true });
    const noOutput = reader([], { testStatus: "tested-no-output", testedAt: when, observedFailing: true });
    const untested = reader([], { observedFailing: true });
    expect(verdictOf("Verified to work by a paid test call", output)).toEqual({ status: "unknown" });
    expect(verdictOf("Has been tested by the marketplace", output)).toEqual({ status: "unknown" });
    expect(verdictOf("Has been tested by the marketplace", noOutput)).toEqual({ status: "unknown" });
    expect(verdictOf("The test call returned output", noOutput).status).toBe("unmet");
    expect(verdictOf("Has been tested by the marketplace", untested).status).toBe("unmet");
    // Observed working (or not failing): the record decides as before.
    expect(verdictOf("Has been tested by the marketplace", { ...output, observedFailing: false }).status).toBe("met");
  });

  it("answers price requirements from the offers, naming the offer", () => {
    const offers = [
      {
        method: "POST",
        path: "/v1/transcribe",
        priceAtomic: 30_000,
        dynamicPrice: false,
        description: "Transcribe an audio file with speaker labels.",
      },
      {
        method: "GET",
        path: "/v1/transcripts/{id}",
        priceAtomic: 1_000,
        dynamicPrice: false,
        description: "Retrieve a finished transcript.",
      },
    ];
    const s = reader([], { offers });
    expect(verdictOf("Transcription costs at most 0.05 USD per call", s)).toEqual({
      status: "met",
      evidence: { text: "POST /v1/transcribe costs 0.03 USD per call.", source: record },
    });
    expect(verdictOf("Transcribing a file costs under $0.01", s)).toEqual({
      status: "unmet",
      evidence: { text: "POST /v1/transcribe costs 0.03 USD per call.", source: record },
    });
    expect(verdictOf("Every endpoint costs at most 0.01 USD per call", s).status).toBe("unmet");
    expect(verdictOf("An endpoint under 0.01 USD per call", s)).toEqual({
      status: "met",
      evidence: { text: "GET /v1/transcripts/{id} costs 0.001 USD per call.", source: record },
    });
    // "less than 0.01" excludes 0.01; the batch offer is not the single operation.
    expect(verdictOf("Retrieving a transcript costs less than 0.001 USD", s).status).toBe("unmet");
    expect(verdictOf("Retrieving a transcript costs at most 0.001 USD", s).status).toBe("met");
    const withBatch = reader([], {
      offers: [
        ...offers,
        {
          method: "POST",
          path: "/v1/transcribe/batch",
          priceAtomic: 300_000,
          dynamicPrice: false,
          description: "Transcribe up to 20 audio files in one request.",
        },
      ],
    });
    expect(verdictOf("Transcribing one audio file costs at most 0.05 USD", withBatch)).toEqual({
      status: "met",
      evidence: { text: "POST /v1/transcribe costs 0.03 USD per call.", source: record },
    });
    // A price per audio minute is not a price per call; a dynamic price is not a fixed one.
    expect(verdictOf("Transcription under 0.01 USD per audio minute", s).status).toBe("unknown");
    expect(
      verdictOf(
        "Every endpoint costs at most 1 USD per call",
        reader([], { offers: [{ ...offers[0]!, dynamicPrice: true }] }),
      ).status,
    ).toBe("unknown");
  });

  it("uses sentence vectors to find a paraphrase, and decides nothing without them", async () => {
    const sentence = "Glossaries of up to 5,000 term pairs can be applied per request.";
    const [prepared] = await prepareRequirements(["Custom glossary / terminology support"]);
    const unit = new Float32Array(prepared!.vector!.length);
    // The sentence's vector is the requirement's own: as close as a paraphrase can be.
    unit.set(prepared!.vector!);
    const withVectors = reader([sentence], { vectors: new Map([[sentence, unit]]) });
    expect(checkRequirement(prepared!, withVectors)).toEqual({
      status: "met",
      evidence: { text: sentence, source: src },
    });
    expect(checkRequirement(prepared!, reader([sentence])).status).toBe("unknown");
    // An orthogonal vector (another subject) does not make the shared word "glossary" decide.
    const other = new Float32Array(unit.length);
    other[0] = unit[1]!;
    other[1] = -unit[0]!;
    expect(checkRequirement(prepared!, reader([sentence], { vectors: new Map([[sentence, other]]) })).status).toBe(
      "unknown",
    );
  });
});

// Third pass (helper C2): each rule narrowed after a wrong known answer, in both directions.
describe("checkRequirement abstains or decides by the sentence's own words", () => {
  it.each([
    // the words next to a number give its direction ("within" belongs to the distance)
    [
      "US city-level accuracy above 90% within 50 km",
      "City-level accuracy is about 78% within 50 km for the US.",
      "unmet",
    ],
    [
      "US city-level accuracy above 70% within 50 km",
      "City-level accuracy is about 78% within 50 km for the US.",
      "met",
    ],
    // a frequency is an interval: twice a day is every 12 hours
    ["Follower graphs refreshed at least twice a day", "Follower graphs are refreshed every 24 hours.", "unmet"],
    ["Follower graphs refreshed at least twice a day", "Follower graphs are refreshed every 6 hours.", "met"],
    // a range has two ends: abstain
    [
      "Context window of at least 64K tokens",
      "Context windows range from 32K to 128K tokens depending on the model.",
      "unknown",
    ],
    ["Context window of at least 64K tokens", "The context window is 128K tokens.", "met"],
    // a contrast after the requirement is not its polarity
    // a negation inside a relative clause qualifies a noun
    [
      "Includes low-cost carriers that don't distribute their fares",
      "Low-cost carriers that do not distribute fares are missing from results.",
      "unmet",
    ],
    [
      "Includes low-cost carriers that don't distribute their fares",
      "Low-cost carriers that do not distribute fares are shown in results.",
      "met",
    ],
    // a known weakness denies
    ["Detects transparent objects", "Transparent objects are a known weakness.", "unmet"],
    ["Detects transparent objects", "Transparent objects are detected reliably.", "met"],
    // one clause must hold the requirement for a met
    [
      "Full-size images are delivered from Lumen's own cache",
      "Thumbnails are served from Lumen's cache; full images link to the original host.",
      "unknown",
    ],
    ["Full-size images are delivered from Lumen's own cache", "Full-size images are served from Lumen's cache.", "met"],
    // a feature conditional on a minimum does not meet a requirement without a number
    [
      "Gives a price history for a newly tracked product",
      "Price history is available for products tracked for at least 30 days.",
      "unknown",
    ],
    [
      "Gives a price history for a newly tracked product",
      "Price history is available for every newly tracked product.",
      "met",
    ],
    // "any" is not met by a counted or qualified scope
    [
      "Hides the cookie consent banner on any website",
      "Cookie consent banners are hidden automatically on about 9,000 known websites.",
      "unknown",
    ],
    [
      "Hides the cookie consent banner on any website",
      "Cookie consent banners are hidden automatically on every website.",
      "met",
    ],
    // "never cost more than" is a bound, not a denial
    // stored and deleted are opposites; estimates are not measurements
    [
      "Files stay stored after the download link has expired",
      "Files are deleted permanently when the link expires.",
      "unmet",
    ],
    [
      "Files stay stored after the download link has expired",
      "Files stay stored after the download link expires.",
      "met",
    ],
    ["Audience demographics are measured", "Audience demographics are estimates based on a sample.", "unmet"],
    ["Audience demographics are measured", "Audience demographics are measured over every follower.", "met"],
  ])("%s | %s -> %s", (requirement, sentence, expected) => {
    expect(verdictOf(requirement, reader([sentence])).status).toBe(expected);
  });

  it("reads neither a trailing contrast nor 'never cost more than' as a denial", () => {
    // Words alone do not make these met (the sentence vectors do); they must never be unmet.
    expect(
      verdictOf(
        "Availability is checked live against the registries, not a cached list",
        reader(["Availability is checked live against registry RDAP and EPP endpoints."]),
      ).status,
    ).not.toBe("unmet");
    expect(
      verdictOf(
        "We can cap what a single request costs",
        reader(["Requests never cost more than the max_price_usd set by the caller."]),
      ).status,
    ).not.toBe("unmet");
  });

  it("reads 'no more than' next to a price as a cap", () => {
    const offers = [
      {
        method: "GET",
        path: "/v1/forecast/daily",
        priceAtomic: 1500,
        dynamicPrice: false,
        description: "16-day daily forecast",
      },
    ];
    expect(
      verdictOf("The 16-day daily forecast costs no more than 0.002 USD per call", reader([], { offers })).status,
    ).toBe("met");
    expect(
      verdictOf("The 16-day daily forecast costs no more than 0.001 USD per call", reader([], { offers })).status,
    ).toBe("unmet");
  });

  it("leaves a webhook requirement with a number to the sentences", () => {
    const hooks = reader(["Spike monitors notify a webhook within minutes of detection."], {
      facts: new Map([
        [
          "webhooks",
          { value: true, text: "Reader can push results to a webhook URL supplied by the caller.", source: src },
        ],
      ]),
    });
    expect(verdictOf("Webhook notification within 30 seconds of a spike", hooks).status).toBe("unknown");
    expect(verdictOf("Supports webhooks", hooks).status).toBe("met");
  });

  it("reads 'no more than a week' of caching as a bound, not as 'no retention'", () => {
    const retention = {
      value: 14,
      text: "Request and response bodies sent to Reader are retained for 14 days.",
      source: src,
    };
    const logos = (sentence: string) => reader([sentence], { facts: new Map([["dataRetentionDays", retention]]) });
    expect(
      verdictOf("Logo images are cached for no more than a week", logos("Logo images are cached for 7 days.")),
    ).toEqual({ status: "met", evidence: { text: "Logo images are cached for 7 days.", source: src } });
    expect(
      verdictOf("Logo images are cached for no more than a week", logos("Logo images are cached for 30 days.")).status,
    ).toBe("unmet");
  });

  it("counts any marketplace test when the requirement says 'whatever the result'", () => {
    const noOutput = reader([], { testStatus: "tested-no-output" });
    expect(verdictOf("Has been test-called by the marketplace (whatever the result)", noOutput).status).toBe("met");
    expect(verdictOf("Has been test-called by the marketplace and returned output", noOutput).status).toBe("unmet");
    expect(verdictOf("Has been test-called by the marketplace (whatever the result)", reader([])).status).toBe("unmet");
  });
});

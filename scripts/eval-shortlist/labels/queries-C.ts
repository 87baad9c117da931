import type { EvalQuery } from "./types";

// LABEL-C: buyer requests over all seven capabilities, labelled from the seeded catalog records (prisma/seed/catalog) only.
// Grades: 2 = directly delivers the outcome, 1 = partial fit or usable with extra work; unlisted = 0.
// Services violating a constraint or explicitly contradicting a "must" condition are left out.
// No-fit requests were checked against all 154 catalogued services. All items are held out.

export const QUERIES_C: EvalQuery[] = [
  // ---------------------------------------------------------------- no-fit
  {
    // (a) restaurant reservations: absent from the catalog (Staybird searches lodging and cannot book; Gatherly lists events).
    id: "qC01",
    request: {
      outcome:
        "Concierge agent for a client visiting Lisbon: reserve a dinner table for four at a seafood restaurant in Alfama this Friday at 20:00 through an API and return the booking confirmation.",
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (a) car rental search/pricing: absent (only flights, lodging, events are searched).
    id: "qC02",
    request: {
      outcome:
        "Travel agent API: compare rental car prices and availability from the major rental companies for pick-up at Denver airport next Thursday, returned Monday, compact class.",
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (b) cirrusline is the only historical weather source; records before 1979 are reanalysis-only with no station blending.
    id: "qC03",
    request: {
      outcome:
        "Insurance research: reconstruct the hourly weather at a farm near Wichita, Kansas during a windstorm in June 1965 for an actuarial study.",
      conditions: [
        {
          requirement: "Values for 1965 must include weather-station observations, not reanalysis alone",
          priority: "must",
        },
      ],
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (b) floodplain-analytics is the only flood-zone source; regulatory flood zones are available for US locations only.
    id: "qC04",
    request: {
      outcome:
        "Mortgage due diligence for an apartment building in Cologne, Germany: we need the property's official regulatory flood-zone designation for the lender file.",
      conditions: [
        {
          requirement: "Returns the official regulatory flood-zone designation for a German address",
          priority: "must",
        },
      ],
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (c) gablework-property-data is the only valuation source; all its offers cost 0.015 USD or more.
    id: "qC05",
    request: {
      outcome:
        "Give me an automated market value estimate for a three-bedroom house in Phoenix, Arizona for a quick lead-scoring step.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (c) cadenza-audio is the only audio generator; its cheapest offer (sound effects) costs 0.03 USD.
    id: "qC06",
    request: {
      outcome:
        "Generate a short royalty-free 'whoosh' sound effect, about 2 seconds long, for a button animation in our mobile app.",
      constraints: { maxPriceUsd: 0.02 },
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  // ---------------------------------------------------------------- vendor-name
  {
    id: "qC07",
    request: {
      outcome: "Mentionmill pricing: what would it cost us to get alerted when our brand gets mentioned online?",
    },
    relevance: { "mentionmill-alerts": 2, "mentionmill-monitor": 2, flarewatch: 1 },
    kind: "vendor-name",
    split: "heldout",
  },
  {
    id: "qC08",
    request: {
      outcome: "Crawlwise extract API to pull product name, price and availability as JSON from retailer product pages",
    },
    relevance: { "crawlwise-extract": 2, "crawlwise-render": 1, pricelens: 1 },
    kind: "vendor-name",
    split: "heldout",
  },
  {
    id: "qC09",
    request: {
      outcome: "Is Quakewatch any good for earthquake notifications near our Manila warehouse?",
    },
    relevance: { "quakewatch-feed": 2 },
    kind: "vendor-name",
    split: "heldout",
  },
  // ---------------------------------------------------------------- fit
  {
    id: "qC10",
    request: {
      outcome:
        "Transcribe a 90-minute recording of our board meeting (MP4 file) with who-said-what labels and word-level timestamps for the minutes.",
      constraints: { maxPriceUsd: 0.05 },
    },
    relevance: { "scribewell-transcribe": 2, captionsmith: 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC11",
    request: {
      outcome:
        "Translate a 40-page English user manual (DOCX) into Japanese, keeping the layout, and use our list of 300 product terms consistently.",
      conditions: [{ requirement: "A glossary of our own term translations can be applied", priority: "prefer" }],
    },
    relevance: { "tesserae-translate": 2, "cortexa-inference": 1, "switchyard-router": 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC12",
    request: {
      outcome:
        "Fraud screening at sign-up: for each new account's IP address, tell us whether it is a VPN, proxy or Tor exit and which city and ISP it comes from. We send the day's sign-ups in one go.",
      conditions: [{ requirement: "Checks 300 IP addresses in a single call", priority: "must" }],
    },
    relevance: { "netlocus-ip-geo": 2 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC13",
    request: {
      outcome:
        "Legal memo research: find US federal appellate opinions since 2014 on software patent eligibility, with the full text and how often each one has been cited.",
      conditions: [{ requirement: "Flags whether an opinion has since been overruled", priority: "prefer" }],
    },
    relevance: { casebrook: 2, docketline: 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC14",
    request: {
      outcome:
        "Our scraping agent needs to save each scraped sales lead as a JSON record and later find leads by city and industry, sorted by lead score, without running a database ourselves.",
    },
    relevance: { "folio-docs": 2, "shardbase-sql": 1, "keystone-kv": 1, "nodegarden-graph": 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC15",
    request: {
      outcome:
        "Before mailing catalogues, standardize our US customer mailing addresses, confirm they are deliverable and tell us whether each one is residential or commercial.",
      constraints: { protocol: "x402" },
    },
    relevance: { parcelgrid: 2, "waypoint-geocode": 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC16",
    request: {
      outcome: "Pull the text of the Item 1A Risk Factors section from a listed company's most recent 10-K filing.",
      constraints: { maxPriceUsd: 0.004 },
    },
    relevance: { "tenkay-filings": 2, pagesift: 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qC17",
    request: {
      outcome:
        "Screen photos that sellers upload to our marketplace for nudity, weapons or drugs before the listing goes live.",
      constraints: { tested: "output" },
    },
    // Re-read 2026-12-01: iris-vlm, the one service that fitted, is tested-no-output now that its test
    // ran for real (its sandbox provider answers a non-conformant 402, which the test does not pay), so
    // under tested: "output" nothing fits.
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
];

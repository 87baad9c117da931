// Independent buyer requests (labeller B) centred on the social, storage and web-data
// capabilities, graded from the seeded catalog records alone (prisma/seed/catalog). 2 = directly delivers the outcome,
// 1 = partial fit or usable with extra work, unlisted = 0. A service that violates a constraint
// or whose record explicitly contradicts a "must" condition is left out. No-fit requests were
// checked against all 154 catalogued services.

import type { EvalQuery } from "./types";

export const QUERIES_B: EvalQuery[] = [
  // ---------------------------------------------------------------- no-fit
  {
    // (a) capability absent: nothing in the catalog sends SMS or any outbound message to phones.
    id: "qB01",
    request: {
      outcome:
        "Our appointment-reminder agent needs an API to send SMS text messages to customers' mobile phones in the UK the day before their booking, and to get delivery receipts back.",
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    // (a) capability absent: skyfix is airport weather, farecompass is fare search; no flight tracking.
    id: "qB02",
    request: {
      outcome:
        "Live flight tracking for our travel agent: the current position, altitude and estimated arrival time of flight BA117 from London to New York, refreshed every minute while it is in the air.",
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (a) capability absent: no consumer credit bureau data (sanctionscan screens lists, ledgerline is company data).
    id: "qB03",
    request: {
      outcome:
        "For a loan pre-approval, our lending agent must pull an applicant's consumer credit score and full credit report from the credit bureaus, given name, date of birth and address.",
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    // (b) tickerlode is the only equity-quote source and says real-time data is not available.
    id: "qB04",
    request: {
      outcome:
        "Stream live NASDAQ stock prices to our trading bot so it can place orders within seconds of a price move.",
      conditions: [{ requirement: "Equity quotes must be real-time, not delayed", priority: "must" }],
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (b) inboxprobe is the only email-verification service and does not offer a GDPR DPA.
    id: "qB05",
    request: {
      outcome:
        "Before our spring newsletter goes out, check 20,000 subscriber email addresses for deliverability and flag disposable or role addresses so we protect our sender reputation.",
      conditions: [
        {
          requirement: "The vendor must sign a GDPR data processing agreement, since these are EU subscribers",
          priority: "must",
        },
      ],
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    // (b) chassis-vin-decoder is the only recall source and says European recall data is not available.
    id: "qB06",
    request: {
      outcome:
        "Our fleet agent manages 60 Renault and Volkswagen vans registered in France. For each VIN, list any open manufacturer safety recalls so we can book them into the workshop.",
      conditions: [{ requirement: "Recall data must cover vehicles sold in Europe", priority: "must" }],
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    // (c) creatorbase-directory is the only source of creator contact details; its offers cost 0.02 and 0.03.
    id: "qB07",
    request: {
      outcome:
        "Find the business email address and management or booking contact for 300 YouTube and Instagram creators so our partnerships agent can reach out to them.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    // (c) gablework-property-data is the only automated-valuation source; its cheapest offer is 0.015.
    id: "qB08",
    request: {
      outcome:
        "Give me an automated market valuation, with a confidence range, for a single-family house in Denver, plus a few comparable recent sales nearby.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },

  // ---------------------------------------------------------------- vendor-name
  {
    id: "qB09",
    request: { outcome: "Pinwheel IPFS pricing - how much does it cost to pin a file?" },
    relevance: { "pinwheel-ipfs": 2, "arkive-permanent": 1 },
    kind: "vendor-name",
    split: "dev",
  },
  {
    id: "qB10",
    request: { outcome: "does Tickerlode have crypto prices?" },
    relevance: { "tickerlode-market-data": 2 },
    kind: "vendor-name",
    split: "dev",
  },
  {
    id: "qB11",
    request: { outcome: "vaultline api" },
    relevance: { "vaultline-blob": 2, "vaultline-sites": 2 },
    kind: "vendor-name",
    split: "heldout",
  },
  {
    id: "qB12",
    request: { outcome: "Snapframe screenshot API for full-page captures" },
    relevance: { snapframe: 2, "crawlwise-render": 1 },
    kind: "vendor-name",
    split: "dev",
  },

  // ---------------------------------------------------------------- fit
  {
    id: "qB13",
    request: {
      outcome:
        "When users paste a link into our team chat, show a preview card with the page title, short description, preview image and favicon. We unfurl millions of links, so it must be cheap.",
      constraints: { maxPriceUsd: 0.001 },
    },
    relevance: { "openmeta-links": 2, pagesift: 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB14",
    request: {
      outcome:
        "For each inbound lead's company domain, tell me which CMS and analytics tools the website runs, who handles their email according to the MX records, and when the domain was first registered.",
    },
    relevance: { "rootzone-intel": 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB15",
    request: {
      outcome:
        "We suspect a hashtag campaign is being pushed by a bot network. Take the roughly 800 accounts that amplified it, score how bot-like each one is and find coordinated clusters among them.",
      conditions: [
        { requirement: "Vendor must have a SOC 2 Type II report", priority: "must" },
        { requirement: "GDPR data processing agreement available", priority: "prefer" },
      ],
    },
    relevance: { "authentica-signals": 2 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qB16",
    request: {
      outcome:
        "Schedule our product-launch announcement with an image to go out on our company's connected social accounts next Tuesday at 9am, and be able to cancel it if the launch slips.",
      constraints: { protocol: "mpp" },
    },
    relevance: { postwright: 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB17",
    request: {
      outcome:
        "Log temperature and humidity readings from 200 greenhouse sensors every minute, then chart hourly averages per sensor over the past twelve months.",
    },
    relevance: { chronoshelf: 2, "shardbase-sql": 1, "tabletop-datasets": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB18",
    request: {
      outcome:
        "Store a knowledge graph of about 2 million companies, people and the relationships between them, and run multi-hop queries like 'which directors sit on boards of two of our suppliers' over HTTP.",
      constraints: { tested: "output" },
    },
    relevance: { "nodegarden-graph": 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB19",
    request: {
      outcome:
        "For a list of EAN codes, get every current retailer offer and the daily price history over the last six months so our procurement agent can time its purchases.",
      conditions: [
        { requirement: "Listings from individual marketplace sellers should be left out", priority: "prefer" },
      ],
    },
    relevance: { pricelens: 2, "shelfscan-product-search": 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qB20",
    request: {
      outcome:
        "Which departments is acme.com hiring for right now and how many open roles does each have? Also pull the full description of their newest engineering job.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "jobsift-postings": 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB21",
    request: {
      outcome:
        "Pull the viewer comments under our latest product video, without the spam, and tell us whether people are mostly positive or negative about it.",
    },
    relevance: { clipchatter: 2, sentimentry: 2, labelhouse: 1, "pebble-lm": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB22",
    request: {
      outcome:
        "Prove that a model-generated audit report existed today: we want a tamper-evident timestamp proof that anyone can check later without having to trust the provider.",
      conditions: [
        {
          requirement: "The report itself is confidential and must not be sent to the vendor; sending a hash is fine",
          priority: "must",
        },
      ],
    },
    relevance: { stampwell: 2, "arkive-permanent": 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qB23",
    request: {
      outcome:
        "Archive a 700 KB CSV of our study's raw measurements so that reviewers can still fetch it in twenty years, ideally paying once rather than renewing.",
    },
    relevance: { "arkive-permanent": 2, "pinwheel-ipfs": 1, "coldstack-archive": 1, "vaultline-blob": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB24",
    request: {
      outcome:
        "Share a 300 KB chunk of server logs with a colleague as a link with syntax highlighting and a raw-text URL, expiring after a week.",
      conditions: [{ requirement: "EU data residency", priority: "prefer" }],
    },
    relevance: { snipbin: 2, "ferry-files": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qB25",
    request: {
      outcome:
        "Keep the results of expensive LLM calls keyed by a prompt hash for about a week so our agents do not pay twice for the same prompt.",
      conditions: [
        {
          requirement: "A read right after an overwrite must return the new value, never a stale one",
          priority: "must",
        },
      ],
    },
    relevance: { "keystone-kv": 2 },
    kind: "fit",
    split: "heldout",
  },
];

// Labelled buyer requests, set D.
//
// Who / how: written by an independent labeller (set D) from the seed catalog's text only: the
// vendor specs in prisma/seed/catalog/ (names, descriptions, capabilities, tags, offers with
// method, path, description and price, structured facts, evidence sentences, test status). The
// labeller did not read the shortlist engine, its evaluation code, the other label files or any of
// the engine's answers. All 154 services were read before labelling.
//
// Grading rules:
// - fit: 2 = the service directly delivers the outcome; 1 = partial, or usable with extra work
//   (covers only part of the outcome, needs another step, or is a general tool that can be made to
//   do it). Every service that deserves 1 or 2 is listed; unlisted services are grade 0. A service
//   that fails a must condition (the record settles it as unmet) or whose cheapest offer doing the
//   job exceeds maxPriceUsd is grade 0. A prefer condition that is unmet does not lower a grade.
// - no-fit: nothing in the catalog delivers the outcome (absent capability, or the only candidates
//   fail a must condition or the price cap); relevance is empty. The comment above each says why
//   and what comes closest.
// - vendor-name: the request names a catalogued vendor or service (some misspelt); the named
//   service is 2, a sibling service of the same vendor is 1 when it could still help.
//
// Split rule: within each kind, items alternate dev / heldout in file order (first of each kind is
// dev), so exactly half of each kind is heldout.
import type { EvalQuery } from "./types";

export const QUERIES_D: EvalQuery[] = [
  // ───────────────────────────── no-fit (30) ─────────────────────────────

  // No SMS capability anywhere. Closest: Relaybox Queues ("messages" between workers, not phones)
  // and Blackline PII (detects phone numbers in text). Nothing delivers a text message.
  {
    id: "qD01",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "When a customer logs in from a new device, send a six-digit one-time passcode by SMS text message to their mobile number and tell me whether it was delivered.",
    },
    relevance: {},
  },
  // No outbound email service. Inboxprobe verifies addresses but "never sends an actual email";
  // Glyphread OCR parses receipts rather than sending them; Diffhound offers no email alerts.
  {
    id: "qD02",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "After each order, email the customer a branded receipt from our own sender domain and track opens and bounces. Transactional email API needed.",
      conditions: [{ requirement: "Supports sending from a custom verified domain", priority: "must" }],
    },
    relevance: {},
  },
  // No payment processing. Closest: Sanctionscan (screening for payments-compliance agents) and
  // Quirk QR (draws payment-link QR codes); neither charges a card.
  {
    id: "qD03",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Charge a customer's credit card for a $49 subscription, store the card token for renewals and issue refunds when asked.",
      constraints: { protocol: "x402" },
    },
    relevance: {},
  },
  // No order execution. Tickerlode Market Data sells delayed quotes only; Fxmint rates "are not
  // tradable quotes".
  {
    id: "qD04",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "My portfolio agent needs to place and cancel limit orders for US stocks and BTC through a broker API and get fill confirmations.",
    },
    relevance: {},
  },
  // No identity-document or liveness check. Sanctionscan screens names, Ledgerline does KYB on
  // companies, Iris VLM reads images, Echoframe explicitly does not use faces.
  {
    id: "qD05",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "KYC onboarding: verify that an uploaded passport is genuine and that the selfie matches the passport photo, with a liveness check.",
    },
    relevance: {},
  },
  // No phone-number intelligence. Blackline PII only finds phone numbers in text; Locus Atlas
  // returns a place's phone; Inboxprobe validates email, not numbers.
  {
    id: "qD06",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Validate a list of customer phone numbers: is each number valid, is it mobile or landline, and which carrier does it belong to?",
    },
    relevance: {},
  },
  // No parcel tracking. Parcelgrid checks address deliverability, Tariffline estimates landed cost
  // for a shipment, Waypoint geocodes delivery addresses; none tracks a tracking number.
  {
    id: "qD07",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Given a carrier tracking number, return the current delivery status and estimated delivery date of the parcel so my support agent can answer 'where is my order?'.",
    },
    relevance: {},
  },
  // Physical cold storage. Coldstack Archive is "cold archive" for data, not refrigerated space;
  // nothing books warehouse capacity.
  {
    id: "qD08",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Book refrigerated cold-storage warehouse space for 12 pallets of vaccines near Rotterdam for two months, with temperature logs.",
    },
    relevance: {},
  },
  // No reservations. Locus Atlas gives a restaurant's phone and hours; Gatherly lists events;
  // Staybird says "Booking is not available through the API".
  {
    id: "qD09",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Reserve a table for four at an Italian restaurant in Lisbon tonight at 20:00 and get a confirmation.",
    },
    relevance: {},
  },
  // No face recognition. Echoframe states "Faces are not used for matching"; Iris VLM captions
  // images; Safeframe classifies unsafe content.
  {
    id: "qD10",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Identify who the people in these event photos are by matching their faces against our member directory photos.",
    },
    relevance: {},
  },
  // No print-and-mail. Snapframe renders a PDF and Parcelgrid validates the address, but nothing
  // prints or delivers a physical letter.
  {
    id: "qD11",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Print a one-page letter and mail it by first-class post to a customer's address in Ohio, with proof of delivery.",
    },
    relevance: {},
  },
  // No fund transfers. Stampwell anchors hashes on chain, Arkive stores data on a permaweb,
  // Lockbox stores keys; none sends USDC to third parties.
  {
    id: "qD12",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Pay out USDC rewards to 300 contributor wallet addresses on Base in one batch and return the transaction hashes.",
    },
    relevance: {},
  },
  // No e-signature workflow. Stampwell timestamps a hash, Clauseworks analyses contracts; neither
  // collects signatures from counterparties.
  {
    id: "qD13",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Send an NDA to a counterparty for legally binding e-signature, remind them until they sign, and give me the signed PDF with an audit trail.",
    },
    relevance: {},
  },
  // No training. Cortexa Inference and Cortexa Batch only serve existing open-weight models.
  {
    id: "qD14",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Fine-tune an open-weight 8B model on 20,000 of our support conversations (LoRA is fine) and host the resulting model for inference.",
    },
    relevance: {},
  },
  // No code execution. Forgecode completes and reviews code; Shardbase runs SQL only.
  {
    id: "qD15",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Run an untrusted Python script with pandas in an isolated sandbox and return stdout, stderr and any files it writes.",
    },
    relevance: {},
  },
  // No power-market data. Sunfield Irradiance forecasts solar output for energy traders and
  // Tickerlode covers equities and crypto; neither gives electricity prices.
  {
    id: "qD16",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome: "Get day-ahead hourly electricity spot prices for the German bidding zone for tomorrow.",
    },
    relevance: {},
  },
  // No transit data. Lanecraft routes car, truck, bike or foot, without public transport or live
  // departures.
  {
    id: "qD17",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Show the next real-time departures of buses and trams from the stop nearest to a coordinate in Zurich, including delays.",
    },
    relevance: {},
  },
  // No mobile push. Relaybox Queues pushes messages to webhooks between workers, Postwright posts to
  // social accounts, Mentionmill Alerts calls webhooks; none reaches a customer's phone.
  {
    id: "qD18",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Send a push notification message to every customer who installed our iOS and Android app, with delivery receipts per device.",
    },
    relevance: {},
  },
  // Farecompass searches fares but "does not issue tickets"; nothing else sells flights.
  {
    id: "qD19",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Book and pay for a one-way economy ticket from Madrid to Berlin next Friday and send me the e-ticket number.",
      conditions: [{ requirement: "Issues the ticket itself, not a link to another site", priority: "must" }],
    },
    relevance: {},
  },
  // Namespring checks availability but "does not register domains"; Rootzone reads RDAP data.
  {
    id: "qD20",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome: "Register the domain brewbot-labs.com for one year in my name and point its DNS at my server.",
    },
    relevance: {},
  },
  // The only quote source, Tickerlode, delays equity quotes by 15 minutes and says real-time data
  // is not available, so the must fails.
  {
    id: "qD21",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Stream live last-trade prices for AAPL, MSFT and NVDA for an intraday alerting agent.",
      conditions: [{ requirement: "Quotes are real-time, not delayed", priority: "must" }],
    },
    relevance: {},
  },
  // Voxmill TTS is the only speech synthesizer and states "Voice cloning is not offered"; Dubline
  // dubs video and says nothing about cloning a voice from a sample.
  {
    id: "qD22",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome: "Read my weekly newsletter aloud in my own voice, cloned from a two-minute recording I upload.",
      conditions: [{ requirement: "Can clone a custom voice from a sample recording", priority: "must" }],
    },
    relevance: {},
  },
  // Ledgerline Company Data is the company-data source but "Beneficial-ownership data is not
  // included"; Sanctionscan screens names only.
  {
    id: "qD23",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "For a supplier onboarding check, list the ultimate beneficial owners of a UK limited company with their ownership percentages.",
      conditions: [{ requirement: "Returns beneficial-ownership (UBO) data", priority: "must" }],
    },
    relevance: {},
  },
  // Stormtrack Labs is the only lightning source and its coverage "is limited to North America and
  // Europe; other regions return an empty list".
  {
    id: "qD24",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Alert our outdoor crews when lightning strikes within 10 km of job sites around Brisbane, Australia, during the last hour.",
      conditions: [{ requirement: "Lightning data covers Australia", priority: "must" }],
    },
    relevance: {},
  },
  // Cadenza Audio is the only music generator and "Vocals and lyrics are not supported".
  {
    id: "qD25",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Generate a 60-second jingle with a sung chorus that includes our brand name in the lyrics.",
      conditions: [{ requirement: "Output includes sung vocals with lyrics I provide", priority: "must" }],
    },
    relevance: {},
  },
  // Chassis VIN Decoder is the only recall source and "Recall data for European vehicles is not
  // available".
  {
    id: "qD26",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome: "Check whether a 2019 Volkswagen Golf registered in Germany has any open safety recalls, from its VIN.",
      conditions: [{ requirement: "Recall data covers vehicles sold in Europe", priority: "must" }],
    },
    relevance: {},
  },
  // Pixelforge Generate is the only text-to-image service; its cheapest generation offer is $0.04
  // (variations $0.03, and they need a reference image), both above the cap.
  {
    id: "qD27",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Generate a square illustration of a fox reading a newspaper from a text prompt, for a blog header.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
  },
  // Gablework Property Data is the only valuation source; its AVM costs $0.05 and even its cheapest
  // offer is $0.015, above the cap.
  {
    id: "qD28",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome: "Estimate the current market value of a single-family home at a US address for a lending pre-check.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
  },
  // Lumacast is the only text/image-to-video generator; its offers cost $0.45 and $0.35 per clip.
  {
    id: "qD29",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Turn a product photo into a 6-second animated clip for an Instagram story.",
      constraints: { maxPriceUsd: 0.1 },
    },
    relevance: {},
  },
  // Creatorbase Directory is the only source of creator business emails; contact lookup costs
  // $0.03 and its other offer $0.02, both above the cap. Reachgauge has metrics, not contacts.
  {
    id: "qD30",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome: "Find the business contact email of a YouTube creator so our partnership agent can reach out.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
  },

  // ───────────────────────────── fit (40) ─────────────────────────────

  // maps-weather
  {
    id: "qD31",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Every morning, get hourly temperature, rain and wind forecasts for the next 48 hours at about 200 depot coordinates across Europe and the US.",
      conditions: [{ requirement: "Can fetch many coordinates in one request", priority: "prefer" }],
    },
    relevance: { "isobar-weather": 2, "gustline-wind": 1 },
  },
  {
    id: "qD32",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Turn messy shipping addresses typed by customers into latitude/longitude with a confidence score.",
      conditions: [{ requirement: "Batch endpoint taking at least 500 addresses per call", priority: "must" }],
    },
    relevance: { "waypoint-geocode": 2 },
  },
  {
    id: "qD33",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "For a property insurance claim, check whether hail or damaging wind occurred near the insured address on 14 May 2025.",
    },
    relevance: { cirrusline: 2, "stormtrack-labs": 1 },
  },
  {
    id: "qD34",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Our running-coach app should move outdoor workouts when air quality is bad: current AQI and a forecast for the next day.",
      conditions: [{ requirement: "Supports the European CAQI index", priority: "must" }],
    },
    relevance: { "breezepoint-air": 2 },
  },
  {
    id: "qD35",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "High and low tide times for the harbour nearest to a marina for the next week.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "tidewell-marine-forecasts": 2 },
  },
  {
    id: "qD36",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Before booking a call, find the IANA time zone and current UTC offset for a participant's coordinates.",
      constraints: { maxPriceUsd: 0.001 },
    },
    relevance: { "meridian-zones": 2 },
  },

  // web-data
  {
    id: "qD37",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Fetch an article URL and give me the main content as clean Markdown, without navigation and ads, to paste into an LLM prompt.",
    },
    relevance: {
      pagesift: 2,
      "crawlwise-render": 1,
      "crawlwise-extract": 1,
      "trawler-crawl": 1,
      vectorwell: 1,
      "harvestline-proxy": 1,
    },
  },
  // Pagesift and Harvestline fail the must ("JavaScript is not executed"; "does not render
  // JavaScript"); Snapframe renders but returns images/PDFs, not HTML.
  {
    id: "qD38",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Get the fully rendered HTML of a React single-page app after its scripts run, as a human visitor would see it.",
      conditions: [{ requirement: "Executes JavaScript before returning the page", priority: "must" }],
    },
    relevance: { "crawlwise-render": 2, "crawlwise-extract": 1 },
  },
  {
    id: "qD39",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Screen a new payee's name and country against sanctions and PEP lists before releasing a payment.",
      conditions: [{ requirement: "Covers the OFAC and UN consolidated lists", priority: "must" }],
    },
    relevance: { sanctionscan: 2 },
  },
  {
    id: "qD40",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Convert invoice amounts from JPY and BRL to EUR at the rate on the invoice date.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "fxmint-rates": 2 },
  },
  {
    id: "qD41",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Before an outreach campaign, check which of our lead email addresses are deliverable, disposable or role accounts.",
      conditions: [{ requirement: "Must not send any email to the addresses it checks", priority: "must" }],
    },
    relevance: { inboxprobe: 2 },
  },
  {
    id: "qD42",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Track the current price and stock status of 300 competitor product pages on retailer sites for a repricing agent.",
    },
    relevance: {
      pricelens: 2,
      "shelfscan-product-search": 1,
      diffhound: 1,
      "crawlwise-extract": 1,
      "harvestline-proxy": 1,
      "crawlwise-render": 1,
    },
  },

  // search
  {
    id: "qD43",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Find peer-reviewed papers on perovskite solar cell degradation since 2020, with abstracts and who cites them.",
    },
    relevance: { citegraph: 2, vectorwell: 1, "lumen-index": 1 },
  },
  {
    id: "qD44",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Monitor news coverage of a product recall in German, French and Spanish media, grouped by story.",
    },
    relevance: { "brightwater-news-search": 2, "mentionmill-monitor": 1, "lumen-index": 1 },
  },
  {
    id: "qD45",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Legal research agent: find court opinions on non-compete enforceability and resolve citations in a memo.",
      conditions: [{ requirement: "Includes UK court opinions as well as US ones", priority: "must" }],
    },
    relevance: { casebrook: 2 },
  },
  {
    id: "qD46",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Find real-world code examples that call a specific SDK method, in TypeScript repositories.",
      conditions: [{ requirement: "Each hit shows the repository license", priority: "must" }],
    },
    relevance: { codetrawl: 2 },
  },
  // Vectorwell ($0.005) and Answerline ($0.015) exceed the cap; news-only and forum-only search
  // within the cap are partial.
  {
    id: "qD47",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "General web search for a RAG agent: ranked results with snippets and publication dates for arbitrary questions.",
      constraints: { maxPriceUsd: 0.004 },
    },
    relevance: { "lumen-index": 2, "brightwater-news-search": 1, threadseek: 1 },
  },
  {
    id: "qD48",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Find available hotels near the Barcelona convention centre for 3 nights in March with nightly rates and cancellation terms.",
      conditions: [{ requirement: "Can complete the booking through the API", priority: "prefer" }],
    },
    relevance: { "staybird-lodging-search": 2 },
  },

  // media
  {
    id: "qD49",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Transcribe recorded doctor-patient consultations with speaker labels for our clinical notes agent.",
      conditions: [{ requirement: "Vendor signs a HIPAA business associate agreement", priority: "must" }],
    },
    relevance: { "scribewell-transcribe": 2 },
  },
  {
    id: "qD50",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Remove the background from product photos for marketplace listings and return transparent PNGs, about 20 at a time.",
    },
    relevance: { "matte-studio": 2, "pixelforge-edit": 1 },
  },
  {
    id: "qD51",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Turn a 900-character Spanish product description into a natural-sounding MP3 voice-over.",
      constraints: { maxPriceUsd: 0.02 },
    },
    relevance: { "voxmill-tts": 2 },
  },
  {
    id: "qD52",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Produce SRT subtitle files for our tutorial videos so they are accessible.",
    },
    relevance: { captionsmith: 2, "scribewell-transcribe": 2 },
  },
  {
    id: "qD53",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Read photographed shop receipts and pull out merchant, date, tax and total for expense reports.",
    },
    relevance: { "glyphread-ocr": 2, "iris-vlm": 1, "quarry-pdf": 1 },
  },
  {
    id: "qD54",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Screen images uploaded by marketplace sellers for nudity, weapons and hate symbols before they go live.",
    },
    relevance: { "safeframe-moderation": 2, memeindex: 1, "iris-vlm": 1, "facet-vision-tagging": 1 },
  },

  // social
  {
    id: "qD55",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Track what people say about our brand across social networks, blogs and forums, with sentiment and reach.",
    },
    relevance: {
      "mentionmill-monitor": 2,
      "mentionmill-alerts": 1,
      flarewatch: 1,
      chirpgraph: 1,
      "brightwater-news-search": 1,
      threadseek: 1,
    },
  },
  {
    id: "qD56",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Schedule next week's marketing posts with images to our company accounts on several social networks.",
    },
    relevance: { postwright: 2 },
  },
  {
    id: "qD57",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Vet influencers before a campaign: audience size, engagement rate, and how many of their followers look fake.",
    },
    relevance: { reachgauge: 2, "authentica-signals": 1, "kinship-graph": 1 },
  },
  // Labelhouse could classify against sentiment labels; its languages are not documented.
  {
    id: "qD58",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Score the sentiment of thousands of short Japanese social posts about our app, including sarcastic ones.",
      conditions: [{ requirement: "Supports Japanese", priority: "must" }],
    },
    relevance: { sentimentry: 2, labelhouse: 1 },
  },
  {
    id: "qD59",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Check whether claims in a viral post have already been fact-checked by professional fact-checkers.",
    },
    relevance: { "claimcheck-social": 2, corroborate: 1 },
  },

  // storage
  {
    id: "qD60",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Upload a 50 MB PDF report my agent generated and get a stable download URL that lasts about a month, without creating an account.",
    },
    relevance: {
      "vaultline-blob": 2,
      "ferry-files": 1,
      "gantry-cdn": 1,
      "pinwheel-ipfs": 1,
      "vaultline-sites": 1,
    },
  },
  {
    id: "qD61",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Keep small pieces of state (cursors, counters) between agent runs, with expiry on some keys.",
    },
    relevance: { "keystone-kv": 2, "hotshelf-cache": 1, "folio-docs": 1, "shardbase-sql": 1 },
  },
  {
    id: "qD62",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Keep tamper-proof records of our agent's decisions for auditors, stored permanently so nobody can alter or delete them.",
    },
    relevance: { "arkive-permanent": 2, "tallyhall-logs": 1, stampwell: 1, "coldstack-archive": 1 },
  },
  {
    id: "qD63",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Store third-party API keys encrypted and let my agent fetch them at runtime instead of keeping them in prompts.",
      conditions: [{ requirement: "Vendor will sign a HIPAA BAA", priority: "must" }],
    },
    relevance: { "lockbox-secrets": 2 },
  },
  {
    id: "qD64",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Give each analysis task its own SQL database I can create, query and export over HTTP.",
      conditions: [{ requirement: "Data can be kept inside the EU", priority: "prefer" }],
    },
    relevance: { "shardbase-sql": 2, "tabletop-datasets": 1 },
  },

  // ai-models
  // Switchyard routes chat requests but tool calling is not documented for it, hence 1.
  {
    id: "qD65",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "A chat-completions endpoint with tool calling for my agent loop, payable per request without an API key.",
      conditions: [{ requirement: "Prompts are not used for training", priority: "prefer" }],
    },
    relevance: { "cortexa-inference": 2, "switchyard-router": 1 },
  },
  {
    id: "qD66",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Translate customer support tickets from English into German and Japanese using our product glossary.",
    },
    relevance: { "tesserae-translate": 2, "cortexa-inference": 1 },
  },
  {
    id: "qD67",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Mask names, emails, phone numbers and IBANs in customer chats before passing them to another model.",
      conditions: [{ requirement: "Does not keep a copy of the text I send", priority: "must" }],
    },
    relevance: { "blackline-pii": 2 },
  },
  {
    id: "qD68",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Turn free-text order emails into JSON records that validate against my schema (customer, items, quantities, delivery date).",
    },
    relevance: { schemafy: 2, "cortexa-inference": 1, "pebble-lm": 1, entitygrid: 1 },
  },
  // Cortexa Inference is priced per ~1,000 tokens, so a 120-page report is far above the cap.
  {
    id: "qD69",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "Summarize a 120-page annual report into a one-page executive brief with page references.",
      constraints: { maxPriceUsd: 0.05 },
    },
    relevance: { precis: 2 },
  },
  {
    id: "qD70",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Suggest ICD-10-CM codes from discharge summaries for our billing agent.",
      conditions: [{ requirement: "Vendor signs HIPAA business associate agreements", priority: "must" }],
    },
    relevance: { "medlex-clinical-nlp": 2 },
  },

  // ───────────────────────────── vendor-name (10) ─────────────────────────────
  {
    id: "qD71",
    kind: "vendor-name",
    split: "dev",
    request: { outcome: "Isobar Weather hourly forecast for a coordinate" },
    relevance: { "isobar-weather": 2 },
  },
  {
    id: "qD72",
    kind: "vendor-name",
    split: "heldout",
    request: { outcome: "crawlwize render api - need the rendered html of a page" },
    relevance: { "crawlwise-render": 2, "crawlwise-extract": 1 },
  },
  {
    id: "qD73",
    kind: "vendor-name",
    split: "dev",
    request: { outcome: "Set up a Mentionmil alert rule that pings my webhook when our brand spikes" },
    relevance: { "mentionmill-alerts": 2, "mentionmill-monitor": 1 },
  },
  {
    id: "qD74",
    kind: "vendor-name",
    split: "heldout",
    request: { outcome: "Use Pixelforge to inpaint a masked area of a product photo" },
    relevance: { "pixelforge-edit": 2 },
  },
  {
    id: "qD75",
    kind: "vendor-name",
    split: "dev",
    request: { outcome: "Lumen Index image search for pictures of red-brick warehouses" },
    relevance: { "lumen-index-images": 2 },
  },
  {
    id: "qD76",
    kind: "vendor-name",
    split: "heldout",
    request: { outcome: "Deploy a zip of static files with Vaultline sites" },
    relevance: { "vaultline-sites": 2, "vaultline-blob": 1 },
  },
  {
    id: "qD77",
    kind: "vendor-name",
    split: "dev",
    request: { outcome: "cortexxa batch inference for 5,000 classification prompts" },
    relevance: { "cortexa-batch": 2, "cortexa-inference": 1 },
  },
  {
    id: "qD78",
    kind: "vendor-name",
    split: "heldout",
    request: { outcome: "Tidewel marine wave forecast off the Cornish coast" },
    relevance: { "tidewell-marine-forecasts": 2 },
  },
  {
    id: "qD79",
    kind: "vendor-name",
    split: "dev",
    request: { outcome: "Halvorsen Geophysics earthquake feed: quakes above magnitude 5 near Istanbul this week" },
    relevance: { "quakewatch-feed": 2 },
  },
  {
    id: "qD80",
    kind: "vendor-name",
    split: "heldout",
    request: { outcome: "Scribewel transcription of a 40-minute podcast episode" },
    relevance: { "scribewell-transcribe": 2 },
  },
];

// Labelled evaluation queries for the shortlist search/ranking engine.
//
// Hand-labelled from the deterministic seed catalog (prisma/seed/catalog): descriptions, tags,
// offers, structured facts and evidence sentences. Grades: 2 = directly delivers the outcome,
// 1 = partial fit or usable with extra work; every slug not listed is grade 0. A service that
// violates a constraint (protocol, test status, no offer priced <= maxPriceUsd) or whose facts or
// evidence explicitly contradict a "must" condition is left out (grade 0). Missing information
// about a condition is not a contradiction. When a request explicitly combines several distinct
// tasks, a service that fully covers one of those tasks is graded 2.

import type { EvalQuery } from "./types";

export const EVAL_QUERIES: EvalQuery[] = [
  // ---------------------------------------------------------------- maps-weather
  {
    id: "q01",
    request: {
      outcome:
        "My delivery agent plans tomorrow's van route through 14 stops around Leeds and needs to know, hour by hour, whether it is going to rain at each stop so drivers can load the covered trolleys.",
    },
    relevance: { "isobar-weather": 2 },
  },
  {
    id: "q02",
    request: {
      outcome:
        "We're assessing a candidate wind-farm site and need wind speed and direction at turbine hub height (roughly 100 to 150 metres) for the next few days, not just the 10 m surface wind.",
    },
    relevance: { "gustline-wind": 2, "isobar-weather": 1 },
  },
  {
    id: "q03",
    request: {
      outcome:
        "Clean up our CRM: about 5,000 free-text customer addresses, many with typos, need latitude/longitude plus structured street, city and postcode fields. Sending them in bulk would be ideal.",
    },
    relevance: { "waypoint-geocode": 2, parcelgrid: 1 },
  },
  {
    id: "q04",
    request: {
      outcome:
        "Mortgage pre-check for a single-family home in Houston: I need the regulatory flood-zone designation and flood risk for the address, and an automated valuation with recent comparable sales.",
    },
    relevance: { "floodplain-analytics": 2, "gablework-property-data": 2, parcelgrid: 1 },
  },
  {
    id: "q05",
    request: {
      outcome:
        "Our allergy companion app for users in France and Germany should show today's air quality and the pollen outlook for the next few days at the user's location.",
      conditions: [
        { id: "gdpr", requirement: "Vendor must sign a GDPR data processing agreement", priority: "must" },
        { id: "caqi", requirement: "Air quality must be available on the European CAQI index", priority: "must" },
      ],
    },
    relevance: { "breezepoint-air": 2 },
  },
  {
    id: "q06",
    request: {
      outcome:
        "Sailing off the Brittany coast this weekend: when are high and low tide at Saint-Malo, and how big will the swell and the wind be offshore?",
    },
    relevance: { "tidewell-marine-forecasts": 2, "gustline-wind": 1, "isobar-weather": 1 },
  },
  {
    id: "q07",
    request: {
      outcome:
        "Claims-verification agent: a policyholder says hail damaged their roof at a Denver address on 12 June last year. Confirm what the weather actually was there that day and whether hail fell nearby.",
    },
    relevance: { cirrusline: 2, "stormtrack-labs": 1 },
  },
  {
    id: "q08",
    request: {
      outcome: "isochrone api drive time polygon + travel time matrix",
    },
    relevance: { "lanecraft-routing": 2 },
  },
  {
    id: "q09",
    request: {
      outcome: "metar taf decoded airport weather",
    },
    relevance: { "skyfix-aviation-weather": 2 },
  },
  {
    id: "q10",
    request: {
      outcome:
        "Alert our supply-chain agent whenever an earthquake above magnitude 5 happens within 200 km of our Osaka and Manila warehouses, including how strong the shaking was expected to be at each site.",
    },
    relevance: { "quakewatch-feed": 2 },
  },
  {
    id: "q11",
    request: {
      outcome:
        "Farm assistant: tell the grower when the next suitable window to spray herbicide on a 40-hectare field is, taking wind and rain into account, and how dry the soil is.",
    },
    relevance: { "agrimet-fields": 2, "isobar-weather": 1, "gustline-wind": 1 },
  },
  {
    id: "q12",
    request: {
      outcome:
        "Given a driver's GPS position, tell me which county and ZIP code they are in, and whether they are inside one of our own delivery-zone polygons.",
    },
    relevance: { "perimeter-geofence": 2, "waypoint-geocode": 1 },
  },
  // ---------------------------------------------------------------- web-data
  {
    id: "q13",
    request: {
      outcome:
        "We have about 300 product page URLs from competitor shops. For each page, pull product name, price, currency and stock status into JSON so our repricing agent can use it.",
    },
    relevance: {
      "crawlwise-extract": 2,
      pricelens: 2,
      schemafy: 1,
      "crawlwise-render": 1,
      pagesift: 1,
      "harvestline-proxy": 1,
    },
  },
  {
    id: "q14",
    request: {
      outcome:
        "Ingest an entire developer documentation site (a few hundred pages) into our knowledge base as Markdown, starting from the docs home page and staying on that site.",
    },
    relevance: { "trawler-crawl": 2, pagesift: 1, "crawlwise-render": 1 },
  },
  {
    id: "q15",
    request: {
      outcome:
        "Keep an eye on three competitors' pricing pages and ping our webhook whenever a plan price or the feature list changes, telling us what exactly changed.",
    },
    relevance: { diffhound: 2 },
  },
  {
    id: "q16",
    request: {
      outcome:
        "KYB onboarding for a new UK merchant: confirm the company is registered and active, get its registration number, directors and recent filings.",
    },
    relevance: { "ledgerline-company-data": 2, sanctionscan: 1, "factbase-entities": 1 },
  },
  {
    id: "q17",
    request: {
      outcome:
        "Our invoicing agent has to convert invoice amounts from EUR, GBP and JPY into USD using the rate on each invoice date, some of them from 2019.",
    },
    relevance: { "fxmint-rates": 2 },
  },
  {
    id: "q18",
    request: {
      outcome:
        "Pull the transaction tables out of monthly bank statement PDFs (some are scans) so a bookkeeping agent can reconcile them.",
    },
    relevance: { "quarry-pdf": 2, "glyphread-ocr": 1, pagesift: 1, "iris-vlm": 1 },
  },
  {
    id: "q19",
    request: {
      outcome:
        "For a shipment of ceramic mugs from China to Germany, what HS code applies, and what duty and VAT will the buyer pay on arrival?",
    },
    relevance: { "tariffline-trade-data": 2 },
  },
  {
    id: "q20",
    request: {
      outcome:
        "Monthly portfolio report for 20 US tickers: daily closing prices for the month plus the latest quarterly revenue and net income for each company.",
    },
    relevance: { "tickerlode-market-data": 2, "tenkay-filings": 1 },
  },
  {
    id: "q21",
    request: {
      outcome:
        "Litigation check: has Acme Logistics Inc. been a party to any lawsuits in US federal or state courts in the last five years? I need the docket entries.",
    },
    relevance: { docketline: 2, casebrook: 1 },
  },
  // ---------------------------------------------------------------- search
  {
    id: "q22",
    request: {
      outcome:
        "Our RAG agent needs fresh web search results with page text for grounding, without scraping a consumer search engine.",
    },
    relevance: { "lumen-index": 2, vectorwell: 2, answerline: 1 },
  },
  {
    id: "q23",
    request: {
      outcome:
        "Literature review helper: find the papers that cite a given DOI, with abstracts and links to open-access PDFs.",
    },
    relevance: { citegraph: 2 },
  },
  {
    id: "q24",
    request: {
      outcome:
        "Before we file, check for prior art: here is a two-paragraph description of our invention (a self-cleaning solar panel coating). Find the most similar existing patents and applications.",
    },
    relevance: { patentry: 2, citegraph: 1 },
  },
  {
    id: "q25",
    request: {
      outcome:
        "Our coding agent wants real-world examples of how people call a library function in open-source projects, with file paths and licences.",
    },
    relevance: { codetrawl: 2, threadseek: 1 },
  },
  {
    id: "q26",
    request: {
      outcome:
        "Plan a 4-day trip to Lisbon in May for a client: flights from Boston, a hotel near Alfama with free cancellation, and a couple of concerts or events happening during the stay.",
    },
    relevance: { farecompass: 2, "staybird-lodging-search": 2, "gatherly-events": 2, "locus-atlas": 1 },
  },
  {
    id: "q27",
    request: {
      outcome:
        "Naming a new startup: suggest brandable .com/.io names that are still free and check that the same handle is free on the major social networks.",
    },
    relevance: { namespring: 2, handlecheck: 2 },
  },
  {
    id: "q28",
    request: {
      outcome:
        "A reader sent us a dramatic flood photo. Before publishing, find where else it has appeared online and when it was first seen, to rule out a recycled image.",
    },
    relevance: { "echoframe-reverse-image": 2, "lumen-index-images": 1, provenant: 1 },
  },
  {
    id: "q29",
    request: {
      outcome:
        "Disambiguate names before acting on them: is 'Jaguar' in this sentence the carmaker, the animal or the band? Return a stable identifier for the right one.",
    },
    relevance: { "factbase-entities": 2, entitygrid: 2 },
  },
  {
    id: "q30",
    request: {
      outcome: "PR team wants to know which podcasts mentioned our brand in the last month and at what timestamp.",
    },
    relevance: { "waveform-podcast-search": 2, "mentionmill-monitor": 1 },
  },
  {
    id: "q31",
    request: {
      outcome:
        "Track coverage of the Nordvik/Helios merger in European press in several languages, grouped so that I see each story once rather than 200 near-identical articles.",
    },
    relevance: { "brightwater-news-search": 2, "mentionmill-monitor": 1, "lumen-index": 1 },
  },
  // ---------------------------------------------------------------- media
  {
    id: "q32",
    request: {
      outcome: "Turn the recording of a two-hour board meeting into a written transcript that says who said what.",
    },
    relevance: { "scribewell-transcribe": 2, captionsmith: 1 },
  },
  {
    id: "q33",
    request: {
      outcome:
        "Listing pipeline for our marketplace: for each supplier photo, cut the product out onto a white background, enlarge it to at least 4000 px for zoom, write alt text for accessibility, and host the final image on a fast public URL.",
    },
    relevance: {
      "matte-studio": 2,
      "clarion-upscale": 2,
      "facet-vision-tagging": 2,
      "gantry-cdn": 2,
      "cropshop-transform": 1,
      "pixelforge-edit": 1,
      "iris-vlm": 1,
    },
  },
  {
    id: "q34",
    request: {
      outcome:
        "Need an eye-catching illustration for a blog post about urban beekeeping, made from a text description.",
    },
    relevance: { "pixelforge-generate": 2, "fernleaf-stock-media": 1 },
  },
  {
    id: "q35",
    request: {
      outcome:
        "Read our weekly newsletter aloud as an MP3 in Spanish with a natural-sounding voice; it's around 3,000 words.",
    },
    relevance: { "voxmill-tts": 2 },
  },
  {
    id: "q36",
    request: {
      outcome: "Create SRT subtitle files for our product videos, in English and French.",
    },
    relevance: { captionsmith: 2, "scribewell-transcribe": 1 },
  },
  {
    id: "q37",
    request: {
      outcome:
        "A seller uploaded a 'photo' of a handmade vase that looks synthetic. Can we tell whether it was AI-generated or carries content credentials?",
    },
    relevance: { provenant: 2, "echoframe-reverse-image": 1 },
  },
  {
    id: "q38",
    request: {
      outcome:
        "Before we upload a vlog, find out which songs play in the background so we don't get a copyright strike.",
    },
    relevance: { "soundprint-id": 2 },
  },
  {
    id: "q39",
    request: {
      outcome: "I can't watch this one-hour recorded lecture; give me chapters with timestamps and the key points.",
    },
    relevance: { reelnotes: 2, precis: 1, "scribewell-transcribe": 1 },
  },
  {
    id: "q40",
    request: {
      outcome:
        "Localize our English training videos for staff in Germany and Japan: ideally a dubbed voice track that follows the original speakers' timing.",
    },
    relevance: { dubline: 2, "tesserae-translate": 1, "voxmill-tts": 1, captionsmith: 1 },
  },
  // ---------------------------------------------------------------- social
  {
    id: "q41",
    request: {
      outcome:
        "What are people saying about our new sneaker line across social networks, blogs and news, and is the tone mostly positive or negative?",
    },
    relevance: {
      "mentionmill-monitor": 2,
      chirpgraph: 1,
      sentimentry: 1,
      "mentionmill-alerts": 1,
      flarewatch: 1,
      "brightwater-news-search": 1,
    },
  },
  {
    id: "q42",
    request: {
      outcome:
        "Vet an influencer before a sponsorship: real audience size, engagement rate, growth over the past year and how many of their followers are fake.",
    },
    relevance: { reachgauge: 2, "authentica-signals": 1, "kinship-graph": 1, "creatorbase-directory": 1 },
  },
  {
    id: "q43",
    request: {
      outcome: "whats trending right now in São Paulo — hashtags / topics",
    },
    relevance: { trendpulse: 2, tagsmith: 1 },
  },
  {
    id: "q44",
    request: {
      outcome:
        "Read recent casts in the /base channel on Farcaster and look up the verified wallet addresses of the most active users.",
    },
    relevance: { castline: 2 },
  },
  {
    id: "q45",
    request: {
      outcome:
        "Summarize how App Store and Google Play users rate our banking app, week by week over the last year, and pull the latest reviews.",
    },
    relevance: { reviewharbor: 2, sentimentry: 1 },
  },
  {
    id: "q46",
    request: {
      outcome:
        "A post claiming a city banned bicycles is going viral. Has any fact-checking organisation already looked at this claim?",
    },
    relevance: { "claimcheck-social": 2, corroborate: 1, answerline: 1 },
  },
  {
    id: "q47",
    request: {
      outcome:
        "Crisis comms: push an alert to our webhook within minutes if online chatter about our company suddenly spikes, and tell us what is driving it.",
    },
    relevance: { flarewatch: 2, "mentionmill-alerts": 2, "mentionmill-monitor": 1 },
  },
  {
    id: "q48",
    request: {
      outcome:
        "Which Mastodon / fediverse servers focus on science topics, how big are they, and what are their moderation rules?",
    },
    relevance: { fediscope: 2, chirpgraph: 1 },
  },
  // ---------------------------------------------------------------- storage
  {
    id: "q49",
    request: {
      outcome:
        "My agent generates an HTML dashboard with a few JS and CSS files; publish it at an HTTPS address I can send to the client.",
    },
    relevance: { "vaultline-sites": 2, "gantry-cdn": 1, "vaultline-blob": 1, snipbin: 1 },
  },
  {
    id: "q50",
    request: {
      outcome: "vector db — upsert embeddings, top-k cosine query w/ metadata filter, pay per op",
    },
    relevance: { "quiver-vectors": 2, memoria: 1 },
  },
  {
    id: "q51",
    request: {
      outcome:
        "Our autonomous agent needs somewhere safe to keep third-party API keys so they never appear in prompts, fetched at runtime only by wallets we allow.",
    },
    relevance: { "lockbox-secrets": 2 },
  },
  {
    id: "q52",
    request: {
      outcome:
        "Ad-compliance evidence: capture what a landing page looked like today and keep tamper-evident proof of when we captured it, retrievable years from now.",
    },
    relevance: {
      snapframe: 2,
      "crawlwise-render": 2,
      stampwell: 2,
      "arkive-permanent": 2,
      diffhound: 1,
      "coldstack-archive": 1,
    },
  },
  {
    id: "q53",
    request: {
      outcome:
        "Record every tool call and decision our agents make in a log that cannot be altered afterwards, so auditors can review it.",
    },
    relevance: { "tallyhall-logs": 2, "arkive-permanent": 2, "coldstack-archive": 1 },
  },
  {
    id: "q54",
    request: {
      outcome:
        "Multi-agent setup: a planner hands work items to several worker agents; we need a hosted queue with at-least-once delivery over plain HTTP.",
    },
    relevance: { "relaybox-queues": 2 },
  },
  {
    id: "q55",
    request: {
      outcome: "Upload a 3 GB CSV export and let analysts run SQL against it over HTTP without downloading it.",
    },
    relevance: { "tabletop-datasets": 2 },
  },
  {
    id: "q56",
    request: {
      outcome:
        "Send a 1.2 GB video file to a client with a download link that stops working after three downloads or a week.",
    },
    relevance: { "ferry-files": 2 },
  },
  // ---------------------------------------------------------------- ai-models
  {
    id: "q57",
    request: {
      outcome:
        "Tag 50,000 support tickets into our 12 intent categories overnight as cheaply as possible; speed doesn't matter.",
    },
    relevance: {
      "cortexa-batch": 2,
      labelhouse: 2,
      "pebble-lm": 1,
      sentimentry: 1,
      "cortexa-inference": 1,
    },
  },
  {
    id: "q58",
    request: {
      outcome:
        "Our browsing agent reads arbitrary web pages. Screen that text for hidden instructions and jailbreak attempts before it reaches the model.",
    },
    relevance: { "bulwark-guardrails": 2 },
  },
  {
    id: "q59",
    request: {
      outcome:
        "Review a vendor's master services agreement: extract parties, term, renewal and liability clauses and flag anything risky compared with our standard playbook.",
    },
    relevance: { clauseworks: 2, precis: 1 },
  },
  {
    id: "q60",
    request: {
      outcome:
        "Before our agent sends its answer, check each sentence against the source documents it retrieved and flag anything the sources don't support.",
    },
    relevance: { corroborate: 2 },
  },
  {
    id: "q61",
    request: {
      outcome:
        "Turn inbound emails from customers into CRM records (name, company, requested product, budget, deadline) that always match our JSON schema.",
    },
    relevance: { schemafy: 2, entitygrid: 1, "cortexa-inference": 1, "pebble-lm": 1 },
  },
  {
    id: "q62",
    request: {
      outcome: "Extract the underlying numbers from a bar-chart screenshot in a PDF report as a data series.",
    },
    relevance: { "iris-vlm": 2 },
  },
  {
    id: "q63",
    request: {
      outcome:
        "Build retrieval for 2 million help-centre passages in 9 languages: compute embeddings, store them in an index, and rerank the top candidates for each question.",
    },
    relevance: {
      embedline: 2,
      "quiver-vectors": 2,
      "sortwise-rerank": 2,
      querycraft: 1,
      memoria: 1,
    },
  },
  {
    id: "q64",
    request: {
      outcome:
        "Podcast production agent: clean up the raw interview audio (background hum, uneven volume), produce a transcript with speaker labels, and draft show notes summarizing the episode.",
    },
    relevance: {
      "podpolish-audio": 2,
      "scribewell-transcribe": 2,
      precis: 2,
      captionsmith: 1,
      reelnotes: 1,
      "cortexa-inference": 1,
    },
  },
  {
    id: "q65",
    request: {
      outcome:
        "Pre-acquisition due diligence on a US supplier: registry status and officers, any litigation, and whether the company or its directors appear on sanctions lists.",
    },
    relevance: {
      "ledgerline-company-data": 2,
      docketline: 2,
      sanctionscan: 2,
      casebrook: 1,
      "brightwater-news-search": 1,
      "mentionmill-monitor": 1,
    },
  },
  // ---------------------------------------------------------------- with constraints
  {
    id: "q66",
    request: {
      outcome:
        "Travel-disruption agent: get current conditions and the forecast at departure and arrival airports so we can warn passengers about likely delays.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "skyfix-aviation-weather": 2 },
  },
  {
    id: "q67",
    request: {
      outcome:
        "I need the fully rendered HTML of React single-page apps after JavaScript has run, sometimes after clicking a 'load more' button first.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "crawlwise-render": 2 },
  },
  {
    id: "q68",
    request: {
      outcome:
        "General-purpose chat completions with tool calling for our assistant, using capable open models, no API key sign-up.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "cortexa-inference": 2, "switchyard-router": 2, "theorem-reasoner": 1 },
  },
  {
    id: "q69",
    request: {
      outcome:
        "Translate our product manuals (DOCX, about 40 pages each) into Spanish, Polish and Korean while keeping the layout intact.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "tesserae-translate": 2 },
  },
  {
    id: "q70",
    request: {
      outcome:
        "Find public posts on Bluesky and Mastodon mentioning our token launch, with author and engagement counts.",
      constraints: { protocol: "mpp" },
    },
    relevance: { chirpgraph: 2 },
  },
  {
    id: "q71",
    request: {
      outcome: "Pin NFT metadata JSON and artwork to IPFS and keep it pinned for a year.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "pinwheel-ipfs": 2, "arkive-permanent": 1 },
  },
  {
    id: "q72",
    request: {
      outcome:
        "Turn store addresses into coordinates and, for check-ins, coordinates back into addresses. Only use services you have actually test-called and that returned real output.",
      constraints: { tested: "output" },
    },
    relevance: { "waypoint-geocode": 2 },
  },
  {
    id: "q73",
    request: {
      outcome: "Latest news articles about lithium supply deals from the past week.",
      constraints: { tested: "true" },
    },
    relevance: { "brightwater-news-search": 2, "lumen-index": 1, feedforge: 1 },
  },
  {
    id: "q74",
    request: {
      outcome:
        "Classify short customer chat messages into one of 12 intents, thousands per hour, with low latency. Only services that passed your live test with real output.",
      constraints: { tested: "output" },
    },
    relevance: { "pebble-lm": 2, "cortexa-inference": 2, sentimentry: 1 },
  },
  {
    id: "q75",
    request: {
      outcome:
        "Every morning, get a 7-day daily forecast (highs, lows, chance of rain) for 500 garden-centre locations. Budget is tight.",
      constraints: { maxPriceUsd: 0.002 },
    },
    relevance: { "isobar-weather": 2 },
  },
  {
    id: "q76",
    request: {
      outcome:
        "Score the sentiment of each incoming social media post about our airline; we process millions, so per-call cost must stay tiny.",
      constraints: { maxPriceUsd: 0.001 },
    },
    relevance: { sentimentry: 2, "pebble-lm": 1, labelhouse: 1 },
  },
  {
    id: "q77",
    request: {
      outcome:
        "Strip names, emails, phone numbers and IBANs from customer messages before we forward them to an external LLM.",
      constraints: { maxPriceUsd: 0.001 },
    },
    relevance: { "blackline-pii": 2 },
  },
  {
    id: "q78",
    request: {
      outcome: "Expense agent: read photos of paper receipts and return merchant, date, total and tax.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: { "glyphread-ocr": 2, "quarry-pdf": 1, "iris-vlm": 1 },
  },
  {
    id: "q79",
    request: {
      outcome: "Convert amounts between currencies for multi-currency invoices.",
      constraints: { protocol: "mpp", tested: "output" },
    },
    relevance: { "fxmint-rates": 2 },
  },
  {
    id: "q80",
    request: {
      outcome:
        "Cache responses from expensive paid APIs under a key with a TTL so repeated calls from our agents are de-duplicated.",
      constraints: { maxPriceUsd: 0.0005 },
    },
    relevance: { "hotshelf-cache": 2, "keystone-kv": 1 },
  },
  {
    id: "q81",
    request: {
      outcome: "Remove a stray passer-by from a product lifestyle photo and fill the gap naturally.",
      constraints: { tested: "output", maxPriceUsd: 0.05 },
    },
    relevance: { "pixelforge-edit": 2 },
  },
  // ---------------------------------------------------------------- with conditions
  {
    id: "q82",
    request: {
      outcome: "Transcribe recorded patient intake calls for our clinic's documentation team.",
      conditions: [{ requirement: "Vendor must sign a HIPAA business associate agreement", priority: "must" }],
    },
    relevance: { "scribewell-transcribe": 2, captionsmith: 1 },
  },
  {
    id: "q83",
    request: {
      outcome: "An LLM to summarize customer emails and draft replies for our support desk in Munich.",
      conditions: [
        { id: "eu", requirement: "Data must be processed and kept in the EU", priority: "must" },
        { id: "sla", requirement: "At least 99.9% uptime SLA", priority: "prefer" },
      ],
    },
    relevance: {
      "cortexa-inference": 2,
      "switchyard-router": 2,
      "theorem-reasoner": 1,
      "cortexa-batch": 1,
    },
  },
  {
    id: "q84",
    request: {
      outcome:
        "Convert news article URLs into clean readable text (no menus or ads) so our summarizer can process them.",
      conditions: [{ requirement: "Provider must have a SOC 2 Type II report", priority: "must" }],
    },
    relevance: {
      pagesift: 2,
      "crawlwise-render": 1,
      "crawlwise-extract": 1,
      "trawler-crawl": 1,
      vectorwell: 1,
    },
  },
  {
    id: "q85",
    request: {
      outcome: "Autocomplete and geocode addresses typed by users at checkout.",
      conditions: ["Contractual uptime of at least 99.9%", "p95 latency under 100 ms"],
    },
    relevance: { "waypoint-geocode": 2 },
  },
  {
    id: "q86",
    request: {
      outcome: "Small durable key-value state for our agents between runs (session flags, counters).",
      conditions: [{ requirement: "Data must stay in the EU", priority: "must" }],
    },
    relevance: { "keystone-kv": 2, "shardbase-sql": 1, "folio-docs": 1 },
  },
  {
    id: "q87",
    request: {
      outcome: "Screen user-uploaded profile pictures for nudity and violence before they go live.",
      conditions: [{ requirement: "Uploaded images must not be stored by the vendor", priority: "must" }],
    },
    relevance: { "safeframe-moderation": 2, "iris-vlm": 1 },
  },
  {
    id: "q88",
    request: {
      outcome:
        "Screen payout recipients against OFAC, EU and UN sanctions lists and PEP lists, with fuzzy name matching.",
      conditions: [{ requirement: "ISO 27001 certification", priority: "prefer" }],
    },
    relevance: { sanctionscan: 2 },
  },
  {
    id: "q89",
    request: {
      outcome: "Score sentiment of posts from our firehose in real time — bursts of several thousand posts per minute.",
      conditions: [{ requirement: "Rate limit of at least 1,000 requests per minute", priority: "must" }],
    },
    relevance: { sentimentry: 2, "pebble-lm": 1, "cortexa-inference": 1 },
  },
  {
    id: "q90",
    request: {
      outcome: "Look up company registration details, officers and filings for KYB checks from our Python backend.",
      conditions: [{ requirement: "Official Python SDK", priority: "must" }],
    },
    relevance: { "ledgerline-company-data": 2, "factbase-entities": 1 },
  },
  {
    id: "q91",
    request: {
      outcome: "Crawl a partner's help centre (up to 400 pages) and deliver the pages as Markdown when finished.",
      conditions: [{ requirement: "Must push results to our webhook when the job completes", priority: "must" }],
    },
    relevance: { "trawler-crawl": 2 },
  },
  {
    id: "q92",
    request: {
      outcome: "Translate discharge summaries and patient letters between English, Spanish and Vietnamese.",
      conditions: [
        { requirement: "HIPAA BAA available", priority: "must" },
        { requirement: "EU data residency", priority: "prefer" },
      ],
    },
    relevance: { "tesserae-translate": 2, "cortexa-inference": 1 },
  },
  {
    id: "q93",
    request: {
      outcome:
        "Long-term memory for our Singapore-based assistant: remember user preferences across sessions and recall the relevant ones for each new task.",
      conditions: [{ requirement: "Must serve from the ap-southeast region", priority: "must" }],
    },
    relevance: { memoria: 2, "keystone-kv": 1, "nodegarden-graph": 1 },
  },
  {
    id: "q94",
    request: {
      outcome: "Answer research questions from the web with citations to the pages used.",
      conditions: [{ requirement: "Vendor must not retain our queries or payloads", priority: "must" }],
    },
    relevance: { answerline: 2, vectorwell: 1 },
  },
  {
    id: "q95",
    request: {
      outcome: "Store generated PDF reports and hand out download URLs to customers.",
      conditions: [
        { requirement: "SOC 2 Type II report required", priority: "must" },
        { requirement: "99.9% uptime or better", priority: "prefer" },
      ],
    },
    relevance: { "vaultline-blob": 2, "gantry-cdn": 1, "pinwheel-ipfs": 1, "arkive-permanent": 1 },
  },
  {
    id: "q96",
    request: {
      outcome: "Rerank the top 50 chunks from our keyword search so the best 5 go into the prompt.",
      conditions: [{ requirement: "Uptime SLA of at least 99.9%", priority: "must" }],
    },
    relevance: { "sortwise-rerank": 2, querycraft: 1 },
  },
  // ---------------------------------------------------------------- name lookups
  {
    id: "q97",
    request: { outcome: "Isobar Weather API" },
    relevance: { "isobar-weather": 2, "isobar-climate-normals": 1 },
  },
  {
    id: "q98",
    request: { outcome: "Looking for Crawlwise, the one that extracts JSON from a web page" },
    relevance: { "crawlwise-extract": 2, "crawlwise-render": 1 },
  },
  {
    id: "q99",
    request: { outcome: "scribwell transcription" },
    relevance: { "scribewell-transcribe": 2 },
  },
  {
    id: "q100",
    request: { outcome: "Mentionmill — brand mentions and alerts" },
    relevance: { "mentionmill-monitor": 2, "mentionmill-alerts": 2 },
  },
  {
    id: "q101",
    request: { outcome: "Does Cortexa have a batch API for bulk prompts?" },
    relevance: { "cortexa-batch": 2, "cortexa-inference": 1 },
  },
];

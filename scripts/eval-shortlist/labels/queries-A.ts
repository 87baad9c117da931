import type { EvalQuery } from "./types";

// LABEL-A: buyer requests for ai-models, maps-weather, media and search, labelled from
// the seeded catalog records (prisma/seed/catalog) only. Grades: 2 = directly delivers the outcome, 1 = partial fit or
// usable with extra work; unlisted = 0. Services that violate a constraint or whose record
// explicitly contradicts a "must" condition are left out. No-fit requests were checked against
// all 154 catalogued services.

export const QUERIES_A: EvalQuery[] = [
  // ---------------------------------------------------------------- no-fit
  {
    id: "qA01",
    request: {
      outcome:
        "Our travel agent needs live train departure boards for Berlin Hauptbahnhof and Munich: scheduled and expected departure times, delays and platform changes, via an API we can poll every minute.",
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    id: "qA02",
    request: {
      outcome:
        "Logistics agent: give me the live positions and ETAs of container ships approaching the port of Rotterdam (AIS vessel tracking data), so we can plan truck pickups.",
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    id: "qA03",
    request: {
      outcome:
        "Turn a dozen photos of one sneaker, shot from different angles, into a textured 3D model (GLB file) for the AR product viewer on our shop.",
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    id: "qA04",
    request: {
      outcome:
        "Compose a 30-second radio jingle in which a singer sings our slogan over upbeat music; we will use it commercially.",
      conditions: [{ requirement: "The generated track must contain sung vocals with our lyrics", priority: "must" }],
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    id: "qA05",
    request: {
      outcome:
        "Localize our presenter-led product video into Italian so that it looks native: dubbed voice plus mouth movements that match the Italian audio.",
      conditions: [{ requirement: "Lip movements must be adjusted to match the dubbed audio", priority: "must" }],
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  {
    id: "qA06",
    request: {
      outcome:
        "Our factory in Sendai wants an automated signal a few seconds before strong earthquake shaking arrives, so the production line can stop safely.",
      conditions: [
        { requirement: "Must issue earthquake early warnings before the shaking reaches the site", priority: "must" },
      ],
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    id: "qA07",
    request: {
      outcome:
        "Erase a small coffee stain from the front of a white shirt in our product photo and fill it in so the fabric looks untouched.",
      constraints: { maxPriceUsd: 0.02 },
    },
    relevance: {},
    kind: "no-fit",
    split: "dev",
  },
  {
    id: "qA08",
    request: {
      outcome: "Find the cheapest return flights from Paris to Montreal for any weekend next month.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
    kind: "no-fit",
    split: "heldout",
  },
  // ---------------------------------------------------------------- vendor-name
  {
    id: "qA09",
    request: { outcome: "What does Pixelforge charge for its 2048 px HD image generation?" },
    relevance: { "pixelforge-generate": 2, "pixelforge-edit": 1 },
    kind: "vendor-name",
    split: "dev",
  },
  {
    id: "qA10",
    request: { outcome: "does Tidewell give tide times and sea-surface temperature?" },
    relevance: { "tidewell-marine-forecasts": 2 },
    kind: "vendor-name",
    split: "heldout",
  },
  {
    id: "qA11",
    request: { outcome: "lumen index image search api" },
    relevance: {
      "lumen-index-images": 2,
      "lumen-index": 1,
      "fernleaf-stock-media": 1,
      "echoframe-reverse-image": 1,
    },
    kind: "vendor-name",
    split: "dev",
  },
  {
    id: "qA12",
    request: { outcome: "Sortwise reranker for our RAG pipeline" },
    relevance: { "sortwise-rerank": 2 },
    kind: "vendor-name",
    split: "dev",
  },
  {
    id: "qA13",
    request: { outcome: "Gustline drone flyability score" },
    relevance: { "gustline-wind": 2 },
    kind: "vendor-name",
    split: "heldout",
  },
  // ---------------------------------------------------------------- fit
  {
    id: "qA14",
    request: {
      outcome:
        "Planning a ski weekend near Chamonix: how much snow is on the pistes, how much fresh snow is coming in the next three days, and what is the avalanche danger off-piste?",
    },
    relevance: { "boreal-snowpack": 2, "isobar-weather": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA15",
    request: {
      outcome:
        "Our home-battery agent needs a 15-minute solar irradiance forecast for the next two days and the expected kWh from a 6 kWp rooftop system so it can decide when to charge.",
      constraints: { tested: "output" },
    },
    relevance: { "sunfield-irradiance": 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA16",
    request: {
      outcome:
        "Underwriting check for a house in Tampa, Florida: what is its regulatory flood zone and how high above sea level is the lot? We only have the street address.",
    },
    relevance: { "floodplain-analytics": 2, "contourline-elevation": 2, "waypoint-geocode": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA17",
    request: {
      outcome:
        "Patient-matching assistant: list clinical trials currently recruiting adults with type 1 diabetes near Madrid, with each trial's inclusion and exclusion criteria.",
      conditions: [{ requirement: "Vendor signs a GDPR data processing agreement", priority: "must" }],
    },
    relevance: { "cohortly-trials-search": 2 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qA18",
    request: {
      outcome:
        "Pull the Risk Factors section of a company's latest 10-K and find passages that mention supply-chain disruption.",
      constraints: { protocol: "mpp" },
    },
    relevance: { "tenkay-filings": 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA19",
    request: {
      outcome: "Transcribe recorded customer-support calls in German with who-said-what, for quality review.",
      conditions: [{ requirement: "All call data must stay inside the EU", priority: "must" }],
    },
    relevance: { "scribewell-transcribe": 2, captionsmith: 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA20",
    request: {
      outcome: "Make old low-resolution product photos print-ready: enlarge them 4x and clean up JPEG noise.",
      constraints: { maxPriceUsd: 0.03 },
    },
    relevance: { "clarion-upscale": 2, "cropshop-transform": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA21",
    request: {
      outcome:
        "Produce SRT subtitles for our English training videos and a Portuguese version of the same subtitles with the timings preserved.",
    },
    relevance: { captionsmith: 2, "scribewell-transcribe": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA22",
    request: {
      outcome:
        "Mask names, email addresses, phone numbers and IBANs in support tickets before our agent forwards them to an outside model.",
      conditions: [{ requirement: "The vendor must not keep our ticket text after answering", priority: "must" }],
    },
    relevance: { "blackline-pii": 2 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qA23",
    request: {
      outcome:
        "Compute vector embeddings for about 200,000 product descriptions in French and German so we can build semantic search over our catalogue.",
      conditions: [{ requirement: "ISO 27001 certified vendor", priority: "prefer" }],
    },
    relevance: { embedline: 2 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA24",
    request: {
      outcome:
        "A student submitted a proof for an olympiad geometry problem; check it carefully for mistakes and say whether the conclusion holds.",
      conditions: [{ requirement: "Can be paid with MPP", priority: "prefer" }],
    },
    relevance: { "theorem-reasoner": 2, "cortexa-inference": 1, "switchyard-router": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA25",
    request: {
      outcome:
        "Our printer-support bot keeps seeing error code E-502 on one model. Find discussions where real users describe what fixed it.",
    },
    relevance: { threadseek: 2, boardkeeper: 1, "lumen-index": 1, answerline: 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qA26",
    request: {
      outcome:
        "For a GPS point from a field technician, tell me the county it falls in, the local IANA time zone and when the next daylight-saving change happens.",
    },
    relevance: { "perimeter-geofence": 2, "meridian-zones": 2, "waypoint-geocode": 1 },
    kind: "fit",
    split: "dev",
  },
  {
    id: "qA27",
    request: {
      outcome: "Write screen-reader alt text for about 10,000 images in our Spanish-language CMS.",
      conditions: [{ requirement: "Alt text must be available in Spanish", priority: "must" }],
    },
    relevance: { "facet-vision-tagging": 2, "iris-vlm": 1 },
    kind: "fit",
    split: "heldout",
  },
  {
    id: "qA28",
    request: {
      outcome:
        "Find open government datasets with monthly electricity prices for EU countries, ideally as CSV, and show me the columns before I download.",
      constraints: { tested: "true" },
    },
    relevance: { tabulary: 2, "lumen-index": 1 },
    kind: "fit",
    split: "dev",
  },
];

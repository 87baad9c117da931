import type { Company, VendorSpec } from "./spec";
import { get, post } from "./spec";

const LUMEN: Company = { slug: "lumen-index", name: "Lumen Index", domain: "lumenindex.com" };

export const SEARCH_VENDORS: VendorSpec[] = [
  {
    slug: "lumen-index",
    name: "Lumen Index",
    domain: "lumenindex.com",
    company: LUMEN,
    topic: "search",
    what: "web results",
    description:
      "An independent web search index of 14 billion pages, returning ranked results with snippets, dates and optional page text. Designed for research and RAG agents that need fresh results without scraping a consumer search engine.",
    tags: ["web-search", "serp", "rag", "index"],
    evidence: [
      "The index is refreshed continuously, and news sites are recrawled every 15 minutes.",
      "Results can be filtered by site, language, country and date range.",
      "Safe search is on by default and can be turned off per request.",
      "Page text is truncated at 20,000 characters per result.",
    ],
    offers: [
      get("/v1/search", "0.003", "Ranked web results with titles, URLs, snippets and published dates.", {
        q: "heat pump efficiency cold climate",
        count: "10",
        freshness: "month",
      }),
      get("/v1/search/full", "0.008", "Web results with extracted page text for the top results.", {
        q: "EU AI Act obligations for deployers",
        count: "5",
      }),
      get("/v1/suggest", "0.0005", "Query autocompletion suggestions.", { q: "best budget mechan" }),
      post("/v1/search/batch", "0.025", "Runs up to 10 queries in one request.", {
        queries: ["x402 payment protocol", "USDC settlement fees on Base"],
        count: 5,
      }),
    ],
  },
  {
    slug: "lumen-index-images",
    name: "Lumen Index Images",
    domain: "lumenindex.com",
    api: "https://images.lumenindex.com",
    docs: "https://docs.lumenindex.com/images",
    company: LUMEN,
    topic: "search",
    what: "image results",
    also: "media",
    description:
      "Image search over the Lumen Index crawl, returning image URLs, dimensions, source pages and license hints. For agents assembling illustrations or checking where an image appears.",
    tags: ["image-search", "images", "licensing"],
    evidence: [
      "License hints are detected from page markup and are not legal advice.",
      "Thumbnails are served from Lumen's cache; full images link to the original host.",
    ],
    offers: [
      get("/v1/images", "0.004", "Image results for a query with thumbnail and source page.", {
        q: "red panda sleeping",
        count: "20",
        license: "cc",
      }),
      get("/v1/images/similar", "0.006", "Visually similar images for an image URL.", {
        url: "https://example.com/img/sofa.jpg",
        count: "10",
      }),
    ],
  },
  {
    slug: "brightwater-news-search",
    name: "Brightwater News Search",
    domain: "brightwaternews.com",
    topic: "search",
    what: "news results",
    description:
      "Searches news articles from 38,000 publishers in 40 languages, with entity tags, sentiment and deduplicated story clusters. Built for media-monitoring and market-research agents.",
    tags: ["news", "news-search", "media-monitoring", "multilingual"],
    evidence: [
      "Articles are searchable within about 5 minutes of publication.",
      "Full article text is not returned for paywalled publishers; only title, summary and URL are given.",
      "Archive depth is 24 months.",
    ],
    offers: [
      get("/v2/articles", "0.004", "Articles matching a query, language and date range.", {
        q: "lithium supply chain",
        lang: "en",
        from: "2026-10-01",
      }),
      get("/v2/clusters", "0.006", "Story clusters grouping coverage of the same event.", {
        q: "central bank rate decision",
        from: "2026-10-25",
      }),
      get("/v2/headlines", "0.002", "Top headlines for a country and category.", {
        country: "in",
        category: "business",
      }),
    ],
  },
  {
    slug: "citegraph",
    name: "Citegraph",
    domain: "citegraph.io",
    topic: "search",
    what: "paper search results",
    description:
      "Search across 240 million scholarly papers with abstracts, authors, venues and citation links. For literature-review and scientific-research agents.",
    tags: ["academic", "papers", "citations", "research"],
    evidence: [
      "Open-access full text is linked for about 38% of papers.",
      "Citation contexts are available only for papers with parsed full text.",
      "Metadata is refreshed weekly from publishers and preprint servers.",
    ],
    offers: [
      get("/v1/papers/search", "0.002", "Papers matching a query, with year and field filters.", {
        q: "graph neural networks molecule property prediction",
        year_from: "2022",
      }),
      get("/v1/papers/details", "0.001", "Metadata, abstract and open-access PDF link for a paper by DOI.", {
        doi: "10.1038/s41586-021-03819-2",
      }),
      get("/v1/papers/citations", "0.003", "Papers citing a given paper, with citation contexts.", {
        doi: "10.48550/arXiv.1706.03762",
        limit: "50",
      }),
    ],
  },
  {
    slug: "codetrawl",
    name: "Codetrawl",
    domain: "codetrawl.dev",
    topic: "search",
    what: "code search hits",
    description:
      "Regex and semantic code search across 30 million public repositories, returning file paths, line numbers and licenses. Coding agents use it to find real-world usage examples of an API.",
    tags: ["code-search", "repositories", "developer-tools", "regex"],
    evidence: [
      "Only repositories with an OSI-approved license are indexed.",
      "The index is rebuilt every 48 hours, so very recent commits may be missing.",
      "Files larger than 1 MB and generated files are skipped.",
    ],
    offers: [
      get("/v1/code/search", "0.003", "Exact, regex or semantic code search with language and license filters.", {
        q: 'createHash("sha256")',
        lang: "typescript",
        mode: "exact",
      }),
      get("/v1/code/file", "0.001", "Raw content and metadata for a file hit.", {
        repo: "example/widgets",
        path: "src/index.ts",
        ref: "main",
      }),
      post("/v1/code/semantic", "0.006", "Natural-language search for code that does something.", {
        query: "retry with exponential backoff on HTTP 429",
        language: "python",
        limit: 10,
      }),
    ],
  },
  {
    slug: "patentry",
    name: "Patentry",
    domain: "patentry.com",
    topic: "search",
    what: "patent search results",
    description:
      "Full-text search of patent publications from 100 patent offices, with machine-translated English text. For freedom-to-operate, prior-art and R&D agents.",
    tags: ["patents", "prior-art", "ip", "research"],
    evidence: [
      "Full text is covered for US, EP, WO, CN, JP and KR publications.",
      "Machine translations are provided for non-English documents.",
      "Legal status data is updated monthly and may lag official registers.",
    ],
    offers: [
      get("/v1/patents/search", "0.01", "Patents matching keywords, CPC classes, assignees and dates.", {
        q: "solid-state battery sulfide electrolyte",
        cpc: "H01M",
        from: "2018-01-01",
      }),
      get("/v1/patents/document", "0.005", "Claims, description and family members for a publication number.", {
        number: "US11234567B2",
      }),
      post("/v1/patents/similar", "0.04", "Finds patents semantically similar to a text description of an invention.", {
        text: "A drone docking station that swaps batteries using a rotating carousel.",
        limit: 25,
      }),
    ],
  },
  {
    slug: "shelfscan-product-search",
    name: "Shelfscan Product Search",
    domain: "shelfscan.io",
    topic: "search",
    what: "product results",
    also: "web-data",
    description:
      "Product search across 600 retailers with price, rating and availability in each result. For shopping assistants and procurement agents comparing options.",
    tags: ["product-search", "shopping", "ecommerce", "comparison"],
    evidence: [
      "Product coverage is strongest in the US, UK, Germany and Canada.",
      "Prices are refreshed every 6 hours for popular products and daily for others.",
    ],
    offers: [
      get("/v1/products/search", "0.004", "Products matching a query with the best price per retailer.", {
        q: "27 inch 4k monitor usb-c",
        country: "us",
        sort: "price",
      }),
      get("/v1/products/reviews", "0.003", "Aggregated rating and review snippets for a product.", {
        product_id: "ss_27uq850",
      }),
    ],
  },
  {
    slug: "answerline",
    name: "Answerline",
    domain: "answerline.ai",
    topic: "search",
    what: "cited answers",
    also: "ai-models",
    description:
      "An answer engine: ask a question and get a concise answer with numbered citations to the web pages it used. For agents that need a grounded answer rather than a list of links.",
    tags: ["answer-engine", "citations", "rag", "qa"],
    evidence: [
      "Every sentence in an answer is linked to at least one cited source.",
      "When sources disagree, the answer says so instead of picking one.",
      "Deep research answers stream progress events over server-sent events.",
      "Answers are written in the language of the question for 30 languages.",
    ],
    offers: [
      get("/v1/answer", "0.015", "Concise answer with inline citations for a question.", {
        q: "What is the maximum payload of a standard 20-foot shipping container?",
      }),
      post(
        "/v1/answer/deep",
        "0.12",
        "Multi-step research answer that reads up to 30 sources.",
        {
          question: "Compare the battery warranties of the three best-selling EVs in Norway in 2026.",
          max_sources: 30,
        },
        true,
      ),
    ],
  },
  {
    slug: "vectorwell",
    name: "Vectorwell",
    domain: "vectorwell.dev",
    topic: "search",
    what: "semantic search results",
    description:
      "Neural web search that matches meaning rather than keywords, plus 'find similar pages' for a URL. For agents exploring a topic or looking for lookalike companies and articles.",
    tags: ["semantic-search", "neural-search", "similarity", "embeddings"],
    evidence: [
      "The semantic index covers about 2 billion pages, smaller than keyword indexes.",
      "Queries phrased as descriptions of the ideal page work better than keyword lists.",
      "Results can be restricted to a category such as company, research paper, news or personal blog.",
    ],
    offers: [
      get("/v1/search", "0.005", "Semantic search over the web with optional domain and date filters.", {
        q: "startups building heat batteries for industrial process heat",
        num_results: "10",
      }),
      get("/v1/similar", "0.005", "Pages similar to a given URL.", {
        url: "https://example.com/blog/our-seed-round",
        num_results: "10",
      }),
      post("/v1/contents", "0.002", "Cleaned page text for up to 10 result URLs.", {
        urls: ["https://example.com/a", "https://example.com/b"],
      }),
    ],
  },
  {
    slug: "cohortly-trials-search",
    name: "Cohortly Trials Search",
    domain: "cohortly.org",
    topic: "search",
    what: "clinical trial matches",
    description:
      "Searches registered clinical trials worldwide by condition, intervention, phase, location and recruitment status. For patient-matching, medical-research and pharma-intelligence agents.",
    tags: ["clinical-trials", "healthcare", "research", "medical"],
    evidence: [
      "Trial records are merged from 17 national and international registries.",
      "Eligibility criteria are also returned as structured inclusion and exclusion lists.",
      "The service is for information only and does not provide medical advice.",
    ],
    offers: [
      get("/v1/trials", "0.003", "Trials matching a condition, with filters for phase, status and distance.", {
        condition: "type 2 diabetes",
        status: "recruiting",
        lat: "42.36",
        lon: "-71.06",
        radius_km: "50",
      }),
      get("/v1/trials/detail", "0.002", "Eligibility criteria, arms, sites and contacts for a trial.", {
        id: "NCT01234567",
      }),
    ],
  },
  {
    slug: "casebrook",
    name: "Casebrook",
    domain: "casebrook.law",
    topic: "search",
    what: "case-law results",
    description:
      "Search over court opinions from US federal and state courts and the UK, with citation parsing and 'cited by' counts. For legal-research agents drafting memos.",
    tags: ["case-law", "legal", "opinions", "citations"],
    evidence: [
      "Coverage includes all published US federal appellate opinions since 1950.",
      "Unpublished opinions are included for 22 states.",
      "Casebrook does not flag whether a case has been overruled.",
    ],
    offers: [
      get("/v1/opinions/search", "0.01", "Opinions matching a query with jurisdiction and date filters.", {
        q: "implied warranty of habitability mold",
        jurisdiction: "ca",
        from: "2010-01-01",
      }),
      get("/v1/opinions/text", "0.005", "Full text of an opinion with parsed citations.", { id: "cb_ca_2019_4412" }),
      get("/v1/citations/resolve", "0.001", "Resolves a legal citation string to an opinion.", {
        cite: "410 U.S. 113",
      }),
    ],
  },
  {
    slug: "waveform-podcast-search",
    name: "Waveform Podcast Search",
    domain: "waveformsearch.fm",
    topic: "search",
    what: "transcript matches",
    also: "media",
    description:
      "Searches transcripts of 3 million podcast episodes and returns timestamped matches. For PR, brand-monitoring and research agents tracking what is said on audio.",
    tags: ["podcasts", "transcripts", "audio-search", "media-monitoring"],
    evidence: [
      "New episodes are transcribed within about 6 hours of release.",
      "Transcripts are machine-generated and include word-level timestamps.",
      "Non-English episodes are transcribed in 12 languages.",
    ],
    offers: [
      get("/v1/episodes/search", "0.004", "Episodes whose transcript mentions a query, with timestamps.", {
        q: '"carbon removal" pricing',
        from: "2026-06-01",
      }),
      get("/v1/episodes/transcript", "0.006", "Full transcript of an episode with speaker turns.", {
        id: "wf_ep_88213",
      }),
    ],
  },
  {
    slug: "tabulary",
    name: "Tabulary",
    domain: "tabulary.io",
    topic: "search",
    what: "dataset results",
    description:
      "Search engine for open datasets from government portals, research repositories and statistics offices, with schema previews. For data-analysis agents hunting for a usable CSV.",
    tags: ["datasets", "open-data", "statistics", "discovery"],
    evidence: [
      "The catalog indexes about 6 million datasets from 2,300 portals.",
      "Previews are generated for CSV, JSON and Parquet files under 2 GB.",
    ],
    offers: [
      get("/v1/datasets/search", "0.002", "Datasets matching a query with format and publisher filters.", {
        q: "hourly electricity demand by region",
        format: "csv",
      }),
      get("/v1/datasets/preview", "0.003", "Column names, types and the first 50 rows of a dataset file.", {
        id: "tab_grid_demand_2026",
      }),
    ],
  },
  {
    slug: "tenkay-filings",
    name: "Tenkay Filings",
    domain: "tenkay.io",
    topic: "search",
    what: "filing sections",
    description:
      "Full-text search over US SEC filings since 2001, with section-level results from 10-Ks, 10-Qs and 8-Ks. For financial-research agents answering questions about company disclosures.",
    tags: ["sec-filings", "finance", "disclosures", "full-text-search"],
    evidence: [
      "Filings appear in the index within 10 minutes of publication on EDGAR.",
      "Section splitting is supported for 10-K, 10-Q, 8-K, S-1 and 20-F forms.",
      "Exhibits are indexed, except for XBRL instance files.",
    ],
    offers: [
      get("/v1/filings/search", "0.005", "Filing sections matching a query, with form type and date filters.", {
        q: "going concern substantial doubt",
        forms: "10-K,10-Q",
        from: "2025-01-01",
      }),
      get("/v1/filings/section", "0.003", "Text of a named section, such as Item 1A Risk Factors.", {
        accession: "0000320193-25-000079",
        section: "1A",
      }),
      get("/v1/xbrl/facts", "0.004", "XBRL financial facts reported by a company over time.", {
        cik: "0000789019",
        concept: "Revenues",
      }),
    ],
  },
  {
    slug: "threadseek",
    name: "Threadseek",
    domain: "threadseek.com",
    topic: "search",
    what: "forum threads",
    also: "social",
    description:
      "Searches public forums and community Q&A sites, returning threads with the best answers highlighted. For agents looking for real user experiences and troubleshooting tips.",
    tags: ["forums", "community", "discussions", "q-and-a"],
    evidence: [
      "Threadseek indexes about 14,000 public forums and respects their robots.txt.",
      "Usernames are returned as displayed; email addresses and private messages are never indexed.",
      "Posts deleted at the source are removed from the index within 72 hours.",
    ],
    offers: [
      get("/v1/threads/search", "0.003", "Threads matching a query, ranked by relevance and answer quality.", {
        q: "3d printer layer shifting fix",
        since: "2025-01-01",
      }),
      get("/v1/threads/read", "0.002", "Full thread with posts, authors' display names and vote counts.", {
        id: "ts_f91kdq",
      }),
    ],
  },
  {
    slug: "namespring",
    name: "Namespring",
    domain: "namespring.io",
    topic: "data",
    what: "domain availability checks",
    description:
      "Domain-name availability checks across 700 TLDs and brandable name suggestions from keywords. For naming, branding and startup-assistant agents.",
    tags: ["domains", "availability", "naming", "branding"],
    evidence: [
      "Availability is checked live against registry RDAP and EPP endpoints.",
      "Namespring does not register domains; results link to registrars.",
    ],
    offers: [
      get("/v1/available", "0.001", "Whether a domain is available to register, with a registry premium flag.", {
        domain: "tidepoolrobotics.com",
      }),
      get("/v1/suggest", "0.003", "Up to 50 available name suggestions for keywords.", {
        keywords: "solar,cargo,bike",
        tlds: "com,io,co",
      }),
    ],
  },
  {
    slug: "pantrywise",
    name: "Pantrywise",
    domain: "pantrywise.app",
    topic: "search",
    what: "recipe results",
    description:
      "Recipe search over 1.8 million recipes with ingredients, steps, diets and per-serving nutrition. For meal-planning and grocery agents.",
    tags: ["recipes", "food", "nutrition", "meal-planning"],
    evidence: [
      "Nutrition values are estimates computed from a USDA-derived food database.",
      "Recipe text is returned in English only.",
      "Allergen tags cover the 14 major EU allergens.",
    ],
    offers: [
      get(
        "/v1/recipes/search",
        "0.002",
        "Recipes by query, diet, included and excluded ingredients, and maximum time.",
        { q: "weeknight curry", diet: "vegetarian", exclude: "peanuts", max_minutes: "40" },
      ),
      get("/v1/recipes/detail", "0.001", "Ingredients, steps and nutrition for a recipe.", { id: "pw_r_55102" }),
      post("/v1/nutrition/analyze", "0.004", "Nutrition estimate for a free-text ingredient list.", {
        ingredients: ["2 cups cooked brown rice", "150 g firm tofu", "1 tbsp sesame oil"],
        servings: 2,
      }),
    ],
  },
  {
    slug: "farecompass",
    name: "Farecompass",
    domain: "farecompass.com",
    topic: "search",
    what: "fare quotes",
    description:
      "Flight fare search across 450 airlines with flexible dates and fare-class details. For travel-booking agents; search only, no ticketing.",
    tags: ["flights", "travel", "fares", "airlines"],
    evidence: [
      "Fares are cached for up to 20 minutes, so prices may change before booking.",
      "Farecompass does not issue tickets; each result includes a deep link to book with the airline or agency.",
      "Low-cost carriers that do not distribute fares are missing from results.",
    ],
    offers: [
      get("/v1/flights/search", "0.02", "Priced itineraries for an origin, destination and dates.", {
        from: "LHR",
        to: "JFK",
        depart: "2026-12-12",
        return: "2026-12-19",
        adults: "1",
      }),
      get("/v1/flights/calendar", "0.015", "Lowest fares by day for a month.", {
        from: "SYD",
        to: "NRT",
        month: "2027-02",
      }),
    ],
  },
  {
    slug: "staybird-lodging-search",
    name: "Staybird Lodging Search",
    domain: "staybird.travel",
    topic: "search",
    what: "lodging results",
    description:
      "Hotel and vacation-rental availability search with nightly rates, cancellation policies and review scores. For trip-planning agents.",
    tags: ["hotels", "lodging", "travel", "availability"],
    evidence: [
      "Rates include taxes where the supplier provides them, and a flag says when they do not.",
      "Booking is not available through the API.",
    ],
    offers: [
      get("/v1/stays/search", "0.01", "Available properties near a place for given dates and guests.", {
        near: "Lisbon",
        checkin: "2027-03-10",
        checkout: "2027-03-14",
        guests: "2",
      }),
      get("/v1/stays/rates", "0.005", "Room-level rates and cancellation terms for a property.", {
        id: "sb_h_20931",
        checkin: "2027-03-10",
        checkout: "2027-03-14",
      }),
    ],
  },
  {
    slug: "gatherly-events",
    name: "Gatherly Events",
    domain: "gatherlyevents.com",
    topic: "search",
    what: "event listings",
    description:
      "Search for concerts, conferences, meetups and local events by place, date and category. For concierge and travel agents recommending things to do.",
    tags: ["events", "concerts", "local", "things-to-do"],
    evidence: [
      "Events come from 300 ticketing and listing partners and are deduplicated.",
      "Ticket prices are ranges published by the seller and may exclude fees.",
    ],
    offers: [
      get("/v1/events/search", "0.002", "Events near a location within a date range.", {
        near: "Austin, TX",
        from: "2026-11-05",
        to: "2026-11-09",
        category: "music",
      }),
      get("/v1/events/detail", "0.001", "Venue, times, ticket link and price range for an event.", {
        id: "gt_ev_771920",
      }),
    ],
  },
  {
    slug: "echoframe-reverse-image",
    name: "Echoframe Reverse Image Search",
    domain: "echoframe.io",
    topic: "search",
    what: "reverse image matches",
    also: "media",
    description:
      "Reverse image search: find where an image appears online, its earliest sighting and near-duplicates. For trust-and-safety, journalism and brand-protection agents.",
    tags: ["reverse-image-search", "provenance", "duplicates", "trust-safety"],
    fix: { dataRetentionDays: 0 },
    evidence: [
      "Uploaded images are deleted after processing and never added to the index.",
      "Earliest-sighting dates reflect when Echoframe first crawled a copy, not when the image was created.",
      "Faces are not used for matching.",
    ],
    offers: [
      post("/v1/reverse", "0.02", "Pages where an uploaded or linked image appears, with first-seen dates.", {
        image_url: "https://example.com/uploads/photo.jpg",
        limit: 50,
      }),
      post("/v1/near-duplicates", "0.015", "Near-duplicate and cropped versions of an image.", {
        image_url: "https://example.com/uploads/logo.png",
      }),
    ],
  },
  {
    slug: "factbase-entities",
    name: "Factbase Entities",
    domain: "factbase.dev",
    topic: "search",
    what: "entity lookups",
    description:
      "Knowledge-graph lookup for people, organizations, places and products, with identifiers, aliases and key facts. For agents disambiguating names before acting on them.",
    tags: ["knowledge-graph", "entities", "disambiguation", "identifiers"],
    evidence: [
      "Entities are built from open knowledge bases and public registries.",
      "Every fact includes a reference to its source.",
    ],
    offers: [
      get("/v1/entities/search", "0.001", "Candidate entities for a name with types and descriptions.", {
        q: "Mercury",
        type: "any",
        limit: "10",
      }),
      get("/v1/entities/detail", "0.001", "Facts, aliases and external identifiers for an entity.", {
        id: "fb_Q11421",
      }),
    ],
  },
];

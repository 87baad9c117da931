import type { Company, VendorSpec } from "./spec";
import { get, getDyn, post } from "./spec";

const CRAWLWISE: Company = { slug: "crawlwise", name: "Crawlwise", domain: "crawlwise.io" };

export const WEB_DATA_VENDORS: VendorSpec[] = [
  {
    slug: "crawlwise-render",
    name: "Crawlwise Render",
    domain: "crawlwise.io",
    api: "https://render.crawlwise.io",
    docs: "https://docs.crawlwise.io/render",
    company: CRAWLWISE,
    topic: "scrape",
    what: "rendered pages",
    description:
      "Headless-browser rendering for JavaScript-heavy pages: returns the final HTML, a screenshot or both after scripts run. Built for agents that need the page a human would actually see.",
    tags: ["headless-browser", "rendering", "javascript", "scraping"],
    evidence: [
      "Pages are given up to 30 seconds to load before the request fails with a timeout error.",
      "Rendered HTML is cached for 5 minutes per URL unless cache=false is passed.",
      "The service honours robots.txt by default and refuses disallowed paths.",
      "CAPTCHA solving is not supported.",
    ],
    offers: [
      get("/v1/render", "0.004", "Renders a URL in headless Chromium and returns the final HTML.", {
        url: "https://example.com/pricing",
        wait_for: "networkidle",
      }),
      get("/v1/screenshot", "0.005", "Full-page or viewport PNG screenshot of a rendered URL.", {
        url: "https://example.com",
        full_page: "true",
        width: "1366",
      }),
      post(
        "/v1/render/actions",
        "0.012",
        "Renders a page after running a scripted sequence of clicks, typing and scrolls.",
        {
          url: "https://example.com/search",
          actions: [
            { type: "type", selector: "#q", text: "running shoes" },
            { type: "click", selector: "button[type=submit]" },
            { type: "wait", ms: 1500 },
          ],
        },
      ),
    ],
  },
  {
    slug: "crawlwise-extract",
    name: "Crawlwise Extract",
    domain: "crawlwise.io",
    api: "https://extract.crawlwise.io",
    docs: "https://docs.crawlwise.io/extract",
    company: CRAWLWISE,
    topic: "scrape",
    what: "structured extractions",
    also: "ai-models",
    description:
      "Turns any web page into structured JSON that matches a schema you send, using rendering plus a language model. For agents that want typed fields (prices, names, dates) instead of HTML.",
    tags: ["extraction", "structured-data", "json-schema", "scraping"],
    evidence: [
      "Each extracted field carries a source snippet so callers can verify where the value came from.",
      "Pages longer than about 200,000 characters are truncated before extraction.",
      "Price is dynamic and reflects page length; the listed price is the typical cost for a page under 50 KB.",
      "The extractor returns null for fields it cannot find rather than guessing.",
    ],
    offers: [
      post(
        "/v2/extract",
        "0.02",
        "Extracts fields matching a JSON Schema from a URL.",
        {
          url: "https://example.com/product/123",
          schema: {
            type: "object",
            properties: {
              name: { type: "string" },
              price: { type: "number" },
              currency: { type: "string" },
              in_stock: { type: "boolean" },
            },
          },
        },
        true,
      ),
      post(
        "/v2/extract/list",
        "0.04",
        "Extracts a list of repeated items, such as search results or listings, from a page.",
        {
          url: "https://example.com/jobs",
          item_schema: { type: "object", properties: { title: { type: "string" }, location: { type: "string" } } },
          max_items: 50,
        },
        true,
      ),
    ],
  },
  {
    slug: "pagesift",
    name: "Pagesift",
    domain: "pagesift.com",
    topic: "scrape",
    what: "Markdown conversions",
    description:
      "Converts a URL into clean Markdown or plain text with boilerplate, navigation and ads removed. A cheap first step for agents feeding pages into an LLM context window.",
    tags: ["markdown", "readability", "content-extraction", "llm-ready"],
    evidence: [
      "JavaScript is not executed, so single-page applications may return little content.",
      "Tables are converted to GitHub-flavoured Markdown tables.",
      "PDF URLs are detected and converted to text automatically.",
    ],
    offers: [
      get("/v1/markdown", "0.001", "Fetches a URL and returns the main content as Markdown with title and byline.", {
        url: "https://example.com/blog/how-we-ship",
      }),
      get("/v1/text", "0.0008", "Plain-text main content, optionally truncated to a token budget.", {
        url: "https://example.com/docs/getting-started",
        max_tokens: "4000",
      }),
      post("/v1/markdown/batch", "0.015", "Converts up to 25 URLs in one request.", {
        urls: ["https://example.com/a", "https://example.com/b"],
      }),
    ],
  },
  {
    slug: "harvestline-proxy",
    name: "Harvestline Proxy",
    domain: "harvestline.net",
    topic: "scrape",
    what: "proxied fetches",
    description:
      "Fetches pages through a rotating pool of residential and datacenter IPs in 60 countries, with per-request country targeting. For price-monitoring and SERP agents that get blocked from cloud IPs.",
    tags: ["proxy", "residential-ip", "geo-targeting", "scraping"],
    evidence: [
      "Fetches that end in a block page are retried up to three times at no extra charge.",
      "Response bodies larger than 10 MB are truncated.",
      "The service does not render JavaScript; pair it with a rendering API for dynamic pages.",
    ],
    offers: [
      get("/v1/fetch", "0.003", "Fetches a URL through a datacenter IP in the chosen country.", {
        url: "https://example.com/product/991",
        country: "de",
      }),
      get(
        "/v1/fetch/residential",
        "0.009",
        "Fetches a URL through a residential IP, with automatic retries on blocks.",
        { url: "https://example.com/search?q=laptop", country: "jp" },
      ),
      post("/v1/fetch/session", "0.02", "Keeps the same exit IP and cookies across up to 10 sequential requests.", {
        country: "us",
        requests: [{ url: "https://example.com/login" }, { url: "https://example.com/account" }],
      }),
    ],
  },
  {
    slug: "trawler-crawl",
    name: "Trawler Crawl",
    domain: "trawlercrawl.dev",
    topic: "scrape",
    what: "site crawls",
    description:
      "Asynchronous multi-page crawls: give it a start URL and rules, get back every matching page as Markdown or HTML. Aimed at agents building knowledge bases from documentation sites.",
    tags: ["crawler", "site-crawl", "async", "knowledge-base"],
    fix: { webhooks: true, dataRetentionDays: 7 },
    evidence: [
      "A finished crawl can post its results to a webhook URL.",
      "Crawl results are kept for 7 days and then deleted.",
      "The crawler stays on the start URL's host unless cross-domain crawling is enabled.",
    ],
    offers: [
      post(
        "/v1/crawls",
        "0.25",
        "Starts a crawl of up to 500 pages from a start URL with include and exclude patterns.",
        {
          start_url: "https://docs.example.com",
          include: ["/docs/**"],
          max_pages: 200,
          format: "markdown",
          webhook_url: "https://example.com/hooks/crawl",
        },
        true,
      ),
      get("/v1/crawls/status", "0.0005", "Progress and page count for a crawl job.", { id: "crw_7Yc2q" }),
      get("/v1/crawls/results", "0.002", "A page of results from a finished crawl.", {
        id: "crw_7Yc2q",
        cursor: "0",
        limit: "50",
      }),
    ],
  },
  {
    slug: "pricelens",
    name: "Pricelens",
    domain: "pricelens.io",
    topic: "data",
    what: "price and availability records",
    description:
      "Product price, availability and seller data from 1,200 online retailers, normalized into one schema. For shopping, repricing and procurement agents.",
    tags: ["ecommerce", "prices", "products", "retail"],
    evidence: [
      "Price history is available for products tracked for at least 30 days.",
      "Currencies are returned as ISO 4217 codes, with prices in minor units.",
      "Marketplace listings from individual sellers are excluded.",
    ],
    offers: [
      get("/v1/product", "0.005", "Normalized price, currency, stock status and seller for a product page URL.", {
        url: "https://shop.example.com/p/usb-c-charger-65w",
      }),
      get("/v1/offers", "0.008", "All current seller offers for a GTIN or EAN across indexed retailers.", {
        gtin: "0194252707002",
        country: "us",
      }),
      get("/v1/history", "0.01", "Daily price history for a GTIN over up to 365 days.", {
        gtin: "4006381333931",
        days: "90",
      }),
    ],
  },
  {
    slug: "ledgerline-company-data",
    name: "Ledgerline Company Data",
    domain: "ledgerline.co",
    topic: "data",
    what: "company registry profiles",
    description:
      "Firmographic data for 80 million companies from official registries: legal name, registration number, officers, status and filings. For KYB, sales-research and due-diligence agents.",
    tags: ["company-data", "kyb", "registries", "firmographics"],
    evidence: [
      "Data are sourced from 140 official company registries.",
      "UK and Irish records update daily; most other jurisdictions update weekly.",
      "Beneficial-ownership data is not included.",
    ],
    offers: [
      get("/v1/companies/search", "0.003", "Searches registered companies by name and jurisdiction.", {
        q: "Acme Robotics",
        jurisdiction: "gb",
      }),
      get(
        "/v1/companies/profile",
        "0.01",
        "Registry profile with status, address, SIC/NACE codes and incorporation date.",
        { id: "gb-12345678" },
      ),
      get("/v1/companies/officers", "0.01", "Current and former officers and directors.", { id: "gb-12345678" }),
      get("/v1/companies/filings", "0.006", "List of registry filings with dates and document links.", {
        id: "de-HRB-123456",
        limit: "20",
      }),
    ],
  },
  {
    slug: "rootzone-intel",
    name: "Rootzone Intel",
    domain: "rootzoneintel.com",
    topic: "data",
    what: "domain and DNS records",
    description:
      "Domain intelligence: RDAP registration data, DNS records, TLS certificate details and detected web technologies for any domain. Used by security-triage and lead-qualification agents.",
    tags: ["domains", "dns", "whois", "tech-stack"],
    evidence: [
      "Registrant contact details are redacted wherever the registry redacts them.",
      "Technology detection recognizes about 2,800 technologies.",
      "DNS lookups are live and not cached.",
    ],
    offers: [
      get("/v1/domain", "0.002", "RDAP registration data, registrar and creation date for a domain.", {
        domain: "example.org",
      }),
      get("/v1/dns", "0.0005", "A, AAAA, MX, TXT, NS and CAA records for a domain.", { domain: "example.org" }),
      get("/v1/tech", "0.004", "Web technologies detected on the homepage, such as CMS, analytics and CDN.", {
        domain: "example.com",
      }),
      get("/v1/certs", "0.001", "Current TLS certificate and certificate-transparency history.", {
        domain: "example.net",
      }),
    ],
  },
  {
    slug: "quarry-pdf",
    name: "Quarry PDF",
    domain: "quarrypdf.com",
    topic: "scrape",
    what: "PDF extractions",
    also: "media",
    description:
      "Extracts text, tables and form fields from PDFs, including scanned ones, and returns JSON or Markdown. For finance and legal agents processing invoices, statements and filings.",
    tags: ["pdf", "tables", "ocr", "documents"],
    evidence: [
      "Documents are limited to 300 pages and 50 MB.",
      "The listed price covers up to 20 pages; longer documents are charged in 20-page increments.",
      "OCR supports 24 languages, including Japanese, Arabic and Hindi.",
      "Password-protected PDFs are rejected.",
    ],
    offers: [
      post(
        "/v1/pdf/text",
        "0.005",
        "Text of every page, with OCR applied to scanned pages.",
        { url: "https://example.com/reports/annual-2025.pdf", ocr: "auto" },
        true,
      ),
      post(
        "/v1/pdf/tables",
        "0.015",
        "Tables detected in a PDF as JSON rows and columns.",
        { url: "https://example.com/statements/2026-09.pdf", pages: "1-5" },
        true,
      ),
      post("/v1/pdf/forms", "0.008", "Filled AcroForm field names and values.", {
        url: "https://example.com/forms/w9-signed.pdf",
      }),
    ],
  },
  {
    slug: "feedforge",
    name: "Feedforge",
    domain: "feedforge.dev",
    topic: "scrape",
    what: "normalized feeds",
    description:
      "Normalizes RSS, Atom and JSON Feed into a single schema and discovers feeds for any website. Useful for news-monitoring and digest agents.",
    tags: ["rss", "feeds", "news", "monitoring"],
    evidence: [
      "Feeds are cached for 15 minutes.",
      "Full-text extraction of feed items is not offered; items contain only what the feed publishes.",
    ],
    offers: [
      get("/v1/feed", "0.0005", "Fetches and normalizes a feed URL into a consistent JSON item list.", {
        url: "https://example.com/feed.xml",
        limit: "20",
      }),
      get("/v1/discover", "0.001", "Finds feed URLs advertised by a website.", { site: "example.com" }),
    ],
  },
  {
    slug: "tickerlode-market-data",
    name: "Tickerlode Market Data",
    domain: "tickerlode.com",
    topic: "data",
    what: "delayed quotes and daily bars",
    description:
      "End-of-day and 15-minute-delayed quotes for equities, ETFs and major cryptocurrencies across 30 exchanges. For portfolio, research and reporting agents that do not need real-time data.",
    tags: ["stocks", "market-data", "quotes", "crypto"],
    evidence: [
      "Equity quotes are delayed by 15 minutes; real-time data is not available through this API.",
      "Daily history goes back to 2000 for US listings and 2010 for most other exchanges.",
      "Fundamentals cover about 18,000 listed companies.",
    ],
    offers: [
      get("/v1/quote", "0.001", "Delayed quote with last price, change and volume for a ticker.", {
        symbol: "AAPL",
        exchange: "XNAS",
      }),
      get("/v1/eod", "0.002", "Daily OHLCV bars for a ticker over a date range.", {
        symbol: "VOD.L",
        from: "2026-01-01",
        to: "2026-10-30",
      }),
      get("/v1/fundamentals", "0.008", "Key annual and quarterly financial statement items.", { symbol: "MSFT" }),
      get("/v1/crypto/quote", "0.001", "Aggregated spot price for a crypto pair.", { pair: "ETH-USD" }),
    ],
  },
  {
    slug: "fxmint-rates",
    name: "Fxmint Rates",
    domain: "fxmint.io",
    topic: "data",
    what: "exchange rates",
    description:
      "Foreign-exchange reference rates for 170 currencies, with hourly updates and historical rates back to 1999. For invoicing, pricing and travel agents converting amounts.",
    tags: ["fx", "currency", "exchange-rates", "finance"],
    evidence: [
      "Rates are mid-market reference rates and are not tradable quotes.",
      "Historical rates start on 4 January 1999.",
      "Rates are updated hourly on weekdays and frozen over weekends.",
    ],
    offers: [
      get("/v1/latest", "0.0005", "Latest rates against a base currency.", { base: "USD", symbols: "EUR,GBP,JPY" }),
      get("/v1/convert", "0.0005", "Converts an amount between two currencies at the latest or a historical rate.", {
        from: "EUR",
        to: "BRL",
        amount: "1250.00",
        date: "2026-10-15",
      }),
      get("/v1/timeseries", "0.002", "Daily rates for a currency pair over up to 365 days.", {
        base: "GBP",
        symbol: "INR",
        start: "2026-01-01",
        end: "2026-10-31",
      }),
    ],
  },
  {
    slug: "jobsift-postings",
    name: "Jobsift Postings",
    domain: "jobsift.io",
    topic: "data",
    what: "job postings",
    also: "search",
    description:
      "Job postings aggregated from company career pages and applicant-tracking systems, deduplicated and tagged with salary, seniority and skills. For recruiting, labour-market research and job-search agents.",
    tags: ["jobs", "recruiting", "labour-market", "postings"],
    evidence: [
      "Postings are deduplicated across sources, and each result lists every URL where it appeared.",
      "Salary ranges are present for about 41% of US postings and 18% elsewhere.",
      "Closed postings are removed within 48 hours of disappearing from the source.",
    ],
    offers: [
      get("/v1/jobs/search", "0.004", "Searches open postings by keyword, location and date posted.", {
        q: "data engineer",
        location: "Berlin",
        posted_within_days: "7",
      }),
      get("/v1/jobs/detail", "0.002", "Full description and structured fields for a posting.", { id: "js_4hT9kq2" }),
      get("/v1/companies/hiring", "0.006", "Open posting counts by department for a company domain.", {
        domain: "example.com",
      }),
    ],
  },
  {
    slug: "gablework-property-data",
    name: "Gablework Property Data",
    domain: "gablework.com",
    topic: "data",
    what: "property records and valuations",
    description:
      "Residential property records for the US: sale history, tax assessments, building characteristics and automated valuations. For real-estate, lending and insurance agents.",
    tags: ["real-estate", "property", "valuations", "usa"],
    evidence: [
      "Valuations report a median absolute error of about 6.8% on held-out sales.",
      "Records cover 3,050 US counties; Alaska and Puerto Rico are not covered.",
      "Sale histories go back to 1998 where deed records are digitized.",
    ],
    offers: [
      get("/v1/property", "0.015", "Building characteristics, tax assessment and last sale for an address.", {
        address: "1839 Maple Ave, Evanston, IL 60201",
      }),
      get("/v1/avm", "0.05", "Automated valuation with a confidence range.", {
        address: "88 Harbor View Rd, Portland, ME 04101",
      }),
      get("/v1/comps", "0.03", "Up to 10 comparable recent sales within a radius.", {
        address: "1520 Ocean Dr, Miami Beach, FL 33139",
        radius_mi: "0.5",
      }),
    ],
  },
  {
    slug: "snapframe",
    name: "Snapframe",
    domain: "snapframe.dev",
    topic: "scrape",
    what: "screenshots",
    also: "media",
    description:
      "Full-page screenshots and print-quality PDFs of any URL, with device emulation and cookie-banner hiding. For agents that need visual evidence of a page or a shareable PDF.",
    tags: ["screenshots", "pdf", "rendering", "visual"],
    fix: { dataRetentionDays: 1 },
    evidence: [
      "Cookie consent banners are hidden automatically on about 9,000 known sites.",
      "Screenshots are stored for 24 hours and returned as a signed URL.",
      "Full-page captures are capped at 16,000 pixels in height.",
    ],
    offers: [
      get("/v1/shot", "0.004", "PNG, JPEG or WebP screenshot of a URL at a chosen viewport or device.", {
        url: "https://example.com",
        device: "phone-large",
        format: "webp",
      }),
      post("/v1/pdf", "0.006", "Renders a URL or raw HTML to a PDF with page size and margins.", {
        html: "<h1>Invoice #1042</h1><p>Total: $420.00</p>",
        page_size: "A4",
        margin_mm: 12,
      }),
    ],
  },
  {
    slug: "diffhound",
    name: "Diffhound",
    domain: "diffhound.com",
    topic: "scrape",
    what: "page-change diffs",
    description:
      "Monitors web pages for changes and returns a semantic diff of what changed: text, prices or specific CSS selectors. Useful for competitive-intelligence and compliance agents.",
    tags: ["change-detection", "monitoring", "diffs", "alerts"],
    fix: { webhooks: true },
    evidence: [
      "Diffs ignore whitespace, timestamps and rotating ad slots by default.",
      "Watches check a page at most every 15 minutes.",
      "Change notifications are sent by webhook; email alerts are not offered.",
    ],
    offers: [
      post(
        "/v1/watches",
        "0.03",
        "Creates a watch that checks a URL on a schedule for 30 days and calls a webhook on change.",
        {
          url: "https://example.com/pricing",
          selector: ".plan-price",
          interval_minutes: 60,
          webhook_url: "https://example.com/hooks/diff",
        },
      ),
      post("/v1/diff", "0.006", "One-off comparison of a URL against a previous snapshot.", {
        url: "https://example.com/terms",
        since_snapshot: "snp_91kx",
      }),
      get("/v1/snapshots", "0.001", "Lists stored snapshots for a watch.", { watch_id: "w_3Kq8", limit: "10" }),
    ],
  },
  {
    slug: "openmeta-links",
    name: "Openmeta Links",
    domain: "openmeta.dev",
    topic: "scrape",
    what: "link previews",
    description:
      "Link previews for any URL: title, description, Open Graph image, favicon, site name and oEmbed HTML. Chat and messaging agents use it to unfurl links cheaply.",
    tags: ["link-preview", "open-graph", "unfurl", "metadata"],
    evidence: [
      "Previews are cached for 24 hours per URL.",
      "When a page lacks Open Graph tags, the title and first paragraph are used instead.",
    ],
    offers: [
      get("/v1/preview", "0.0005", "Title, description, image, favicon and site name for a URL.", {
        url: "https://example.com/articles/q3-results",
      }),
      get("/v1/oembed", "0.0008", "oEmbed HTML and dimensions for supported media URLs.", {
        url: "https://video.example.com/watch?v=abc123",
        maxwidth: "640",
      }),
    ],
  },
  {
    slug: "inboxprobe",
    name: "Inboxprobe",
    domain: "inboxprobe.com",
    topic: "data",
    what: "email verifications",
    description:
      "Email address verification: syntax, MX and SMTP mailbox checks, plus disposable-domain and role-address detection. For sign-up, CRM-hygiene and outreach agents protecting sender reputation.",
    tags: ["email-verification", "deliverability", "crm", "data-quality"],
    evidence: [
      "Verdicts are deliverable, undeliverable, risky or unknown.",
      "Catch-all domains are reported as risky because individual mailboxes cannot be confirmed.",
      "The service never sends an actual email to the address being checked.",
    ],
    offers: [
      get("/v1/verify", "0.002", "Verifies a single email address and returns a deliverability verdict.", {
        email: "jane.doe@example.com",
      }),
      post("/v1/verify/batch", "0.15", "Verifies up to 100 addresses in one call.", {
        emails: ["a.lopez@example.com", "sales@example.org"],
      }),
    ],
  },
  {
    slug: "tariffline-trade-data",
    name: "Tariffline Trade Data",
    domain: "tariffline.com",
    topic: "data",
    what: "HS classifications and duty rates",
    description:
      "Harmonized System code classification and import duty rates for 120 countries. For cross-border e-commerce and customs-prep agents estimating landed cost.",
    tags: ["customs", "tariffs", "hs-codes", "trade"],
    evidence: [
      "Classification suggestions are advisory and should be confirmed by a licensed customs broker.",
      "Tariff schedules are updated within 5 business days of official publication.",
      "Anti-dumping and countervailing duties are not included in duty calculations.",
    ],
    offers: [
      post("/v1/classify", "0.01", "Suggests HS codes for a product description with confidence scores.", {
        description: "Men's cotton knit t-shirt, short sleeve",
        origin: "BD",
      }),
      get("/v1/duty", "0.004", "Duty and VAT rates for an HS code between an origin and a destination.", {
        hs: "610910",
        origin: "CN",
        destination: "US",
      }),
      post("/v1/landed-cost", "0.012", "Estimates total landed cost including duty, tax and fees for a shipment.", {
        destination: "GB",
        items: [{ hs: "851762", value: 120, currency: "USD", quantity: 3 }],
        shipping: 25,
      }),
    ],
  },
  {
    slug: "sanctionscan",
    name: "Sanctionscan",
    domain: "sanctionscan.io",
    topic: "data",
    what: "sanctions screenings",
    description:
      "Screens people and companies against consolidated sanctions, PEP and watch lists with fuzzy name matching. For onboarding and payments-compliance agents.",
    tags: ["sanctions", "compliance", "aml", "screening"],
    evidence: [
      "Coverage includes 64 sanctions lists, including the OFAC, EU, UK HMT and UN consolidated lists.",
      "Matches include a score and the matched alias so that a human can review the hit.",
      "Source lists are re-checked every 30 minutes.",
    ],
    offers: [
      post("/v1/screen", "0.02", "Screens a person or company name with optional date of birth and country.", {
        name: "Ivan Petrov",
        type: "person",
        birth_date: "1971-03-02",
        country: "RU",
      }),
      get("/v1/lists", "0.0005", "Lists covered source lists and their last update time.", { format: "json" }),
      post("/v1/screen/batch", "0.3", "Screens up to 50 names in one request.", {
        entities: [{ name: "Acme Trading FZE", type: "company", country: "AE" }],
      }),
    ],
  },
  {
    slug: "chassis-vin-decoder",
    name: "Chassis VIN Decoder",
    domain: "chassisdata.com",
    topic: "data",
    what: "VIN decodes",
    description:
      "Decodes vehicle identification numbers into make, model, trim and engine specs, and returns open safety recalls. For auto marketplaces, insurers and fleet agents.",
    tags: ["vehicles", "vin", "recalls", "automotive"],
    evidence: [
      "VIN decoding supports vehicles sold in North America from 1981 and in the EU from 2000.",
      "Recall data for European vehicles is not available.",
    ],
    offers: [
      get("/v1/vin", "0.002", "Make, model, year, trim, engine and plant for a 17-character VIN.", {
        vin: "1HGCM82633A004352",
      }),
      get("/v1/recalls", "0.002", "Open safety recalls for a VIN or make/model/year.", { vin: "5YJ3E1EA7KF317000" }),
    ],
  },
  {
    slug: "docketline",
    name: "Docketline",
    domain: "docketline.com",
    topic: "data",
    what: "docket records",
    also: "search",
    description:
      "Search US federal and state court dockets and retrieve filings, parties and judges. For litigation-research and due-diligence agents.",
    tags: ["courts", "legal", "dockets", "public-records"],
    evidence: [
      "Federal coverage includes all district and bankruptcy courts; state coverage is 31 states.",
      "Document retrieval may incur court fees, which are passed through in the dynamic price.",
      "Sealed documents are never returned.",
    ],
    offers: [
      get("/v1/dockets/search", "0.008", "Searches dockets by party, case number, court and date.", {
        party: "Globex Corporation",
        court: "nysd",
        filed_after: "2024-01-01",
      }),
      get("/v1/dockets/entries", "0.005", "Docket entries for a case.", { case_id: "nysd-1:24-cv-01234" }),
      getDyn("/v1/documents", "0.1", "PDF of a filed document, fetched on demand if not already cached.", {
        doc_id: "nysd-1-24-cv-01234-17",
      }),
    ],
  },
];

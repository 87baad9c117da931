// Independent condition checks (labeller B) for services whose primaryCapability is social,
// storage or web-data. Written from the seeded catalog records alone (prisma/seed/catalog) (facts, evidence sentences,
// offers, test status). met / unmet only where the record settles it; otherwise unknown.

import type { EvalConditionCheck } from "./types";

export const CHECKS_B: EvalConditionCheck[] = [
  // ------------------------------------------------------------------ web-data
  // crawlwise-render
  { id: "B001", serviceSlug: "crawlwise-render", requirement: "Slow pages must be given 45 seconds to finish loading before the call times out", expected: "unmet", basis: "Pages are given up to 30 seconds to load before the request fails with a timeout error.", kind: "quantity", split: "dev" },
  { id: "B002", serviceSlug: "crawlwise-render", requirement: "We can force a fresh render instead of getting a recently cached copy of the HTML", expected: "met", basis: "Rendered HTML is cached for 5 minutes per URL unless cache=false is passed.", kind: "paraphrase", split: "dev" },
  { id: "B003", serviceSlug: "crawlwise-render", requirement: "The marketplace's own test call got real data back from it", expected: "unmet", basis: "testStatus", kind: "test-status", split: "heldout" },
  { id: "B004", serviceSlug: "crawlwise-render", requirement: "A page screenshot costs no more than half a US cent per call", expected: "met", basis: "GET /v1/screenshot 0.005 (x402 and mpp)", kind: "price", split: "dev" },
  // crawlwise-extract
  { id: "B005", serviceSlug: "crawlwise-extract", requirement: "When a field is missing from the page it is left empty rather than made up", expected: "met", basis: "The extractor returns null for fields it cannot find rather than guessing.", kind: "paraphrase", split: "dev" },
  { id: "B006", serviceSlug: "crawlwise-extract", requirement: "Pages of around 500,000 characters must be read in full, with nothing cut off", expected: "unmet", basis: "Pages longer than about 200,000 characters are truncated before extraction.", kind: "quantity", split: "dev" },
  { id: "B007", serviceSlug: "crawlwise-extract", requirement: "Every value it returns can be traced back to the passage of the page it came from", expected: "met", basis: "Each extracted field carries a source snippet so callers can verify where the value came from.", kind: "paraphrase", split: "heldout" },
  { id: "B008", serviceSlug: "crawlwise-extract", requirement: "Schema extraction from a 300 KB product page costs at most 0.02 USD", expected: "unknown", basis: "Price is dynamic and reflects page length; the listed price is the typical cost for a page under 50 KB.", kind: "price", split: "dev" },
  // pagesift
  { id: "B009", serviceSlug: "pagesift", requirement: "Tables on the page come back as GitHub-style Markdown tables", expected: "met", basis: "Tables are converted to GitHub-flavoured Markdown tables.", kind: "paraphrase", split: "dev" },
  { id: "B010", serviceSlug: "pagesift", requirement: "Has already been exercised by a marketplace test call", expected: "unmet", basis: "testStatus", kind: "test-status", split: "heldout" },
  { id: "B011", serviceSlug: "pagesift", requirement: "Plain-text extraction of a page costs less than 0.001 USD per call", expected: "met", basis: "GET /v1/text 0.0008", kind: "price", split: "heldout" },
  { id: "B012", serviceSlug: "pagesift", requirement: "One batch request can convert 40 URLs", expected: "unmet", basis: "POST /v1/markdown/batch: Converts up to 25 URLs in one request.", kind: "quantity", split: "dev" },
  // harvestline-proxy
  { id: "B013", serviceSlug: "harvestline-proxy", requirement: "Returns 25 MB response bodies complete, without truncation", expected: "unmet", basis: "Response bodies larger than 10 MB are truncated.", kind: "quantity", split: "dev" },
  { id: "B014", serviceSlug: "harvestline-proxy", requirement: "If a fetch hits a block page it is retried automatically without charging us again", expected: "met", basis: "Fetches that end in a block page are retried up to three times at no extra charge.", kind: "paraphrase", split: "heldout" },
  { id: "B015", serviceSlug: "harvestline-proxy", requirement: "Executes client-side JavaScript so dynamic pages come back fully rendered", expected: "unmet", basis: "The service does not render JavaScript; pair it with a rendering API for dynamic pages.", kind: "negation", split: "dev" },
  { id: "B016", serviceSlug: "harvestline-proxy", requirement: "Can route requests through exit IPs located in Brazil", expected: "unknown", basis: "not documented (60 countries are mentioned, but not which ones)", kind: "paraphrase", split: "dev" },
  // trawler-crawl
  { id: "B017", serviceSlug: "trawler-crawl", requirement: "Follows links onto other domains without any extra setting", expected: "unmet", basis: "The crawler stays on the start URL's host unless cross-domain crawling is enabled.", kind: "negation", split: "dev" },
  { id: "B018", serviceSlug: "trawler-crawl", requirement: "Finished crawl results stay downloadable for two weeks", expected: "unmet", basis: "Crawl results are kept for 7 days and then deleted.", kind: "quantity", split: "heldout" },
  { id: "B019", serviceSlug: "trawler-crawl", requirement: "The marketplace's probe of the service came back with actual content", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  { id: "B020", serviceSlug: "trawler-crawl", requirement: "A single crawl job can collect 1,000 pages", expected: "unmet", basis: "POST /v1/crawls: Starts a crawl of up to 500 pages from a start URL with include and exclude patterns.", kind: "quantity", split: "dev" },
  // pricelens
  { id: "B021", serviceSlug: "pricelens", requirement: "Includes offers from individual third-party sellers on marketplaces", expected: "unmet", basis: "Marketplace listings from individual sellers are excluded.", kind: "negation", split: "dev" },
  { id: "B022", serviceSlug: "pricelens", requirement: "Prices are given in cents (the currency's smallest unit) along with ISO currency codes", expected: "met", basis: "Currencies are returned as ISO 4217 codes, with prices in minor units.", kind: "paraphrase", split: "dev" },
  { id: "B023", serviceSlug: "pricelens", requirement: "Gives a price history for a product that only started being tracked last week", expected: "unmet", basis: "Price history is available for products tracked for at least 30 days.", kind: "quantity", split: "heldout" },
  { id: "B024", serviceSlug: "pricelens", requirement: "Verified by a marketplace test call that returned data", expected: "met", basis: "testStatus", kind: "test-status", split: "dev" },
  // ledgerline-company-data
  { id: "B025", serviceSlug: "ledgerline-company-data", requirement: "German company records are refreshed at least once a day", expected: "unknown", basis: "UK and Irish records update daily; most other jurisdictions update weekly.", kind: "quantity", split: "dev" },
  { id: "B026", serviceSlug: "ledgerline-company-data", requirement: "Records from the Irish company registry are updated every day", expected: "met", basis: "UK and Irish records update daily; most other jurisdictions update weekly.", kind: "paraphrase", split: "dev" },
  { id: "B027", serviceSlug: "ledgerline-company-data", requirement: "The marketplace has run a paid test call against it", expected: "met", basis: "testStatus", kind: "test-status", split: "heldout" },
  { id: "B028", serviceSlug: "ledgerline-company-data", requirement: "Looking up a company's directors and officers costs at most 0.005 USD", expected: "unmet", basis: "GET /v1/companies/officers 0.01", kind: "price", split: "dev" },
  // rootzone-intel
  { id: "B029", serviceSlug: "rootzone-intel", requirement: "DNS answers are resolved fresh on every call rather than served from a cache", expected: "met", basis: "DNS lookups are live and not cached.", kind: "paraphrase", split: "dev" },
  { id: "B030", serviceSlug: "rootzone-intel", requirement: "Shows full registrant contact details even when the registry hides them", expected: "unmet", basis: "Registrant contact details are redacted wherever the registry redacts them.", kind: "negation", split: "heldout" },
  { id: "B031", serviceSlug: "rootzone-intel", requirement: "Can recognise at least 5,000 different web technologies", expected: "unmet", basis: "Technology detection recognizes about 2,800 technologies.", kind: "quantity", split: "dev" },
  { id: "B032", serviceSlug: "rootzone-intel", requirement: "Every endpoint is priced at 0.004 USD per call or less", expected: "met", basis: "GET /v1/domain 0.002, GET /v1/dns 0.0005, GET /v1/tech 0.004, GET /v1/certs 0.001", kind: "price", split: "heldout" },
  // quarry-pdf
  { id: "B033", serviceSlug: "quarry-pdf", requirement: "Must accept PDF files of about 80 MB", expected: "unmet", basis: "Documents are limited to 300 pages and 50 MB.", kind: "quantity", split: "dev" },
  { id: "B034", serviceSlug: "quarry-pdf", requirement: "Can process PDFs that are locked with a password", expected: "unmet", basis: "Password-protected PDFs are rejected.", kind: "negation", split: "dev" },
  { id: "B035", serviceSlug: "quarry-pdf", requirement: "Text extraction of a 15-page document costs no more than 0.005 USD", expected: "met", basis: "The listed price covers up to 20 pages; longer documents are charged in 20-page increments. (POST /v1/pdf/text 0.005)", kind: "price", split: "heldout" },
  { id: "B036", serviceSlug: "quarry-pdf", requirement: "OCR reads scanned Korean documents", expected: "unknown", basis: "OCR supports 24 languages, including Japanese, Arabic and Hindi.", kind: "paraphrase", split: "dev" },
  // feedforge
  { id: "B037", serviceSlug: "feedforge", requirement: "Feed items must never be more than 5 minutes stale", expected: "unmet", basis: "Feeds are cached for 15 minutes.", kind: "quantity", split: "dev" },
  { id: "B038", serviceSlug: "feedforge", requirement: "Returns the complete article body for every feed item, even when the feed only carries a teaser", expected: "unmet", basis: "Full-text extraction of feed items is not offered; items contain only what the feed publishes.", kind: "negation", split: "heldout" },
  { id: "B039", serviceSlug: "feedforge", requirement: "Can call our endpoint back when new items are ready", expected: "unmet", basis: "webhooks", kind: "fact", split: "heldout" },
  { id: "B040", serviceSlug: "feedforge", requirement: "Finding the feeds a website advertises costs 0.001 USD or less", expected: "met", basis: "GET /v1/discover 0.001", kind: "price", split: "dev" },
  // tickerlode-market-data
  { id: "B041", serviceSlug: "tickerlode-market-data", requirement: "Daily price history for US-listed shares reaching back to 2005", expected: "met", basis: "Daily history goes back to 2000 for US listings and 2010 for most other exchanges.", kind: "quantity", split: "dev" },
  { id: "B042", serviceSlug: "tickerlode-market-data", requirement: "Daily bars for Tokyo Stock Exchange listings going back to 2005", expected: "unknown", basis: "Daily history goes back to 2000 for US listings and 2010 for most other exchanges.", kind: "quantity", split: "heldout" },
  { id: "B043", serviceSlug: "tickerlode-market-data", requirement: "Financial statement data for more than 15,000 listed companies", expected: "met", basis: "Fundamentals cover about 18,000 listed companies.", kind: "quantity", split: "dev" },
  { id: "B044", serviceSlug: "tickerlode-market-data", requirement: "A crypto spot price costs at most 0.001 USD per call", expected: "met", basis: "GET /v1/crypto/quote 0.001", kind: "price", split: "dev" },
  // fxmint-rates
  { id: "B045", serviceSlug: "fxmint-rates", requirement: "The rates are executable quotes we could actually trade at", expected: "unmet", basis: "Rates are mid-market reference rates and are not tradable quotes.", kind: "negation", split: "dev" },
  { id: "B046", serviceSlug: "fxmint-rates", requirement: "Rates keep moving during Saturdays and Sundays", expected: "unmet", basis: "Rates are updated hourly on weekdays and frozen over weekends.", kind: "paraphrase", split: "heldout" },
  { id: "B047", serviceSlug: "fxmint-rates", requirement: "Historical exchange rates from 1998 onwards", expected: "unmet", basis: "Historical rates start on 4 January 1999.", kind: "quantity", split: "dev" },
  { id: "B048", serviceSlug: "fxmint-rates", requirement: "A year of daily rates for one currency pair costs no more than 0.002 USD per call when paid via MPP", expected: "met", basis: "mpp GET /v1/timeseries 0.002", kind: "price", split: "heldout" },
  // jobsift-postings
  { id: "B049", serviceSlug: "jobsift-postings", requirement: "At least half of US job postings include a salary range", expected: "unmet", basis: "Salary ranges are present for about 41% of US postings and 18% elsewhere.", kind: "quantity", split: "dev" },
  { id: "B050", serviceSlug: "jobsift-postings", requirement: "Jobs that vanish from the source are dropped within two days", expected: "met", basis: "Closed postings are removed within 48 hours of disappearing from the source.", kind: "paraphrase", split: "heldout" },
  { id: "B051", serviceSlug: "jobsift-postings", requirement: "At least 30% of postings in Germany carry a salary range", expected: "unknown", basis: "Salary ranges are present for about 41% of US postings and 18% elsewhere.", kind: "quantity", split: "dev" },
  { id: "B052", serviceSlug: "jobsift-postings", requirement: "When one job appears on several sites, we see every URL it was posted at", expected: "met", basis: "Postings are deduplicated across sources, and each result lists every URL where it appeared.", kind: "paraphrase", split: "dev" },
  // gablework-property-data
  { id: "B053", serviceSlug: "gablework-property-data", requirement: "Covers homes in Puerto Rico", expected: "unmet", basis: "Records cover 3,050 US counties; Alaska and Puerto Rico are not covered.", kind: "negation", split: "heldout" },
  { id: "B054", serviceSlug: "gablework-property-data", requirement: "Valuation median error below 5%", expected: "unmet", basis: "Valuations report a median absolute error of about 6.8% on held-out sales.", kind: "quantity", split: "heldout" },
  { id: "B055", serviceSlug: "gablework-property-data", requirement: "Covers residential properties in Hawaii", expected: "unknown", basis: "Records cover 3,050 US counties; Alaska and Puerto Rico are not covered.", kind: "negation", split: "dev" },
  { id: "B056", serviceSlug: "gablework-property-data", requirement: "An automated valuation costs under 0.05 USD", expected: "unmet", basis: "GET /v1/avm 0.05 (x402 and mpp)", kind: "price", split: "heldout" },
  // snapframe
  { id: "B057", serviceSlug: "snapframe", requirement: "Captures full pages 25,000 pixels tall without cutting them off", expected: "unmet", basis: "Full-page captures are capped at 16,000 pixels in height.", kind: "quantity", split: "dev" },
  { id: "B058", serviceSlug: "snapframe", requirement: "Captured screenshots can be retrieved for a day after they are taken", expected: "met", basis: "Screenshots are stored for 24 hours and returned as a signed URL.", kind: "paraphrase", split: "dev" },
  { id: "B059", serviceSlug: "snapframe", requirement: "Hides the cookie consent banner on any website we capture", expected: "unknown", basis: "Cookie consent banners are hidden automatically on about 9,000 known sites.", kind: "paraphrase", split: "heldout" },
  { id: "B060", serviceSlug: "snapframe", requirement: "Has returned real output in a marketplace test", expected: "met", basis: "testStatus", kind: "test-status", split: "heldout" },
  // diffhound
  { id: "B061", serviceSlug: "diffhound", requirement: "Checks a watched page every 5 minutes", expected: "unmet", basis: "Watches check a page at most every 15 minutes.", kind: "quantity", split: "dev" },
  { id: "B062", serviceSlug: "diffhound", requirement: "Rotating ads and changing timestamps are not reported as changes by default", expected: "met", basis: "Diffs ignore whitespace, timestamps and rotating ad slots by default.", kind: "negation", split: "dev" },
  { id: "B063", serviceSlug: "diffhound", requirement: "Setting up a 30-day watch on a page costs 0.03 USD or less", expected: "met", basis: "POST /v1/watches 0.03", kind: "price", split: "heldout" },
  { id: "B064", serviceSlug: "diffhound", requirement: "Can monitor pages that sit behind a customer login", expected: "unknown", basis: "not documented", kind: "paraphrase", split: "dev" },
  // openmeta-links
  { id: "B065", serviceSlug: "openmeta-links", requirement: "Without Open Graph tags it still builds a preview from the page title and first paragraph", expected: "met", basis: "When a page lacks Open Graph tags, the title and first paragraph are used instead.", kind: "paraphrase", split: "dev" },
  { id: "B066", serviceSlug: "openmeta-links", requirement: "Preview data is never more than an hour old", expected: "unmet", basis: "Previews are cached for 24 hours per URL.", kind: "quantity", split: "heldout" },
  { id: "B067", serviceSlug: "openmeta-links", requirement: "The URLs we submit are deleted within a week", expected: "unmet", basis: "dataRetentionDays", kind: "fact", split: "dev" },
  { id: "B068", serviceSlug: "openmeta-links", requirement: "Both of its endpoints cost less than 0.001 USD per call", expected: "met", basis: "GET /v1/preview 0.0005, GET /v1/oembed 0.0008", kind: "price", split: "dev" },
  // inboxprobe
  { id: "B069", serviceSlug: "inboxprobe", requirement: "Verification must not send any message to the mailbox being checked", expected: "met", basis: "The service never sends an actual email to the address being checked.", kind: "negation", split: "dev" },
  { id: "B070", serviceSlug: "inboxprobe", requirement: "Addresses on catch-all domains are reported as deliverable", expected: "unmet", basis: "Catch-all domains are reported as risky because individual mailboxes cannot be confirmed.", kind: "paraphrase", split: "heldout" },
  { id: "B071", serviceSlug: "inboxprobe", requirement: "Verify 250 addresses in a single batch call", expected: "unmet", basis: "POST /v1/verify/batch: Verifies up to 100 addresses in one call.", kind: "quantity", split: "dev" },
  { id: "B072", serviceSlug: "inboxprobe", requirement: "Checking one address costs less than 0.001 USD", expected: "unmet", basis: "GET /v1/verify 0.002 (x402 and mpp)", kind: "price", split: "heldout" },
  // tariffline-trade-data
  { id: "B073", serviceSlug: "tariffline-trade-data", requirement: "Duty estimates include anti-dumping and countervailing duties", expected: "unmet", basis: "Anti-dumping and countervailing duties are not included in duty calculations.", kind: "negation", split: "dev" },
  { id: "B074", serviceSlug: "tariffline-trade-data", requirement: "HS code suggestions are binding and need no check by a customs broker", expected: "unmet", basis: "Classification suggestions are advisory and should be confirmed by a licensed customs broker.", kind: "negation", split: "heldout" },
  { id: "B075", serviceSlug: "tariffline-trade-data", requirement: "Newly published tariff schedules are reflected within two weeks", expected: "met", basis: "Tariff schedules are updated within 5 business days of official publication.", kind: "quantity", split: "dev" },
  { id: "B076", serviceSlug: "tariffline-trade-data", requirement: "Has passed a marketplace test with a complete response", expected: "met", basis: "testStatus", kind: "test-status", split: "dev" },
  // sanctionscan
  { id: "B077", serviceSlug: "sanctionscan", requirement: "Source lists are refreshed at least once an hour", expected: "met", basis: "Source lists are re-checked every 30 minutes.", kind: "quantity", split: "dev" },
  { id: "B078", serviceSlug: "sanctionscan", requirement: "Screen 100 names in one batch request", expected: "unmet", basis: "POST /v1/screen/batch: Screens up to 50 names in one request.", kind: "quantity", split: "heldout" },
  { id: "B079", serviceSlug: "sanctionscan", requirement: "A hit tells the reviewer which alias matched and how strong the match is", expected: "met", basis: "Matches include a score and the matched alias so that a human can review the hit.", kind: "paraphrase", split: "dev" },
  { id: "B080", serviceSlug: "sanctionscan", requirement: "Screening a single name costs no more than 0.01 USD", expected: "unmet", basis: "POST /v1/screen 0.02", kind: "price", split: "dev" },
  // chassis-vin-decoder
  { id: "B081", serviceSlug: "chassis-vin-decoder", requirement: "Decodes VINs of cars sold in the US in 1985", expected: "met", basis: "VIN decoding supports vehicles sold in North America from 1981 and in the EU from 2000.", kind: "quantity", split: "dev" },
  { id: "B082", serviceSlug: "chassis-vin-decoder", requirement: "Decodes VINs of cars sold in Europe in 1995", expected: "unmet", basis: "VIN decoding supports vehicles sold in North America from 1981 and in the EU from 2000.", kind: "quantity", split: "heldout" },
  { id: "B083", serviceSlug: "chassis-vin-decoder", requirement: "Request data is deleted within a week", expected: "met", basis: "dataRetentionDays", kind: "fact", split: "dev" },
  { id: "B084", serviceSlug: "chassis-vin-decoder", requirement: "Both VIN decoding and recall lookups are priced at 0.002 USD per call", expected: "met", basis: "GET /v1/vin 0.002, GET /v1/recalls 0.002", kind: "price", split: "dev" },
  // docketline
  { id: "B085", serviceSlug: "docketline", requirement: "State court dockets for at least 40 US states", expected: "unmet", basis: "Federal coverage includes all district and bankruptcy courts; state coverage is 31 states.", kind: "quantity", split: "dev" },
  { id: "B086", serviceSlug: "docketline", requirement: "Can retrieve documents filed under seal", expected: "unmet", basis: "Sealed documents are never returned.", kind: "negation", split: "heldout" },
  { id: "B087", serviceSlug: "docketline", requirement: "Fetching a filed PDF never costs more than 0.1 USD", expected: "unknown", basis: "Document retrieval may incur court fees, which are passed through in the dynamic price.", kind: "price", split: "dev" },
  { id: "B088", serviceSlug: "docketline", requirement: "Covers every federal bankruptcy court", expected: "met", basis: "Federal coverage includes all district and bankruptcy courts; state coverage is 31 states.", kind: "paraphrase", split: "dev" },

  // ------------------------------------------------------------------ social
  // chirpgraph
  { id: "B089", serviceSlug: "chirpgraph", requirement: "Collects posts from followers-only (locked) accounts", expected: "unmet", basis: "Only public posts are indexed; content from private or followers-only accounts is never collected.", kind: "negation", split: "dev" },
  { id: "B090", serviceSlug: "chirpgraph", requirement: "New posts become searchable within a minute of going live", expected: "met", basis: "Posts are indexed within about 30 seconds of being published.", kind: "quantity", split: "heldout" },
  { id: "B091", serviceSlug: "chirpgraph", requirement: "Posts removed by their authors drop out of search results within 60 minutes", expected: "met", basis: "Deleted posts are removed from search results within an hour.", kind: "paraphrase", split: "dev" },
  { id: "B092", serviceSlug: "chirpgraph", requirement: "Fetching a post with its entire reply thread costs 0.002 USD or less via MPP", expected: "met", basis: "mpp GET /v1/posts/thread 0.002", kind: "price", split: "heldout" },
  // fediscope
  { id: "B093", serviceSlug: "fediscope", requirement: "Lists instances even if they opted out with a noindex flag", expected: "unmet", basis: "Instances that opt out through robots.txt or a noindex profile flag are excluded.", kind: "negation", split: "dev" },
  { id: "B094", serviceSlug: "fediscope", requirement: "Crawls more than 50,000 instances every day", expected: "unmet", basis: "Fediscope crawls about 21,000 instances daily.", kind: "quantity", split: "heldout" },
  { id: "B095", serviceSlug: "fediscope", requirement: "The marketplace has confirmed it works with a live test", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  // mentionmill-monitor
  { id: "B096", serviceSlug: "mentionmill-monitor", requirement: "Mentions can be searched two years into the past", expected: "unmet", basis: "Historical search depth is 12 months.", kind: "quantity", split: "dev" },
  { id: "B097", serviceSlug: "mentionmill-monitor", requirement: "Monitors at least 50,000 news websites", expected: "met", basis: "Sources include public social networks, 90,000 news sites, blogs and forums.", kind: "quantity", split: "dev" },
  { id: "B098", serviceSlug: "mentionmill-monitor", requirement: "Lets one payer make 1,000 calls a minute", expected: "met", basis: "rateLimitPerMinute", kind: "fact", split: "heldout" },
  { id: "B099", serviceSlug: "mentionmill-monitor", requirement: "Each individual mention carries its own sentiment score", expected: "unknown", basis: "GET /v1/mentions/summary: Volume, reach and sentiment breakdown for a keyword. (per-mention sentiment not stated)", kind: "paraphrase", split: "dev" },
  // mentionmill-alerts
  { id: "B100", serviceSlug: "mentionmill-alerts", requirement: "One rule can match 10,000 mentions a day without being throttled", expected: "unmet", basis: "Each rule can match at most 5,000 mentions per day before it is throttled.", kind: "quantity", split: "dev" },
  { id: "B101", serviceSlug: "mentionmill-alerts", requirement: "Failed webhook deliveries are retried for a full day", expected: "met", basis: "Alerts are delivered to a webhook, with retries for up to 24 hours.", kind: "paraphrase", split: "dev" },
  { id: "B102", serviceSlug: "mentionmill-alerts", requirement: "The marketplace test call produced usable output", expected: "unmet", basis: "testStatus", kind: "test-status", split: "heldout" },
  { id: "B103", serviceSlug: "mentionmill-alerts", requirement: "Creating an alert rule costs under 0.05 USD", expected: "met", basis: "POST /v1/rules 0.04", kind: "price", split: "dev" },
  // sentimentry
  { id: "B104", serviceSlug: "sentimentry", requirement: "Scores 5,000-character posts in full without truncating them", expected: "unmet", basis: "Texts longer than 2,000 characters are truncated.", kind: "quantity", split: "dev" },
  { id: "B105", serviceSlug: "sentimentry", requirement: "Tells us separately whether a post is sarcastic", expected: "met", basis: "Sarcasm detection is returned as a separate flag.", kind: "paraphrase", split: "heldout" },
  { id: "B106", serviceSlug: "sentimentry", requirement: "Handles posts written in Korean", expected: "unmet", basis: "Supported languages are English, Spanish, Portuguese, French, German, Italian, Japanese and Indonesian.", kind: "paraphrase", split: "dev" },
  { id: "B107", serviceSlug: "sentimentry", requirement: "A batch of 500 posts can be scored for at most 0.02 USD in one call", expected: "met", basis: "POST /v1/sentiment/batch 0.02 (Scores up to 500 posts.)", kind: "price", split: "dev" },
  // castline
  { id: "B108", serviceSlug: "castline", requirement: "Typically no more than 10 seconds behind the live Farcaster network", expected: "met", basis: "Data is read from Castline's own hub nodes and is typically less than 5 seconds behind the network.", kind: "paraphrase", split: "dev" },
  { id: "B109", serviceSlug: "castline", requirement: "p95 response time under one second", expected: "unmet", basis: "p95LatencyMs", kind: "quantity", split: "heldout" },
  { id: "B110", serviceSlug: "castline", requirement: "Every endpoint costs at most 0.001 USD per call", expected: "met", basis: "GET /v1/casts/search 0.001, GET /v1/users 0.0005, GET /v1/channels/trending 0.001 (x402 and mpp)", kind: "price", split: "dev" },
  // reachgauge
  { id: "B111", serviceSlug: "reachgauge", requirement: "Profiles micro-creators with around 2,000 followers", expected: "unmet", basis: "Only creators with at least 5,000 followers are profiled.", kind: "negation", split: "dev" },
  { id: "B112", serviceSlug: "reachgauge", requirement: "Audience demographics are measured exactly over the creator's whole follower base", expected: "unmet", basis: "Audience demographics are estimates based on a sample of engaging accounts.", kind: "paraphrase", split: "heldout" },
  { id: "B113", serviceSlug: "reachgauge", requirement: "Reports the estimated share of fake followers together with an uncertainty range", expected: "met", basis: "Fake-follower share is estimated and reported with a confidence band.", kind: "paraphrase", split: "dev" },
  { id: "B114", serviceSlug: "reachgauge", requirement: "A creator profile lookup costs less than 0.01 USD", expected: "unmet", basis: "GET /v1/creators/profile 0.01", kind: "price", split: "dev" },
  // trendpulse
  { id: "B115", serviceSlug: "trendpulse", requirement: "City-level trends for at least 500 cities", expected: "unmet", basis: "City-level trends are available for 420 cities.", kind: "quantity", split: "dev" },
  { id: "B116", serviceSlug: "trendpulse", requirement: "The marketplace's trial call got trend data back", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  { id: "B117", serviceSlug: "trendpulse", requirement: "Hourly volume history for a trend covering the last 30 days", expected: "unmet", basis: "GET /v1/trends/history: Hourly volume for a trend over the past 7 days.", kind: "quantity", split: "heldout" },
  // authentica-signals
  { id: "B118", serviceSlug: "authentica-signals", requirement: "Scores brand-new accounts that have published only 10 public posts", expected: "unmet", basis: "Scores are not available for accounts with fewer than 20 public posts.", kind: "negation", split: "dev" },
  { id: "B119", serviceSlug: "authentica-signals", requirement: "Detects coordinated clusters among 5,000 accounts in one call", expected: "unmet", basis: "POST /v1/networks/coordination: Detects coordinated clusters among up to 1,000 accounts.", kind: "quantity", split: "dev" },
  { id: "B120", serviceSlug: "authentica-signals", requirement: "Each score explains which signals drove it", expected: "met", basis: "Each score lists the top five signals behind it.", kind: "paraphrase", split: "heldout" },
  { id: "B121", serviceSlug: "authentica-signals", requirement: "The detection model is retrained at least weekly", expected: "unmet", basis: "The model is retrained monthly on labelled takedown datasets.", kind: "quantity", split: "dev" },
  // postwright
  { id: "B122", serviceSlug: "postwright", requirement: "The agent can post to an account without anyone first authorising it through OAuth", expected: "unmet", basis: "Accounts must be connected once through Postwright's OAuth flow before an agent can post to them.", kind: "negation", split: "dev" },
  { id: "B123", serviceSlug: "postwright", requirement: "Validates each network's length and media limits before a post is scheduled", expected: "met", basis: "Per-network character and media limits are validated before scheduling.", kind: "paraphrase", split: "dev" },
  { id: "B124", serviceSlug: "postwright", requirement: "Posts can be scheduled up to a year ahead", expected: "unknown", basis: "not documented (scheduling is offered, no horizon is stated)", kind: "quantity", split: "heldout" },
  { id: "B125", serviceSlug: "postwright", requirement: "Publishing a post costs 0.01 USD whether paid with x402 or MPP", expected: "met", basis: "POST /v1/posts 0.01 (x402 and mpp)", kind: "price", split: "heldout" },
  // reviewharbor
  { id: "B126", serviceSlug: "reviewharbor", requirement: "Reviews come back in the language they were written in, with an English version available", expected: "met", basis: "Review text is returned in the original language, with an optional English translation.", kind: "paraphrase", split: "dev" },
  { id: "B127", serviceSlug: "reviewharbor", requirement: "Collects app reviews from at least 150 national storefronts", expected: "met", basis: "App store reviews are collected from 155 country storefronts.", kind: "quantity", split: "heldout" },
  { id: "B128", serviceSlug: "reviewharbor", requirement: "Includes reviews from Google Play specifically", expected: "unknown", basis: "App store reviews are collected from 155 country storefronts.", kind: "paraphrase", split: "dev" },
  { id: "B129", serviceSlug: "reviewharbor", requirement: "p95 response time below a quarter of a second", expected: "met", basis: "p95LatencyMs", kind: "quantity", split: "dev" },
  // clipchatter
  { id: "B130", serviceSlug: "clipchatter", requirement: "Returns 10,000 comments in one request", expected: "unmet", basis: "Comments are limited to 5,000 per request.", kind: "quantity", split: "dev" },
  { id: "B131", serviceSlug: "clipchatter", requirement: "Spam and bot comments are filtered out before we receive them", expected: "met", basis: "Spam and bot comments are removed by a classifier before results are returned.", kind: "paraphrase", split: "dev" },
  { id: "B132", serviceSlug: "clipchatter", requirement: "Captures live-stream chat messages", expected: "unknown", basis: "not documented (only video comments and replies are described)", kind: "paraphrase", split: "heldout" },
  { id: "B133", serviceSlug: "clipchatter", requirement: "Channel statistics cost at most 0.002 USD per call via MPP", expected: "met", basis: "mpp GET /v1/channel/stats 0.002", kind: "price", split: "dev" },
  // handlecheck
  { id: "B134", serviceSlug: "handlecheck", requirement: "A handle reported as free is guaranteed to be claimable at sign-up", expected: "unmet", basis: "Reserved and recently released names may show as available but fail at sign-up.", kind: "negation", split: "dev" },
  { id: "B135", serviceSlug: "handlecheck", requirement: "Networks that block automated lookups are marked unknown instead of available", expected: "met", basis: "Availability is checked live; a few networks block automated checks and are reported as unknown.", kind: "paraphrase", split: "heldout" },
  { id: "B136", serviceSlug: "handlecheck", requirement: "Ships an official client library", expected: "unmet", basis: "sdks", kind: "fact", split: "heldout" },
  { id: "B137", serviceSlug: "handlecheck", requirement: "p95 latency under half a second", expected: "unmet", basis: "p95LatencyMs", kind: "quantity", split: "dev" },
  // kinship-graph
  { id: "B138", serviceSlug: "kinship-graph", requirement: "Community detection for an account with 50,000 followers", expected: "unmet", basis: "Clustering is limited to accounts with up to 20,000 followers.", kind: "quantity", split: "dev" },
  { id: "B139", serviceSlug: "kinship-graph", requirement: "Follower graphs refreshed at least twice a day", expected: "unmet", basis: "Follower graphs are refreshed every 24 hours.", kind: "quantity", split: "heldout" },
  { id: "B140", serviceSlug: "kinship-graph", requirement: "Has been test-called by the marketplace (whatever the result)", expected: "met", basis: "testStatus", kind: "test-status", split: "heldout" },
  // tagsmith
  { id: "B141", serviceSlug: "tagsmith", requirement: "Never suggests banned or shadow-limited hashtags", expected: "met", basis: "Banned and shadow-limited hashtags are filtered out of suggestions.", kind: "negation", split: "dev" },
  { id: "B142", serviceSlug: "tagsmith", requirement: "Understands a photo by first captioning it with a vision model", expected: "met", basis: "Image-based suggestions use a vision model to describe the image first.", kind: "paraphrase", split: "heldout" },
  { id: "B143", serviceSlug: "tagsmith", requirement: "Can keep our data inside the EU", expected: "unmet", basis: "euDataResidency", kind: "fact", split: "dev" },
  { id: "B144", serviceSlug: "tagsmith", requirement: "Hashtag statistics cost no more than 0.001 USD per call", expected: "met", basis: "GET /v1/hashtag/stats 0.001 (x402 and mpp)", kind: "price", split: "dev" },
  // ripplecount
  { id: "B145", serviceSlug: "ripplecount", requirement: "Share totals are complete for every network", expected: "unmet", basis: "Some networks no longer expose share counts, so totals are lower bounds.", kind: "negation", split: "dev" },
  { id: "B146", serviceSlug: "ripplecount", requirement: "Counts are never more than 10 minutes old", expected: "unmet", basis: "Counts are cached for one hour per URL.", kind: "quantity", split: "heldout" },
  { id: "B147", serviceSlug: "ripplecount", requirement: "Batch share counts cost under 0.01 USD per call", expected: "unmet", basis: "POST /v1/counts/batch 0.02", kind: "price", split: "dev" },
  // creatorbase-directory
  { id: "B148", serviceSlug: "creatorbase-directory", requirement: "Can surface private email addresses that a creator never published or submitted", expected: "unmet", basis: "Contact emails are limited to addresses published for business enquiries or submitted by the creator.", kind: "negation", split: "dev" },
  { id: "B149", serviceSlug: "creatorbase-directory", requirement: "Creators can get themselves taken out of the directory whenever they want", expected: "met", basis: "Creators can remove their profile at any time through an opt-out form.", kind: "paraphrase", split: "dev" },
  { id: "B150", serviceSlug: "creatorbase-directory", requirement: "Sponsored-post history covering the past two years", expected: "unmet", basis: "GET /v1/creators/brand-deals: Sponsored posts detected in the past 12 months.", kind: "quantity", split: "heldout" },
  { id: "B151", serviceSlug: "creatorbase-directory", requirement: "A creator contact lookup costs at most 0.02 USD", expected: "unmet", basis: "GET /v1/creators/contact 0.03", kind: "price", split: "heldout" },
  // flarewatch
  { id: "B152", serviceSlug: "flarewatch", requirement: "Looks back a full week for conversation spikes", expected: "unmet", basis: "GET /v1/spikes: Detected volume spikes for a keyword in the past 72 hours, with drivers.", kind: "quantity", split: "dev" },
  { id: "B153", serviceSlug: "flarewatch", requirement: "Each spike comes with the posts and phrases that caused it", expected: "met", basis: "Each spike includes the top posts and phrases that drove it.", kind: "paraphrase", split: "dev" },
  { id: "B154", serviceSlug: "flarewatch", requirement: "Webhook notification within 30 seconds of a spike", expected: "unknown", basis: "Spike monitors notify a webhook within minutes of detection.", kind: "quantity", split: "heldout" },
  { id: "B155", serviceSlug: "flarewatch", requirement: "Has been tested by the marketplace", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  // memeindex
  { id: "B156", serviceSlug: "memeindex", requirement: "A template library of at least 20,000 memes", expected: "met", basis: "The template library holds about 24,000 templates.", kind: "quantity", split: "dev" },
  { id: "B157", serviceSlug: "memeindex", requirement: "Gives us the caption text written on a meme separately", expected: "met", basis: "Text overlaid on memes is extracted with OCR and returned separately.", kind: "paraphrase", split: "heldout" },
  { id: "B158", serviceSlug: "memeindex", requirement: "The marketplace test call came back with usable output", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  { id: "B159", serviceSlug: "memeindex", requirement: "Will put a GDPR data processing agreement in place", expected: "unmet", basis: "gdpr", kind: "fact", split: "dev" },
  // claimcheck-social
  { id: "B160", serviceSlug: "claimcheck-social", requirement: "Gives its own true/false verdict on each claim", expected: "unmet", basis: "Fact-checks are linked to their original publishers, and Claimcheck does not rate claims itself.", kind: "negation", split: "dev" },
  { id: "B161", serviceSlug: "claimcheck-social", requirement: "Matches claims in at least 30 languages", expected: "unmet", basis: "Claim matching works in 25 languages.", kind: "quantity", split: "heldout" },
  { id: "B162", serviceSlug: "claimcheck-social", requirement: "Our submitted posts are not kept longer than 30 days", expected: "met", basis: "dataRetentionDays", kind: "fact", split: "dev" },
  { id: "B163", serviceSlug: "claimcheck-social", requirement: "Searching published fact-checks costs at most 0.002 USD", expected: "met", basis: "GET /v1/factchecks/search 0.002", kind: "price", split: "dev" },
  // boardkeeper
  { id: "B164", serviceSlug: "boardkeeper", requirement: "Archive includes posts from forums that require a login", expected: "unmet", basis: "The archive excludes forums that requested removal and any content behind a login.", kind: "negation", split: "dev" },
  { id: "B165", serviceSlug: "boardkeeper", requirement: "Bulk exports mask the real usernames of posters", expected: "met", basis: "Author names are pseudonymized in bulk exports.", kind: "paraphrase", split: "heldout" },
  { id: "B166", serviceSlug: "boardkeeper", requirement: "Author names are pseudonymized in ordinary search results too", expected: "unknown", basis: "Author names are pseudonymized in bulk exports.", kind: "paraphrase", split: "dev" },
  { id: "B167", serviceSlug: "boardkeeper", requirement: "Contractual availability of at least 99.9%", expected: "unmet", basis: "uptimeSlaPercent", kind: "quantity", split: "dev" },
  // huddlemap-communities
  { id: "B168", serviceSlug: "huddlemap-communities", requirement: "Provides the text of the messages posted in the group chats", expected: "unmet", basis: "Message contents are never collected; only aggregate activity counts are stored.", kind: "negation", split: "dev" },
  { id: "B169", serviceSlug: "huddlemap-communities", requirement: "Lists private groups that have no public invite link or directory listing", expected: "unmet", basis: "Only communities with a public invite link or a public directory listing are included.", kind: "negation", split: "heldout" },
  { id: "B170", serviceSlug: "huddlemap-communities", requirement: "Confirmed working: the marketplace's test returned a well-formed response", expected: "met", basis: "testStatus", kind: "test-status", split: "dev" },
  { id: "B171", serviceSlug: "huddlemap-communities", requirement: "Community search costs at most 0.002 USD per call when paid via MPP", expected: "met", basis: "mpp GET /v1/communities/search 0.002", kind: "price", split: "dev" },

  // ------------------------------------------------------------------ storage
  // vaultline-blob
  { id: "B172", serviceSlug: "vaultline-blob", requirement: "Accepts uploads of 250 MB objects", expected: "unmet", basis: "POST /v1/objects: Uploads an object of up to 100 MB and stores it for 30 days.", kind: "quantity", split: "dev" },
  { id: "B173", serviceSlug: "vaultline-blob", requirement: "Objects are stored redundantly across at least three availability zones", expected: "met", basis: "Objects are replicated across three availability zones.", kind: "paraphrase", split: "heldout" },
  { id: "B174", serviceSlug: "vaultline-blob", requirement: "Storing a 5 MB file for 30 days costs no more than 0.002 USD", expected: "met", basis: "Price scales with object size and retention; the listed price covers 10 MB for 30 days. (POST /v1/objects 0.002)", kind: "price", split: "dev" },
  { id: "B175", serviceSlug: "vaultline-blob", requirement: "Presigned download links remain valid for 7 days", expected: "unknown", basis: "not documented (presigned URLs are offered, their validity is not stated)", kind: "quantity", split: "dev" },
  // vaultline-sites
  { id: "B176", serviceSlug: "vaultline-sites", requirement: "Deploy a site bundle of 800 MB", expected: "unmet", basis: "Deploys are limited to 500 MB and 10,000 files.", kind: "quantity", split: "dev" },
  { id: "B177", serviceSlug: "vaultline-sites", requirement: "A site made of 25,000 files", expected: "unmet", basis: "Deploys are limited to 500 MB and 10,000 files.", kind: "quantity", split: "heldout" },
  { id: "B178", serviceSlug: "vaultline-sites", requirement: "TLS certificates are set up for us automatically", expected: "met", basis: "Sites are served through a global CDN with automatic HTTPS.", kind: "paraphrase", split: "dev" },
  { id: "B179", serviceSlug: "vaultline-sites", requirement: "Each deploy costs less than 0.10 USD", expected: "met", basis: "POST /v1/deploys 0.05", kind: "price", split: "dev" },
  // pinwheel-ipfs
  { id: "B180", serviceSlug: "pinwheel-ipfs", requirement: "Every pin is held by a minimum of three nodes in separate regions", expected: "met", basis: "Each pin is held on at least three nodes in different regions.", kind: "paraphrase", split: "dev" },
  { id: "B181", serviceSlug: "pinwheel-ipfs", requirement: "Upload a 2 GB file in one call", expected: "unmet", basis: "POST /v1/upload: Uploads a file of up to 1 GB, returns its CID and pins it.", kind: "quantity", split: "heldout" },
  { id: "B182", serviceSlug: "pinwheel-ipfs", requirement: "Accepts content packaged as CAR archives", expected: "met", basis: "CAR file uploads are supported.", kind: "paraphrase", split: "dev" },
  { id: "B183", serviceSlug: "pinwheel-ipfs", requirement: "A pin can be prepaid for a whole year in one call", expected: "unknown", basis: "POST /v1/pins: Pins content by upload or existing CID for 30 days. (longer prepayment not stated)", kind: "quantity", split: "dev" },
  // arkive-permanent
  { id: "B184", serviceSlug: "arkive-permanent", requirement: "Stored records can be erased later if a data subject asks", expected: "unmet", basis: "Stored data cannot be deleted or modified.", kind: "negation", split: "heldout" },
  { id: "B185", serviceSlug: "arkive-permanent", requirement: "Store a 5 MB file in a single call", expected: "unmet", basis: "POST /v1/store: Stores up to 1 MB permanently and returns the transaction id.", kind: "quantity", split: "heldout" },
  { id: "B186", serviceSlug: "arkive-permanent", requirement: "Content can be read through the gateway before the transaction is confirmed", expected: "met", basis: "Data is readable from the gateway immediately, before the transaction is confirmed.", kind: "paraphrase", split: "dev" },
  { id: "B187", serviceSlug: "arkive-permanent", requirement: "Permanently storing 1 MB is guaranteed to cost no more than 0.05 USD", expected: "unknown", basis: "Price is per megabyte and tracks the network's current storage fee.", kind: "price", split: "heldout" },
  // keystone-kv
  { id: "B188", serviceSlug: "keystone-kv", requirement: "Can store values of 4 MB", expected: "unmet", basis: "Values larger than 1 MB are rejected.", kind: "negation", split: "dev" },
  { id: "B189", serviceSlug: "keystone-kv", requirement: "Reads in the same region always see the latest write", expected: "met", basis: "Writes are strongly consistent within a region and replicate to other regions within about a second.", kind: "paraphrase", split: "heldout" },
  { id: "B190", serviceSlug: "keystone-kv", requirement: "Writes reach the other regions within 5 seconds", expected: "met", basis: "Writes are strongly consistent within a region and replicate to other regions within about a second.", kind: "quantity", split: "dev" },
  { id: "B191", serviceSlug: "keystone-kv", requirement: "Every operation costs at most 0.001 USD", expected: "met", basis: "POST /v1/kv/set 0.0005, GET /v1/kv/get 0.0005, POST /v1/kv/incr 0.0005, GET /v1/kv/scan 0.001", kind: "price", split: "dev" },
  // shardbase-sql
  { id: "B192", serviceSlug: "shardbase-sql", requirement: "A single database can grow to 5 GB", expected: "unmet", basis: "Each database is limited to 2 GB.", kind: "quantity", split: "dev" },
  { id: "B193", serviceSlug: "shardbase-sql", requirement: "Point-in-time restore going back 30 days", expected: "unmet", basis: "Point-in-time restore covers the last 7 days.", kind: "quantity", split: "heldout" },
  { id: "B194", serviceSlug: "shardbase-sql", requirement: "At least 100 requests per minute", expected: "unmet", basis: "rateLimitPerMinute", kind: "fact", split: "dev" },
  { id: "B195", serviceSlug: "shardbase-sql", requirement: "A database's lifetime can be extended past 90 days", expected: "unknown", basis: "POST /v1/databases: Creates a database that lives for 90 days. (extension not documented)", kind: "paraphrase", split: "dev" },
  // quiver-vectors
  { id: "B196", serviceSlug: "quiver-vectors", requirement: "Stores 4,096-dimensional embeddings", expected: "unmet", basis: "Indexes support up to 3,072 dimensions.", kind: "quantity", split: "dev" },
  { id: "B197", serviceSlug: "quiver-vectors", requirement: "Works with 1,536-dimensional embeddings", expected: "met", basis: "Indexes support up to 3,072 dimensions.", kind: "quantity", split: "heldout" },
  { id: "B198", serviceSlug: "quiver-vectors", requirement: "The first month of storage is bundled into the upsert charge", expected: "met", basis: "Storage for the first 30 days is included in the upsert price.", kind: "paraphrase", split: "dev" },
  { id: "B199", serviceSlug: "quiver-vectors", requirement: "A marketplace test call returned a complete response", expected: "met", basis: "testStatus", kind: "test-status", split: "heldout" },
  // memoria
  { id: "B200", serviceSlug: "memoria", requirement: "Near-duplicate memories are combined without us doing anything", expected: "met", basis: "Similar memories are merged automatically to avoid duplicates.", kind: "paraphrase", split: "dev" },
  { id: "B201", serviceSlug: "memoria", requirement: "A forgotten memory stops being stored straight away, with no grace period", expected: "met", basis: "Memories can be deleted at any time, and deletion takes effect immediately.", kind: "paraphrase", split: "heldout" },
  { id: "B202", serviceSlug: "memoria", requirement: "Will sign a HIPAA business associate agreement", expected: "unmet", basis: "hipaa", kind: "fact", split: "heldout" },
  { id: "B203", serviceSlug: "memoria", requirement: "Has been verified to work by the marketplace", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  // ferry-files
  { id: "B204", serviceSlug: "ferry-files", requirement: "Download links can be locked with a password", expected: "met", basis: "Links can be protected with a password.", kind: "paraphrase", split: "dev" },
  { id: "B205", serviceSlug: "ferry-files", requirement: "Files stay stored after the download link has expired", expected: "unmet", basis: "Files are deleted permanently when the link expires.", kind: "negation", split: "heldout" },
  { id: "B206", serviceSlug: "ferry-files", requirement: "Share a 3 GB file", expected: "unmet", basis: "POST /v1/files: Uploads a file of up to 2 GB and returns an expiring link.", kind: "quantity", split: "dev" },
  { id: "B207", serviceSlug: "ferry-files", requirement: "Uploading a file costs 0.002 USD or less", expected: "met", basis: "POST /v1/files 0.002", kind: "price", split: "dev" },
  // coldstack-archive
  { id: "B208", serviceSlug: "coldstack-archive", requirement: "Expedited restores finish within 2 hours", expected: "met", basis: "Standard restores complete within 12 hours, and expedited restores within 1 hour.", kind: "quantity", split: "dev" },
  { id: "B209", serviceSlug: "coldstack-archive", requirement: "We can delete an archive early, before its retention period is over", expected: "unmet", basis: "Objects cannot be deleted before their retention period ends.", kind: "negation", split: "heldout" },
  { id: "B210", serviceSlug: "coldstack-archive", requirement: "Archives are spread over two sites using erasure coding", expected: "met", basis: "Archives are stored with erasure coding across two facilities.", kind: "paraphrase", split: "dev" },
  { id: "B211", serviceSlug: "coldstack-archive", requirement: "Archiving a 4 GB file for a year costs at most 0.01 USD", expected: "unknown", basis: "POST /v1/archives 0.01 with a dynamic price; how the price varies is not documented", kind: "price", split: "heldout" },
  // tallyhall-logs
  { id: "B212", serviceSlug: "tallyhall-logs", requirement: "Events can be corrected after they are written", expected: "unmet", basis: "Events are immutable once written.", kind: "negation", split: "dev" },
  { id: "B213", serviceSlug: "tallyhall-logs", requirement: "A single query can scan 50 million events", expected: "unmet", basis: "Queries scan at most 10 million events per request.", kind: "quantity", split: "heldout" },
  { id: "B214", serviceSlug: "tallyhall-logs", requirement: "Append 500 events in one call", expected: "unmet", basis: "POST /v1/events: Appends up to 100 events to a stream.", kind: "quantity", split: "dev" },
  { id: "B215", serviceSlug: "tallyhall-logs", requirement: "Events remain queryable for at least one year", expected: "unknown", basis: "not documented (only 'filter queries over recent events' is described)", kind: "quantity", split: "dev" },
  // snipbin
  { id: "B216", serviceSlug: "snipbin", requirement: "Unlisted pastes do not show up in search engine results", expected: "met", basis: "Unlisted pastes are not indexed by search engines.", kind: "negation", split: "dev" },
  { id: "B217", serviceSlug: "snipbin", requirement: "Creating a paste costs at most 0.0005 USD when paid via MPP", expected: "met", basis: "mpp POST /v1/pastes 0.0005", kind: "price", split: "heldout" },
  { id: "B218", serviceSlug: "snipbin", requirement: "Data can be confined to the European Union", expected: "unmet", basis: "euDataResidency", kind: "fact", split: "dev" },
  { id: "B219", serviceSlug: "snipbin", requirement: "Verified by a marketplace test call", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  // relaybox-queues
  { id: "B220", serviceSlug: "relaybox-queues", requirement: "Message bodies of 1 MB", expected: "unmet", basis: "Message bodies are limited to 256 KB.", kind: "quantity", split: "dev" },
  { id: "B221", serviceSlug: "relaybox-queues", requirement: "Each message is delivered exactly once, so consumers need not deduplicate", expected: "unmet", basis: "Delivery is at-least-once, so consumers should be idempotent.", kind: "negation", split: "heldout" },
  { id: "B222", serviceSlug: "relaybox-queues", requirement: "Unconsumed messages are kept for 30 days", expected: "unmet", basis: "Messages are retained for up to 14 days.", kind: "quantity", split: "dev" },
  { id: "B223", serviceSlug: "relaybox-queues", requirement: "A worker can pull 25 messages in one receive call", expected: "unmet", basis: "POST /v1/queues/receive: Receives up to 10 messages with a visibility timeout.", kind: "quantity", split: "dev" },
  // hotshelf-cache
  { id: "B224", serviceSlug: "hotshelf-cache", requirement: "Entries can live for 90 days", expected: "unmet", basis: "The maximum TTL is 30 days.", kind: "quantity", split: "dev" },
  { id: "B225", serviceSlug: "hotshelf-cache", requirement: "A read right after an overwrite always returns the new value", expected: "unmet", basis: "Reads may return stale values for up to 60 seconds after an overwrite.", kind: "negation", split: "heldout" },
  { id: "B226", serviceSlug: "hotshelf-cache", requirement: "Cache a 10 MB response", expected: "unmet", basis: "POST /v1/cache/put: Stores a value of up to 5 MB with a TTL.", kind: "quantity", split: "dev" },
  { id: "B227", serviceSlug: "hotshelf-cache", requirement: "Both writing and reading a cache entry cost at most 0.0005 USD", expected: "met", basis: "POST /v1/cache/put 0.0005, GET /v1/cache/get 0.0005 (x402 and mpp)", kind: "price", split: "dev" },
  // fathom-backup
  { id: "B228", serviceSlug: "fathom-backup", requirement: "The vendor can recover our backups if we lose our encryption key", expected: "unmet", basis: "With client-side encryption, Fathom cannot read or recover the data if the key is lost.", kind: "negation", split: "dev" },
  { id: "B229", serviceSlug: "fathom-backup", requirement: "At least 60 days of version history by default", expected: "met", basis: "Versions are kept for 90 days by default.", kind: "quantity", split: "heldout" },
  { id: "B230", serviceSlug: "fathom-backup", requirement: "Duplicate blocks are stored only once across snapshots", expected: "met", basis: "Snapshots are deduplicated at the block level.", kind: "paraphrase", split: "dev" },
  { id: "B231", serviceSlug: "fathom-backup", requirement: "Version retention can be raised to one year", expected: "unknown", basis: "Versions are kept for 90 days by default.", kind: "quantity", split: "dev" },
  // tabletop-datasets
  { id: "B232", serviceSlug: "tabletop-datasets", requirement: "A 500,000-row query result comes back directly in the response", expected: "unmet", basis: "Query results are limited to 100,000 rows; larger results are written to a file.", kind: "quantity", split: "dev" },
  { id: "B233", serviceSlug: "tabletop-datasets", requirement: "Oversized query results are delivered as a file instead of failing", expected: "met", basis: "Query results are limited to 100,000 rows; larger results are written to a file.", kind: "paraphrase", split: "heldout" },
  { id: "B234", serviceSlug: "tabletop-datasets", requirement: "Column types of a CSV are inferred from every row of the file", expected: "unmet", basis: "CSV schemas are inferred from the first 10,000 rows.", kind: "paraphrase", split: "dev" },
  { id: "B235", serviceSlug: "tabletop-datasets", requirement: "Any SQL query costs at most 0.003 USD", expected: "unknown", basis: "POST /v1/sql 0.003 with a dynamic price; what drives it is not documented", kind: "price", split: "dev" },
  // lockbox-secrets
  { id: "B236", serviceSlug: "lockbox-secrets", requirement: "Encryption keys are held in hardware security modules, separate for each customer", expected: "met", basis: "Secrets are encrypted with per-tenant keys held in hardware security modules.", kind: "paraphrase", split: "dev" },
  { id: "B237", serviceSlug: "lockbox-secrets", requirement: "The owner can see a log of every time a secret was read", expected: "met", basis: "Every read is written to an audit log available to the owner.", kind: "paraphrase", split: "heldout" },
  { id: "B238", serviceSlug: "lockbox-secrets", requirement: "p95 latency under 100 ms", expected: "unmet", basis: "p95LatencyMs", kind: "quantity", split: "dev" },
  { id: "B239", serviceSlug: "lockbox-secrets", requirement: "The marketplace's test returned usable output", expected: "met", basis: "testStatus", kind: "test-status", split: "dev" },
  // chronoshelf
  { id: "B240", serviceSlug: "chronoshelf", requirement: "Raw data points retained for 90 days", expected: "unmet", basis: "Raw points are kept for 30 days, and hourly rollups for 2 years.", kind: "quantity", split: "dev" },
  { id: "B241", serviceSlug: "chronoshelf", requirement: "Hourly aggregates kept for at least a year", expected: "met", basis: "Raw points are kept for 30 days, and hourly rollups for 2 years.", kind: "quantity", split: "heldout" },
  { id: "B242", serviceSlug: "chronoshelf", requirement: "Each series can carry 32 tags", expected: "unmet", basis: "Series can carry up to 16 tags.", kind: "quantity", split: "dev" },
  { id: "B243", serviceSlug: "chronoshelf", requirement: "A marketplace test of the query endpoint returned real data", expected: "met", basis: "testStatus", kind: "test-status", split: "dev" },
  // gantry-cdn
  { id: "B244", serviceSlug: "gantry-cdn", requirement: "Served from more than 100 edge locations", expected: "met", basis: "Assets are served from 140 edge locations.", kind: "quantity", split: "dev" },
  { id: "B245", serviceSlug: "gantry-cdn", requirement: "A smaller variant of an image can be served just by adding width and height to its URL", expected: "met", basis: "Image URLs accept width, height and format parameters for on-the-fly resizing.", kind: "paraphrase", split: "heldout" },
  { id: "B246", serviceSlug: "gantry-cdn", requirement: "The upload fee includes 50 GB of monthly egress per asset", expected: "unmet", basis: "The upload price includes 10 GB of egress per asset per month.", kind: "quantity", split: "dev" },
  { id: "B247", serviceSlug: "gantry-cdn", requirement: "Uploading an asset costs no more than 0.003 USD", expected: "met", basis: "POST /v1/assets 0.003", kind: "price", split: "dev" },
  // folio-docs
  { id: "B248", serviceSlug: "folio-docs", requirement: "Documents of 5 MB", expected: "unmet", basis: "Documents are limited to 1 MB.", kind: "quantity", split: "dev" },
  { id: "B249", serviceSlug: "folio-docs", requirement: "15 secondary indexes on one collection", expected: "unmet", basis: "Up to 10 secondary indexes can be created per collection.", kind: "quantity", split: "heldout" },
  { id: "B250", serviceSlug: "folio-docs", requirement: "Has gone through a marketplace test call", expected: "unmet", basis: "testStatus", kind: "test-status", split: "dev" },
  // stampwell
  { id: "B251", serviceSlug: "stampwell", requirement: "Our documents never leave our systems; only a fingerprint of them is sent", expected: "met", basis: "Only hashes are sent to Stampwell; the underlying data never leaves the caller.", kind: "paraphrase", split: "dev" },
  { id: "B252", serviceSlug: "stampwell", requirement: "The stamp call itself returns a finished, confirmed proof", expected: "unmet", basis: "POST /v1/stamp: Anchors a SHA-256 hash and returns a pending proof.", kind: "negation", split: "heldout" },
  { id: "B253", serviceSlug: "stampwell", requirement: "Anchors hashes on the Bitcoin blockchain specifically", expected: "unknown", basis: "Proofs follow the OpenTimestamps format and can be verified without Stampwell. (the chains used are not named)", kind: "paraphrase", split: "dev" },
  { id: "B254", serviceSlug: "stampwell", requirement: "Verifying a proof costs at most 0.001 USD", expected: "met", basis: "POST /v1/verify 0.001", kind: "price", split: "dev" },
  // nodegarden-graph
  { id: "B255", serviceSlug: "nodegarden-graph", requirement: "A graph of 10 million nodes", expected: "unmet", basis: "Graphs are limited to 5 million nodes and 20 million edges.", kind: "quantity", split: "dev" },
  { id: "B256", serviceSlug: "nodegarden-graph", requirement: "Long analytical queries may run for 2 minutes", expected: "unmet", basis: "Queries are cancelled after 30 seconds of execution.", kind: "quantity", split: "heldout" },
  { id: "B257", serviceSlug: "nodegarden-graph", requirement: "Full openCypher compatibility", expected: "unknown", basis: "not documented (the description only says a Cypher-like language)", kind: "paraphrase", split: "dev" },
  { id: "B258", serviceSlug: "nodegarden-graph", requirement: "A marketplace probe got real output from it", expected: "met", basis: "testStatus", kind: "test-status", split: "dev" },
];

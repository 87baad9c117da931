// Topic-specific review fragments. Placeholders: {name} service name, {what} / {What} the kind
// of output (from the spec), {path} the reviewed endpoint path. `only` / `not` restrict a
// fragment to (or away from) particular services so it never contradicts their documentation.
import type { Topic } from "./spec";

export interface Frag {
  t: string;
  tags?: string[];
  only?: string[];
  not?: string[];
}

export interface TopicPool {
  good: Frag[];
  bad: Frag[];
  mixed: Frag[];
  titlesGood: string[];
  titlesMixed: string[];
  titlesBad: string[];
}

export function fragApplies(f: Frag, slug: string): boolean {
  if (f.only && !f.only.includes(slug)) return false;
  if (f.not?.includes(slug)) return false;
  return true;
}

const FORECASTERS = [
  "isobar-weather",
  "tidewell-marine-forecasts",
  "agrimet-fields",
  "breezepoint-air",
  "sunfield-irradiance",
  "gustline-wind",
  "boreal-snowpack",
];
const ADDRESSY = ["waypoint-geocode", "parcelgrid", "locus-atlas"];
const JS_RENDERERS = ["crawlwise-render", "crawlwise-extract", "snapframe"];
const NEWSY_SEARCH = [
  "lumen-index",
  "brightwater-news-search",
  "vectorwell",
  "answerline",
  "threadseek",
  "tenkay-filings",
];
const SOCIAL_COUNTS = [
  "chirpgraph",
  "reachgauge",
  "clipchatter",
  "ripplecount",
  "kinship-graph",
  "castline",
  "fediscope",
  "huddlemap-communities",
  "mentionmill-monitor",
];
const SOCIAL_STREAMS = [
  "chirpgraph",
  "castline",
  "mentionmill-monitor",
  "mentionmill-alerts",
  "trendpulse",
  "flarewatch",
  "fediscope",
];
const NOT_LISTENING = ["postwright", "handlecheck", "sentimentry", "tagsmith", "creatorbase-directory"];
const UPLOADERS = [
  "vaultline-blob",
  "vaultline-sites",
  "pinwheel-ipfs",
  "ferry-files",
  "coldstack-archive",
  "fathom-backup",
  "tabletop-datasets",
  "gantry-cdn",
];
const KV_LIKE = [
  "keystone-kv",
  "folio-docs",
  "shardbase-sql",
  "quiver-vectors",
  "memoria",
  "hotshelf-cache",
  "vaultline-blob",
  "nodegarden-graph",
  "chronoshelf",
  "tallyhall-logs",
];
const NON_GENERATIVE = [
  "tokenmeter",
  "embedline",
  "sortwise-rerank",
  "blackline-pii",
  "bulwark-guardrails",
  "labelhouse",
  "pebble-lm",
];

export const TOPIC_POOLS: Record<Topic, TopicPool> = {
  weather: {
    good: [
      { t: "Values matched our own sensor readings closely on most days we checked.", tags: ["accurate"] },
      {
        t: "Timing of rain onset was right to within an hour on most days.",
        tags: ["accurate"],
        only: ["isobar-weather", "agrimet-fields"],
      },
      { t: "Units and time zones are explicit in every response, so parsing was trivial." },
      {
        t: "The series came back complete, with no missing hours.",
        tags: ["reliable"],
        not: ["isobar-climate-normals"],
      },
      { t: "Coverage was solid even for remote points we expected to be thin.", tags: ["great-coverage"] },
      { t: "The JSON is compact, which keeps our agent's context small." },
      { t: "Model-run timestamps are included, so we can tell exactly how fresh the {what} are.", only: FORECASTERS },
      { t: "Extreme values looked realistic rather than smoothed into blandness.", tags: ["accurate"] },
      {
        t: "Decoded fields matched the raw reports every time we compared them.",
        tags: ["accurate"],
        only: ["skyfix-aviation-weather"],
      },
      {
        t: "Hail reports lined up with the claims we already knew about.",
        tags: ["accurate"],
        only: ["cirrusline", "stormtrack-labs"],
      },
    ],
    bad: [
      { t: "Values drifted badly from observations for coastal points.", tags: ["inaccurate"] },
      {
        t: "Several responses carried a model run that was more than six hours old.",
        tags: ["stale-data"],
        only: FORECASTERS,
      },
      {
        t: "High-elevation points came back with numbers that were clearly wrong.",
        tags: ["inaccurate"],
        not: ["tidewell-marine-forecasts"],
      },
      { t: "Timestamps lacked an offset marker, which confused our scheduler." },
      { t: "A few entries in the series were null with no explanation.", tags: ["flaky"] },
      { t: "Outside Europe and North America the {what} get noticeably thinner.", tags: ["poor-coverage"] },
    ],
    mixed: [
      { t: "Accuracy was good for the first day and drifted noticeably by day four.", only: FORECASTERS },
      { t: "Cities were fine; mountain and coastal points were hit and miss." },
      { t: "Most fields are great, but amounts were less reliable than timing." },
      { t: "Data quality is good, though the update cadence is slower than we hoped.", tags: ["stale-data"] },
    ],
    titlesGood: [
      "Reliable {what}",
      "Accurate enough to schedule crews on",
      "Clean weather JSON at a fair price",
      "Our default weather source now",
      "Solid data for outdoor planning",
      "{What} that match our sensors",
    ],
    titlesMixed: [
      "Good near-term, shakier further out",
      "Fine data, odd timestamps",
      "Decent, but check coastal points",
      "Useful, with caveats on freshness",
    ],
    titlesBad: ["Stale data and gaps in the series", "Numbers way off for our sites", "Too many nulls to trust"],
  },
  geo: {
    good: [
      {
        t: "Results were right at rooftop level for most of our urban test set.",
        tags: ["accurate"],
        only: ["waypoint-geocode", "parcelgrid"],
      },
      {
        t: "It handled abbreviations, typos and missing postcodes better than we expected.",
        tags: ["accurate"],
        only: ADDRESSY,
      },
      {
        t: "Confidence scores were meaningful; low scores really did flag bad inputs.",
        only: ["waypoint-geocode", "parcelgrid"],
      },
      {
        t: "Coverage across Europe, Latin America and Southeast Asia was consistent.",
        tags: ["great-coverage"],
        not: ["parcelgrid", "floodplain-analytics"],
      },
      { t: "Structured fields are named consistently, so there is no special-casing per country." },
      {
        t: "Polygons and coordinates lined up with our GIS layers without any reprojection work.",
        tags: ["accurate"],
        only: [
          "parcelgrid",
          "perimeter-geofence",
          "lanecraft-routing",
          "tessellate-maps",
          "floodplain-analytics",
          "contourline-elevation",
        ],
      },
      { t: "The same input gives the same answer between calls, which matters for caching." },
      {
        t: "DST transitions were correct for every edge case we threw at it, including Lord Howe Island.",
        tags: ["accurate"],
        only: ["meridian-zones"],
      },
      {
        t: "Country-level results were right for essentially every IP we checked.",
        tags: ["accurate"],
        only: ["netlocus-ip-geo"],
      },
      {
        t: "Elevation profiles agreed with our GPS tracks to within a few metres.",
        tags: ["accurate"],
        only: ["contourline-elevation"],
      },
      { t: "Rendered maps look clean and the attribution is placed sensibly.", only: ["tessellate-maps"] },
      {
        t: "Drive times were close to what our drivers actually logged.",
        tags: ["accurate"],
        only: ["lanecraft-routing"],
      },
      {
        t: "Scores lined up with the flood history we knew for our test addresses.",
        tags: ["accurate"],
        only: ["floodplain-analytics"],
      },
    ],
    bad: [
      {
        t: "Rural addresses often snapped to the town centroid instead of the property.",
        tags: ["inaccurate"],
        only: ["waypoint-geocode", "parcelgrid", "floodplain-analytics"],
      },
      { t: "Non-Latin scripts came back transliterated inconsistently.", only: ["waypoint-geocode", "locus-atlas"] },
      {
        t: "Some results were several hundred metres off without a low confidence score to warn us.",
        tags: ["inaccurate"],
        only: ADDRESSY,
      },
      {
        t: "Recently built streets were missing entirely.",
        tags: ["stale-data"],
        only: ["waypoint-geocode", "lanecraft-routing", "locus-atlas", "tessellate-maps"],
      },
      {
        t: "Coverage outside the US and Western Europe was patchy.",
        tags: ["poor-coverage"],
        not: ["parcelgrid", "floodplain-analytics"],
      },
      { t: "The same query returned different results on consecutive calls.", tags: ["flaky"] },
      { t: "A few responses came back empty for inputs that clearly should have matched.", tags: ["flaky"] },
    ],
    mixed: [
      {
        t: "Great for cities, noticeably weaker for rural locations.",
        only: ["waypoint-geocode", "parcelgrid", "locus-atlas", "netlocus-ip-geo", "lanecraft-routing"],
      },
      { t: "Accuracy is fine once you normalize inputs first; raw user text does worse.", only: ADDRESSY },
      { t: "Good data, but the response shape differs slightly between endpoints." },
    ],
    titlesGood: [
      "Accurate {what}",
      "Handles messy input well",
      "Dependable geo building block",
      "Precise and cheap",
      "Spot-on {what}",
    ],
    titlesMixed: ["Good in cities, weaker elsewhere", "Works once inputs are cleaned", "Solid, with some rough edges"],
    titlesBad: ["Too many off-target results", "Patchy coverage outside the US", "Inconsistent between calls"],
  },
  scrape: {
    good: [
      {
        t: "It rendered React and Vue pages correctly where our plain fetcher got empty shells.",
        tags: ["accurate"],
        only: JS_RENDERERS,
      },
      {
        t: "Output was clean: no cookie banners, nav menus or footer junk.",
        only: ["pagesift", "crawlwise-extract", "trawler-crawl", "snapframe"],
      },
      {
        t: "Tables survived conversion intact, which matters for pricing pages.",
        tags: ["accurate"],
        only: ["pagesift", "quarry-pdf", "crawlwise-extract", "trawler-crawl"],
      },
      {
        t: "The block rate on protected retail sites was far lower than with our in-house setup.",
        tags: ["reliable"],
        only: ["harvestline-proxy", "crawlwise-render"],
      },
      { t: "Encoding was handled properly for Japanese and Arabic pages." },
      {
        t: "Responses include the final URL after redirects, which saved us a lookup.",
        only: ["pagesift", "harvestline-proxy", "openmeta-links", "crawlwise-render", "trawler-crawl"],
      },
      {
        t: "Scanned pages came out with far fewer OCR errors than our old pipeline.",
        tags: ["accurate"],
        only: ["quarry-pdf"],
      },
      { t: "Diffs focused on real content changes rather than noise.", tags: ["accurate"], only: ["diffhound"] },
      { t: "Feeds with broken dates and odd encodings were normalized cleanly.", only: ["feedforge"] },
      { t: "Preview images and titles were right for nearly every URL.", tags: ["accurate"], only: ["openmeta-links"] },
    ],
    bad: [
      {
        t: "Roughly one page in ten came back as a bot-challenge page instead of content.",
        tags: ["flaky"],
        only: [
          "harvestline-proxy",
          "crawlwise-render",
          "crawlwise-extract",
          "pagesift",
          "snapframe",
          "openmeta-links",
          "trawler-crawl",
        ],
      },
      {
        t: "Long pages were cut off silently, with no truncation flag.",
        only: ["pagesift", "crawlwise-extract", "trawler-crawl"],
      },
      {
        t: "Some pages came from a cache that was clearly older than advertised.",
        tags: ["stale-data"],
        only: ["crawlwise-render", "openmeta-links", "feedforge"],
      },
      { t: "Lazy-loaded sections were missing unless we added explicit waits.", only: JS_RENDERERS },
      { t: "Character encoding broke on a few Eastern European sites." },
      { t: "Timeouts were frequent on heavy single-page apps.", tags: ["timeouts"], only: JS_RENDERERS },
      { t: "Multi-column layouts came out with lines interleaved.", only: ["quarry-pdf"] },
      { t: "We got change alerts for rotating banners that should have been ignored.", only: ["diffhound"] },
      { t: "Some feeds returned items in the wrong order.", only: ["feedforge"] },
      {
        t: "Previews for some news sites showed the site logo instead of the article image.",
        only: ["openmeta-links"],
      },
    ],
    mixed: [
      { t: "Great on static sites, inconsistent on heavy single-page apps.", only: [...JS_RENDERERS, "trawler-crawl"] },
      {
        t: "Content quality is good, but you need retries for the hard sites.",
        only: ["harvestline-proxy", "crawlwise-render", "crawlwise-extract", "pagesift"],
      },
      { t: "Works well for English pages; other languages needed more cleanup." },
    ],
    titlesGood: [
      "Clean {what}, few failures",
      "Reliable scraping building block",
      "Just works on hard pages",
      "Great input for our RAG pipeline",
      "Solid {what} at a fair price",
    ],
    titlesMixed: [
      "Good on easy sites, shaky on hard ones",
      "Useful, but plan for retries",
      "Decent output, some cleanup needed",
    ],
    titlesBad: ["Too many failed pages", "Silent failures bit us", "Flaky on the sites we care about"],
  },
  data: {
    good: [
      { t: "Records matched the official sources we spot-checked.", tags: ["accurate"] },
      { t: "Fields are consistently typed and documented, so mapping took an afternoon.", tags: ["good-docs"] },
      { t: "Changes at the source showed up quickly." },
      {
        t: "Coverage of smaller jurisdictions was better than we expected.",
        tags: ["great-coverage"],
        only: ["ledgerline-company-data", "sanctionscan", "tariffline-trade-data", "docketline"],
      },
      { t: "Identifiers are stable across calls, which makes deduplication easy." },
      {
        t: "Every record carries a source and a last-updated timestamp.",
        not: ["namespring", "brandmark-logos", "inboxprobe"],
      },
    ],
    bad: [
      {
        t: "Several records were weeks behind the official source.",
        tags: ["stale-data"],
        not: ["namespring", "inboxprobe"],
      },
      { t: "Some fields were empty for a large share of records." },
      {
        t: "Duplicates slipped through, including the same record under two ids.",
        not: ["namespring", "inboxprobe", "fxmint-rates"],
      },
      { t: "Coverage outside the US and UK was thin.", tags: ["poor-coverage"] },
      { t: "A couple of values were simply wrong when we checked them by hand.", tags: ["inaccurate"] },
    ],
    mixed: [
      { t: "Great for the big markets, sparse for smaller ones." },
      { t: "Data is accurate when present, but fill rates vary a lot by field." },
      { t: "Freshness is fine for daily use, not for anything time-critical.", tags: ["stale-data"] },
    ],
    titlesGood: [
      "Trustworthy {what}",
      "Accurate and well structured",
      "Exactly the data we needed",
      "Clean records, stable ids",
      "Solid {what} for agents",
    ],
    titlesMixed: ["Good coverage in big markets only", "Useful, but check fill rates", "Accurate but not always fresh"],
    titlesBad: ["Records lag the source", "Too many gaps and duplicates", "Not reliable enough for compliance"],
  },
  search: {
    good: [
      { t: "Top results were relevant for almost every query in our eval set.", tags: ["accurate"] },
      { t: "Result fields were informative enough that we rarely needed a second call." },
      { t: "Freshness was good; items from the last hour showed up.", only: NEWSY_SEARCH },
      { t: "Filters worked as documented.", tags: ["good-docs"] },
      { t: "Long natural-language queries worked better than with keyword engines.", tags: ["accurate"] },
      { t: "Deduplication is good; we rarely saw the same item twice." },
    ],
    bad: [
      { t: "Relevance dropped off sharply after the first three results.", tags: ["inaccurate"] },
      {
        t: "Too many results were low-quality filler.",
        only: ["lumen-index", "lumen-index-images", "vectorwell", "threadseek", "shelfscan-product-search"],
      },
      { t: "Recent items were missing for queries about the last 24 hours.", tags: ["stale-data"], only: NEWSY_SEARCH },
      { t: "Non-English queries returned mostly English results.", not: ["pantrywise"] },
      { t: "Pagination returned overlapping results.", tags: ["flaky"] },
    ],
    mixed: [
      { t: "Great for broad queries, weaker on niche ones." },
      { t: "Relevance is good, but the result fields are thinner than we hoped." },
      { t: "Coverage is solid in English and patchy elsewhere.", not: ["pantrywise"] },
    ],
    titlesGood: [
      "Relevant {what}",
      "High-signal results for agents",
      "Great recall on long queries",
      "Our default for this kind of search",
      "Fresh, relevant and cheap",
    ],
    titlesMixed: ["Strong on broad queries, weak on niche ones", "Good results, thin fields", "Solid, with gaps"],
    titlesBad: ["Relevance falls off fast", "Too much noise in results", "Missing the results we needed"],
  },
  image: {
    good: [
      { t: "Output quality was consistently good at full resolution.", tags: ["accurate"] },
      {
        t: "Edges and fine detail came out cleaner than with the tools we used before.",
        only: ["matte-studio", "clarion-upscale", "pixelforge-edit"],
      },
      { t: "It followed the request and settings closely.", tags: ["accurate"] },
      { t: "Results come back as URLs we could pass straight to the next step." },
      { t: "Batch results were consistent, which matters for a product catalogue." },
      {
        t: "Small text and fine details survived processing intact.",
        only: ["clarion-upscale", "cropshop-transform", "matte-studio"],
      },
    ],
    bad: [
      { t: "Artefacts showed up around edges on roughly one image in five." },
      {
        t: "Some outputs ignored parts of the prompt entirely.",
        tags: ["inaccurate"],
        only: ["pixelforge-generate", "pixelforge-edit"],
      },
      { t: "Large inputs failed with a generic 500 instead of a size error.", tags: ["flaky"] },
      { t: "Colours shifted noticeably compared with the source image.", not: ["pixelforge-generate"] },
      { t: "Output URLs expired before our pipeline picked them up." },
    ],
    mixed: [
      { t: "Great on clean studio shots, weaker on cluttered scenes.", not: ["pixelforge-generate"] },
      { t: "Quality is good, but it is slower than we would like for interactive use.", tags: ["slow"] },
      { t: "Most outputs were usable; about one in ten needed a retry." },
    ],
    titlesGood: [
      "Consistently good {what}",
      "Production-quality output",
      "Clean results, easy integration",
      "Great quality per dollar",
    ],
    titlesMixed: [
      "Good on easy inputs, shaky on hard ones",
      "Usable, but expect retries",
      "Nice output, slow turnaround",
    ],
    titlesBad: ["Too many artefacts", "Ignores parts of the request", "Unreliable on large files"],
  },
  vision: {
    good: [
      { t: "Results were accurate on our hand-checked sample of a few hundred images.", tags: ["accurate"] },
      {
        t: "Scores were well calibrated, so our thresholds carried over between batches.",
        only: ["safeframe-moderation", "provenant", "facet-vision-tagging"],
      },
      { t: "It picked up small details we expected it to miss." },
      {
        t: "False positives were rare on ordinary product photos.",
        tags: ["accurate"],
        only: ["safeframe-moderation", "provenant"],
      },
      { t: "Results are deterministic for the same image, which makes caching safe." },
      {
        t: "Totals and dates were parsed correctly even on crumpled receipts.",
        tags: ["accurate"],
        only: ["glyphread-ocr"],
      },
      { t: "Codes decoded reliably even from angled phone photos.", only: ["quirk-qr"] },
      { t: "It recognized niche templates our moderators had never heard of.", only: ["memeindex"] },
    ],
    bad: [
      {
        t: "False positives on harmless images were frequent enough to need human review.",
        tags: ["inaccurate"],
        only: ["safeframe-moderation", "provenant", "memeindex"],
      },
      { t: "It missed obvious cases in low-light or cropped images.", tags: ["inaccurate"] },
      {
        t: "Scores for the same image shifted between calls.",
        tags: ["flaky"],
        only: ["safeframe-moderation", "provenant", "facet-vision-tagging"],
      },
      { t: "Small or heavily compressed images often returned an error instead of a result.", tags: ["flaky"] },
      {
        t: "Handwritten totals were misread more often than we could accept.",
        tags: ["inaccurate"],
        only: ["glyphread-ocr"],
      },
    ],
    mixed: [
      { t: "Accurate on clean images, shakier on screenshots and photos of screens." },
      { t: "Good recall, but precision needs a second pass." },
      { t: "Useful signal, though we still keep a human in the loop." },
    ],
    titlesGood: [
      "Accurate {what}",
      "Trustworthy image analysis",
      "Reliable first-pass filter",
      "Does the tedious part well",
    ],
    titlesMixed: ["Good first pass, needs review", "Fine on clean images", "Decent signal, some noise"],
    titlesBad: ["Too many wrong calls", "Misses the obvious cases", "Inconsistent results"],
  },
  audio: {
    good: [
      { t: "Output sounded natural, including numbers and abbreviations.", tags: ["accurate"], only: ["voxmill-tts"] },
      {
        t: "Results on our two-person calls were right almost every time.",
        tags: ["accurate"],
        only: ["scribewell-transcribe"],
      },
      {
        t: "Accented English and code-switching were handled better than we expected.",
        only: ["scribewell-transcribe"],
      },
      {
        t: "Timestamps were precise enough to cut clips automatically.",
        only: ["scribewell-transcribe", "soundprint-id"],
      },
      {
        t: "Audio came back in the requested format with no re-encoding on our side.",
        only: ["voxmill-tts", "cadenza-audio", "podpolish-audio"],
      },
      { t: "Generated tracks loop cleanly and fit the requested mood.", only: ["cadenza-audio"] },
      {
        t: "Matches were correct for nearly every studio track we tested.",
        tags: ["accurate"],
        only: ["soundprint-id"],
      },
      {
        t: "Background hum and room echo were removed without making voices sound robotic.",
        only: ["podpolish-audio"],
      },
    ],
    bad: [
      {
        t: "Quality fell apart on noisy recordings.",
        tags: ["inaccurate"],
        only: ["scribewell-transcribe", "soundprint-id", "podpolish-audio"],
      },
      { t: "Proper nouns and product names were garbled often.", only: ["voxmill-tts", "scribewell-transcribe"] },
      { t: "Some outputs had clicks or clipped endings.", only: ["voxmill-tts", "cadenza-audio", "podpolish-audio"] },
      {
        t: "Long files failed partway, with no way to resume the job.",
        tags: ["flaky"],
        only: ["scribewell-transcribe", "podpolish-audio", "soundprint-id"],
      },
      {
        t: "Language auto-detection picked the wrong language on short clips.",
        tags: ["inaccurate"],
        only: ["scribewell-transcribe"],
      },
      { t: "Tracks drifted away from the requested tempo and mood.", only: ["cadenza-audio"] },
    ],
    mixed: [
      {
        t: "Great on clean audio, mediocre on phone-quality recordings.",
        only: ["scribewell-transcribe", "podpolish-audio", "soundprint-id"],
      },
      { t: "Quality is good, but long files take a while to process.", tags: ["slow"] },
      {
        t: "English is excellent; other languages are noticeably weaker.",
        only: ["voxmill-tts", "scribewell-transcribe"],
      },
      { t: "Fine for background beds, too generic for anything featured.", only: ["cadenza-audio"] },
    ],
    titlesGood: [
      "Excellent {what}",
      "Holds up on real-world audio",
      "Solid audio building block",
      "Great quality for the price",
    ],
    titlesMixed: ["Good on clean input only", "Solid, with language gaps", "Good output, slow on long files"],
    titlesBad: ["Too many errors on real-world audio", "Fails on long files", "Not good enough for production"],
  },
  video: {
    good: [
      {
        t: "Output files played everywhere we tested without re-encoding.",
        only: ["framewise-video", "lumacast", "dubline"],
      },
      {
        t: "Timing was accurate to the frame on the clips we checked.",
        tags: ["accurate"],
        only: ["framewise-video", "captionsmith", "dubline", "reelnotes"],
      },
      { t: "Results looked polished enough to publish without manual touch-ups." },
      { t: "Job status polling is straightforward and the output URLs are stable." },
      { t: "It handled vertical and horizontal sources equally well.", not: ["lumacast"] },
      { t: "Chapters and summaries matched what was actually said.", tags: ["accurate"], only: ["reelnotes"] },
      { t: "Line breaks and cue lengths followed our rules exactly.", only: ["captionsmith"] },
    ],
    bad: [
      { t: "Jobs sat in a processing state for hours on a few occasions.", tags: ["flaky"] },
      { t: "Audio drifted out of sync on longer clips.", only: ["dubline", "framewise-video"] },
      { t: "Output quality dropped noticeably at higher resolutions.", only: ["framewise-video", "lumacast"] },
      { t: "Two failed jobs were still charged.", tags: ["billing-issue"] },
      { t: "Some outputs had visible artefacts in fast motion.", only: ["lumacast", "framewise-video"] },
      {
        t: "Summaries missed key points from the second half of long talks.",
        tags: ["inaccurate"],
        only: ["reelnotes"],
      },
      { t: "Cues were often split mid-phrase.", only: ["captionsmith"] },
    ],
    mixed: [
      { t: "Great on short clips, less reliable on long ones." },
      { t: "Quality is good but turnaround varies a lot between jobs.", tags: ["slow"] },
      { t: "Results are usable, though we still do a manual pass." },
    ],
    titlesGood: [
      "Publish-ready {what}",
      "Reliable video pipeline step",
      "Great output, simple async API",
      "Saves hours of manual work",
    ],
    titlesMixed: ["Good on short clips", "Solid results, variable turnaround", "Usable with a manual pass"],
    titlesBad: ["Stuck jobs and sync problems", "Charged for failed jobs", "Quality not there yet"],
  },
  social: {
    good: [
      {
        t: "Coverage of the networks we care about was broad and timely.",
        tags: ["great-coverage"],
        not: NOT_LISTENING,
      },
      { t: "Numbers matched what we saw in the native apps.", tags: ["accurate"], only: SOCIAL_COUNTS },
      {
        t: "Spam and bot content was filtered out well.",
        only: [
          "chirpgraph",
          "mentionmill-monitor",
          "mentionmill-alerts",
          "clipchatter",
          "trendpulse",
          "flarewatch",
          "boardkeeper",
        ],
      },
      { t: "New activity showed up within minutes.", only: SOCIAL_STREAMS },
      {
        t: "Author metadata was rich enough to rank by influence.",
        only: [
          "chirpgraph",
          "mentionmill-monitor",
          "reachgauge",
          "castline",
          "boardkeeper",
          "clipchatter",
          "creatorbase-directory",
        ],
      },
      { t: "Sarcasm and emoji-heavy posts were scored sensibly.", tags: ["accurate"], only: ["sentimentry"] },
      { t: "Scheduled posts went out on time on every connected account.", tags: ["reliable"], only: ["postwright"] },
      {
        t: "Availability results matched our manual checks on the networks we tried.",
        tags: ["accurate"],
        only: ["handlecheck"],
      },
      { t: "Suggested hashtags were relevant and not the usual spammy ones.", only: ["tagsmith"] },
      {
        t: "Flagged accounts were overwhelmingly the ones our moderators would have flagged.",
        tags: ["accurate"],
        only: ["authentica-signals"],
      },
      {
        t: "Reviews from every storefront we care about were present, with translations.",
        tags: ["great-coverage"],
        only: ["reviewharbor"],
      },
      {
        t: "Matches pointed to the right fact-check for most viral claims we tried.",
        tags: ["accurate"],
        only: ["claimcheck-social"],
      },
      {
        t: "Contact details were current for most creators we emailed.",
        tags: ["accurate"],
        only: ["creatorbase-directory"],
      },
      { t: "The results were easy to feed straight into our reports." },
    ],
    bad: [
      {
        t: "Counts lagged the native apps by hours.",
        tags: ["stale-data"],
        only: [
          "chirpgraph",
          "ripplecount",
          "reachgauge",
          "clipchatter",
          "trendpulse",
          "kinship-graph",
          "huddlemap-communities",
        ],
      },
      {
        t: "A lot of spam and duplicate posts got through.",
        only: [
          "chirpgraph",
          "mentionmill-monitor",
          "mentionmill-alerts",
          "clipchatter",
          "fediscope",
          "boardkeeper",
          "flarewatch",
        ],
      },
      {
        t: "Coverage of smaller networks was thin.",
        tags: ["poor-coverage"],
        only: [
          "mentionmill-monitor",
          "mentionmill-alerts",
          "trendpulse",
          "ripplecount",
          "handlecheck",
          "reachgauge",
          "flarewatch",
        ],
      },
      { t: "Results for non-English content were much sparser.", not: ["handlecheck", "postwright"] },
      {
        t: "Pagination skipped items during busy periods.",
        tags: ["flaky"],
        only: [
          "chirpgraph",
          "mentionmill-monitor",
          "clipchatter",
          "kinship-graph",
          "reviewharbor",
          "boardkeeper",
          "castline",
          "fediscope",
        ],
      },
      { t: "Mixed-language posts were often scored as neutral.", tags: ["inaccurate"], only: ["sentimentry"] },
      { t: "A couple of scheduled posts went out twice.", tags: ["flaky"], only: ["postwright"] },
      { t: "Several networks came back as unknown far more often than expected.", only: ["handlecheck"] },
      { t: "Suggestions leaned towards huge generic tags that bury posts.", only: ["tagsmith"] },
      {
        t: "Legitimate high-volume accounts were flagged as bots too often.",
        tags: ["inaccurate"],
        only: ["authentica-signals"],
      },
      { t: "Reviews from some storefronts lagged by days.", tags: ["stale-data"], only: ["reviewharbor"] },
      { t: "Paraphrased claims often went unmatched.", only: ["claimcheck-social"] },
      { t: "Several contact emails bounced.", tags: ["stale-data"], only: ["creatorbase-directory"] },
      { t: "Responses were inconsistent enough that we had to add our own checks.", tags: ["flaky"] },
    ],
    mixed: [
      { t: "Great for English content, weaker elsewhere.", not: ["handlecheck", "postwright"] },
      {
        t: "Timely on big networks, laggy on the smaller ones.",
        tags: ["stale-data"],
        only: ["mentionmill-monitor", "mentionmill-alerts", "trendpulse", "ripplecount", "flarewatch", "chirpgraph"],
      },
      { t: "Useful signal, but expect some noise in the results.", not: ["postwright", "handlecheck"] },
      { t: "Does the job, but the edge cases need handling on our side." },
    ],
    titlesGood: ["Timely {what}", "Accurate and fast", "Great input for our social workflows", "Does what it promises"],
    titlesMixed: ["Good signal, some noise", "Useful, with gaps", "Helpful but uneven"],
    titlesBad: ["Not reliable enough", "Too much noise in results", "Disappointing coverage"],
  },
  storage: {
    good: [
      { t: "Reads were consistently quick and writes were visible immediately.", tags: ["fast"], only: KV_LIKE },
      { t: "Not once did we lose data or see a corrupted object.", tags: ["reliable"], not: ["stampwell", "snipbin"] },
      {
        t: "Wallet-based ownership means no account setup, which is ideal for agents.",
        only: ["vaultline-blob", "keystone-kv", "lockbox-secrets", "memoria"],
      },
      { t: "The API surface is small and predictable." },
      { t: "Large uploads went through on the first try.", tags: ["reliable"], only: UPLOADERS },
      { t: "Proofs verified independently with open tooling.", only: ["stampwell"] },
      {
        t: "Messages were never lost, and redelivery worked as documented.",
        tags: ["reliable"],
        only: ["relaybox-queues"],
      },
      { t: "Restores arrived well within the promised window.", only: ["coldstack-archive", "fathom-backup"] },
      { t: "Secret reads are quick and the audit log is genuinely useful.", only: ["lockbox-secrets"] },
      { t: "Recall surfaced the right preferences even from old sessions.", tags: ["accurate"], only: ["memoria"] },
      {
        t: "Query results were identical to our local brute-force check.",
        tags: ["accurate"],
        only: ["quiver-vectors"],
      },
      { t: "Deploys went live in seconds.", tags: ["fast"], only: ["vaultline-sites"] },
    ],
    bad: [
      {
        t: "A few writes returned 200 but the data was not readable for several seconds.",
        tags: ["flaky"],
        only: KV_LIKE,
      },
      { t: "Large uploads failed intermittently without a useful error.", tags: ["flaky"], only: UPLOADERS },
      {
        t: "Listing gets slow once you have more than a few thousand items.",
        tags: ["slow"],
        only: ["vaultline-blob", "keystone-kv", "folio-docs", "pinwheel-ipfs", "fathom-backup", "tallyhall-logs"],
      },
      {
        t: "There is no way to recover data after an accidental delete.",
        not: ["fathom-backup", "shardbase-sql", "coldstack-archive", "arkive-permanent", "stampwell", "tallyhall-logs"],
      },
      { t: "Error messages are vague when a quota or size limit is hit.", tags: ["poor-docs"] },
      { t: "Proofs stayed pending longer than we expected.", only: ["stampwell"] },
      { t: "We saw more duplicate deliveries than expected.", only: ["relaybox-queues"] },
      {
        t: "Recall sometimes returned preferences the user had since changed.",
        tags: ["stale-data"],
        only: ["memoria"],
      },
    ],
    mixed: [
      { t: "Great for small items, less so for multi-gigabyte files.", only: UPLOADERS },
      { t: "Reliable, but per-request pricing adds up for chatty workloads.", tags: ["pricey"] },
      { t: "Works well once you learn the consistency caveats.", only: KV_LIKE },
      { t: "Solid basics, but the feature set is thin compared with a managed cloud product." },
    ],
    titlesGood: [
      "Dependable {what}",
      "Simple, fast and agent-friendly",
      "Storage that just works",
      "No account needed, no surprises",
    ],
    titlesMixed: ["Good for small workloads", "Reliable but adds up at volume", "Fine once you learn the caveats"],
    titlesBad: ["Intermittent failures", "Not dependable enough", "Slow and vague errors"],
  },
  llm: {
    good: [
      {
        t: "Output quality was on par with much larger models for our tasks.",
        tags: ["accurate"],
        not: ["tokenmeter"],
      },
      {
        t: "It followed the requested format reliably, with almost no malformed JSON.",
        not: ["tokenmeter", "embedline"],
      },
      { t: "Results were consistent across runs with the same input.", tags: ["reliable"] },
      {
        t: "German, Spanish and Japanese inputs worked without any quality loss.",
        not: ["medlex-clinical-nlp", "tokenmeter", "forgecode", "pebble-lm"],
      },
      { t: "Usage figures in the response made cost tracking easy.", not: ["tokenmeter"] },
      {
        t: "Counts matched the providers' billed token counts exactly in our checks.",
        tags: ["accurate"],
        only: ["tokenmeter"],
      },
      {
        t: "Retrieval quality improved noticeably over our previous embeddings.",
        tags: ["accurate"],
        only: ["embedline"],
      },
      {
        t: "Top-3 precision jumped noticeably after adding the reranker.",
        tags: ["accurate"],
        only: ["sortwise-rerank"],
      },
      {
        t: "It caught IBANs and phone numbers in formats our regexes missed.",
        tags: ["accurate"],
        only: ["blackline-pii"],
      },
      {
        t: "It caught the hidden-text injections in our red-team set.",
        tags: ["accurate"],
        only: ["bulwark-guardrails"],
      },
    ],
    bad: [
      { t: "It made up details on a noticeable share of inputs.", tags: ["inaccurate"], not: NON_GENERATIVE },
      { t: "Malformed JSON showed up often enough that we added a repair step.", not: ["schemafy", ...NON_GENERATIVE] },
      { t: "Quality varied a lot between identical requests.", tags: ["flaky"], not: ["tokenmeter"] },
      { t: "Long inputs were truncated without any warning." },
      { t: "Non-English performance was clearly weaker.", not: ["medlex-clinical-nlp", "tokenmeter"] },
      { t: "Counts for one tokenizer were off by a few percent.", tags: ["inaccurate"], only: ["tokenmeter"] },
      { t: "Similar-but-different queries collapsed to near-identical vectors.", only: ["embedline"] },
      { t: "Names written in lowercase were sometimes missed.", only: ["blackline-pii"] },
      { t: "It flagged too many benign security blog posts.", tags: ["inaccurate"], only: ["bulwark-guardrails"] },
    ],
    mixed: [
      { t: "Strong on short inputs, weaker on long documents.", not: ["tokenmeter"] },
      { t: "Good quality, but latency varies a lot by time of day.", tags: ["slow"] },
      { t: "Useful, though we still spot-check outputs by hand.", not: ["tokenmeter"] },
    ],
    titlesGood: [
      "High-quality {what}",
      "Reliable model endpoint for agents",
      "Great quality per dollar",
      "Accurate and well formatted",
    ],
    titlesMixed: ["Good on short inputs", "Solid, but spot-check it", "Quality fine, latency variable"],
    titlesBad: ["Too many wrong outputs", "Unreliable results", "Inconsistent between runs"],
  },
};

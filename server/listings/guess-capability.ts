// A first guess at a listing's capability from the words its provider wrote (the 402's description,
// the bazaar schemas' field names, the URL): a starting point the owner confirms or changes, never
// a claim. No guess when nothing matches, rather than a wrong one.
import type { Capability } from "../catalog/vocabulary";

const WORDS: Record<Capability, readonly string[]> = {
  "maps-weather": [
    "weather",
    "forecast",
    "temperature",
    "geocode",
    "geocoding",
    "map",
    "maps",
    "route",
    "latitude",
    "location",
    "place",
  ],
  "web-data": [
    "scrape",
    "scraping",
    "crawl",
    "crawler",
    "html",
    "page",
    "website",
    "extract",
    "price",
    "stock",
    "quote",
    "market",
  ],
  search: ["search", "query", "find", "lookup", "index", "results"],
  media: ["image", "images", "video", "audio", "photo", "render", "transcribe", "speech", "music", "thumbnail"],
  social: ["social", "tweet", "twitter", "post", "profile", "followers", "farcaster", "reddit", "mention"],
  storage: ["storage", "upload", "file", "files", "bucket", "pin", "ipfs", "store", "blob"],
  "ai-models": [
    "llm",
    "model",
    "inference",
    "completion",
    "chat",
    "embedding",
    "embeddings",
    "prompt",
    "gpt",
    "summarize",
    "translate",
  ],
};

export function guessCapability(text: string): Capability | null {
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  let best: { capability: Capability; hits: number } | null = null;
  for (const [capability, list] of Object.entries(WORDS) as [Capability, readonly string[]][]) {
    const hits = list.filter((w) => words.has(w)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { capability, hits };
  }
  return best?.capability ?? null;
}

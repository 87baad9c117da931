// The sandbox's paid answers: plausible JSON for the offer's capability, computed from the request
// (its input and the endpoint), never canned, and deterministic: the same request gets the same
// answer, so tests and people can compare what they paid for. Numbers come from a hash of the
// request; nothing here is real data, and every answer says so.
import type { Capability } from "../catalog/vocabulary";
import { hashOf } from "./profiles";

export interface SandboxEndpoint {
  slug: string;
  serviceName: string;
  capability: Capability;
  method: string;
  path: string;
}

type Input = Record<string, unknown>;

/** Draws numbers from the request's hash, one after another. */
class Draw {
  private readonly bytes: Buffer;
  private at = 0;
  constructor(seed: string) {
    this.bytes = Buffer.concat([0, 1, 2, 3].map((i) => hashOf(`${seed}:${i}`)));
  }
  /** 0 <= n < 1 */
  unit(): number {
    const n = this.bytes.readUInt32BE(this.at % (this.bytes.length - 3));
    this.at += 4;
    return n / 2 ** 32;
  }
  between(lo: number, hi: number, decimals = 0): number {
    return Number((lo + this.unit() * (hi - lo)).toFixed(decimals));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.unit() * list.length)]!;
  }
}

/** Canonical text of an input (keys sorted), so key order does not change the answer. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Input)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

const text = (input: Input, keys: string[], fallback: string): string => {
  for (const k of keys) {
    const v = input[k];
    if (typeof v === "string" && v.trim() !== "") return v.trim().slice(0, 200);
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
  }
  return fallback;
};
const count = (input: Input, keys: string[], fallback: number, max: number): number => {
  const n = Number(text(input, keys, String(fallback)));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};
const coordinate = (input: Input, key: string, limit: number, draw: Draw): number => {
  const n = Number(text(input, [key], ""));
  return Number.isFinite(n) && Math.abs(n) <= limit && text(input, [key], "") !== ""
    ? n
    : draw.between(-limit / 2, limit / 2, 4);
};
const words = (s: string): string[] =>
  s
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 12) ?? [];
const DAY_MS = 86_400_000;
const DAY0 = Date.UTC(2026, 0, 1);
const day = (i: number) => new Date(DAY0 + i * DAY_MS).toISOString().slice(0, 10);

function weather(e: SandboxEndpoint, input: Input, draw: Draw) {
  const location = {
    lat: coordinate(input, "lat", 90, draw),
    lon: coordinate(input, "lon", 180, draw),
    name: text(input, ["city", "q", "location", "address", "station"], "") || null,
  };
  // An IP-geolocation endpoint ("/v1/ip", "/geoip", "/ip-lookup") locates an address, not a forecast.
  if (/(^|\/)ip(\/|$)|geoip|ip-?geo|ip-?lookup/.test(e.path)) {
    return {
      kind: "ip-location",
      ip: text(input, ["ip", "address", "query"], "203.0.113.45"),
      location: { lat: location.lat, lon: location.lon },
      city: draw.pick(["Lisbon", "Osaka", "Denver", "Nairobi", "Tallinn", "Recife", "Perth"]),
      countryCode: draw.pick(["PT", "JP", "US", "KE", "EE", "BR", "AU"]),
      asn: `AS${draw.between(1000, 65000)}`,
      connectionType: draw.pick(["residential", "business", "mobile", "hosting"]),
    };
  }
  if (/geocod|route|direction|place|map|tile|distance|isochrone/.test(e.path)) {
    return {
      kind: "geo",
      location,
      results: Array.from({ length: 3 }, (_, i) => ({
        rank: i + 1,
        lat: Number((location.lat + draw.between(-0.05, 0.05, 4)).toFixed(4)),
        lon: Number((location.lon + draw.between(-0.05, 0.05, 4)).toFixed(4)),
        distanceKm: draw.between(0.2, 25, 1),
        confidence: Number((0.95 - i * 0.15).toFixed(2)),
      })),
    };
  }
  const days = count(input, ["days", "hours"], 3, 16);
  const base = 25 - Math.abs(location.lat) / 3;
  const series = Array.from({ length: Math.min(days, 7) }, (_, i) => {
    const low = Number((base + draw.between(-6, 2, 1)).toFixed(1));
    return {
      date: day(i),
      tempMinC: low,
      tempMaxC: Number((low + draw.between(3, 11, 1)).toFixed(1)),
      precipitationProbability: draw.between(0, 100),
      windKph: draw.between(0, 60, 1),
      condition: draw.pick(["clear", "partly cloudy", "cloudy", "rain", "showers", "snow", "thunderstorm"]),
    };
  });
  return { kind: "forecast", location, units: text(input, ["units"], "metric"), forecast: series };
}

function search(e: SandboxEndpoint, input: Input, draw: Draw) {
  const query = text(input, ["q", "query", "text", "keywords", "term", "prompt"], "sandbox");
  const limit = count(input, ["limit", "num", "count", "top_k", "k"], 5, 10);
  const slug = words(query).join("-") || "result";
  let score = 0.98;
  const results = Array.from({ length: limit }, (_, i) => {
    score = Number((score - draw.between(0.01, 0.12, 3)).toFixed(3));
    return {
      rank: i + 1,
      title: `${query} — ${draw.pick(["overview", "guide", "news", "reference", "analysis", "FAQ"])} ${i + 1}`,
      url: `https://example.com/${slug}/${i + 1}`,
      snippet: `A result about ${query} (sandbox).`,
      score: Math.max(score, 0.01),
    };
  });
  return { kind: "search", query, totalResults: draw.between(limit, 50_000), results };
}

function webData(e: SandboxEndpoint, input: Input, draw: Draw) {
  const target = text(input, ["url", "domain", "symbol", "ticker", "q", "query", "company"], e.path);
  return {
    kind: "extraction",
    target,
    title: `${target} (sandbox page)`,
    fetchedAt: day(Math.floor(draw.between(0, 300))),
    statusCode: 200,
    words: draw.between(150, 4000),
    links: Array.from(
      { length: 3 },
      (_, i) => `https://example.com/${encodeURIComponent(words(target).join("-") || "page")}/${i + 1}`,
    ),
    fields: { price: draw.between(1, 999, 2), currency: "USD", rating: draw.between(1, 5, 1) },
  };
}

function media(e: SandboxEndpoint, input: Input, draw: Draw) {
  const source = text(input, ["url", "prompt", "text", "image_url", "video_url", "audio_url"], e.path);
  const format = draw.pick(["png", "jpeg", "webp", "mp3", "mp4"]);
  const id = hashOf(`${e.slug}:${source}`).toString("hex").slice(0, 16);
  return {
    kind: "media",
    source,
    asset: {
      id,
      format,
      width: draw.pick([512, 768, 1024, 1920]),
      height: draw.pick([512, 768, 1080]),
      durationSeconds: format === "mp3" || format === "mp4" ? draw.between(1, 300, 1) : null,
      bytes: draw.between(20_000, 5_000_000),
      url: `https://sandbox.invalid/media/${id}.${format}`,
    },
  };
}

function social(e: SandboxEndpoint, input: Input, draw: Draw) {
  const handle = text(input, ["handle", "username", "user", "account", "q", "query", "url"], "sandbox").replace(
    /^@/,
    "",
  );
  return {
    kind: "social",
    handle,
    followers: draw.between(10, 2_000_000),
    following: draw.between(0, 5000),
    posts: Array.from({ length: 3 }, (_, i) => ({
      id: hashOf(`${handle}:${i}`).toString("hex").slice(0, 12),
      postedAt: day(300 - i * 3),
      text: `Post ${i + 1} by @${handle} (sandbox).`,
      likes: draw.between(0, 5000),
      reposts: draw.between(0, 800),
    })),
    sentiment: draw.pick(["positive", "neutral", "negative"]),
  };
}

function storage(e: SandboxEndpoint, input: Input, draw: Draw) {
  const key = text(input, ["key", "path", "name", "filename", "cid", "bucket"], "object");
  const etag = hashOf(`${e.slug}:${canonical(input)}`)
    .toString("hex")
    .slice(0, 32);
  return {
    kind: "storage",
    operation: e.method === "GET" ? "read" : "write",
    key,
    bytes: draw.between(1, 10_000_000),
    etag,
    url: `https://sandbox.invalid/${e.slug}/${encodeURIComponent(key)}`,
    storedUntil: day(Math.floor(draw.between(30, 400))),
  };
}

function aiModels(e: SandboxEndpoint, input: Input, draw: Draw) {
  const prompt = text(input, ["prompt", "input", "text", "query", "q", "messages"], "");
  const promptTokens = Math.max(1, Math.ceil(prompt.length / 4));
  if (/embed/.test(e.path))
    return {
      kind: "embedding",
      model: `${e.slug}-sandbox`,
      dimensions: 8,
      embedding: Array.from({ length: 8 }, () => draw.between(-1, 1, 4)),
      usage: { promptTokens },
    };
  const topic = words(prompt).slice(0, 6).join(" ") || "your request";
  const completion = `A sandbox answer about ${topic}: ${draw.pick(["three points follow", "in short, yes", "it depends on the inputs", "see the summary below"])}.`;
  return {
    kind: "completion",
    model: `${e.slug}-sandbox`,
    output: completion,
    usage: { promptTokens, completionTokens: Math.ceil(completion.length / 4) },
    finishReason: "stop",
  };
}

const BY_CAPABILITY: Record<Capability, (e: SandboxEndpoint, input: Input, draw: Draw) => Record<string, unknown>> = {
  "maps-weather": weather,
  search,
  "web-data": webData,
  media,
  social,
  storage,
  "ai-models": aiModels,
};

/** The paid answer of a sandbox endpoint for this input (a GET's query or a POST's JSON object). */
export function sandboxAnswer(e: SandboxEndpoint, input: Input): Record<string, unknown> {
  const draw = new Draw(`${e.slug}:${e.method}:${e.path}:${canonical(input)}`);
  return {
    sandbox: true,
    service: e.slug,
    endpoint: `${e.method} ${e.path}`,
    input,
    ...BY_CAPABILITY[e.capability](e, input, draw),
    note: `Simulated by the marketplace's sandbox provider for ${e.serviceName}: deterministic, not real data.`,
  };
}

// The demo provider's products: small, deterministic, useful enough to show what a paid call
// returns. Each one validates its own input and computes its answer without any outside service.
import { createHash } from "node:crypto";
import { z } from "zod";
import { toIssues, type Issue } from "../errors";

export interface DemoProduct {
  id: string;
  method: "GET" | "POST";
  path: string;
  /** Price in USD as decimal text (what x402ResourceServer takes as `$<amount>`). */
  priceUsd: string;
  /** Who this product pays (default: the provider's payTo); the sandbox pays each service its own. */
  payTo?: string;
  /** The requirements' maxTimeoutSeconds (default X402_MAX_TIMEOUT_SECONDS). */
  maxTimeoutSeconds?: number;
  name: string;
  description: string;
  /** A complete input: the query of a GET, the JSON body of a POST. */
  example: Record<string, string>;
  /** Input -> answer, or the issues that make the input invalid (answered 400, nothing charged). */
  run(input: { query: URLSearchParams; body: unknown }): { ok: true; result: unknown } | { ok: false; issues: Issue[] };
}

const quoteInput = z.strictObject({
  symbol: z.string().regex(/^[A-Za-z0-9.]{1,12}$/, "a ticker symbol: 1 to 12 letters, digits or dots"),
});

// A quote derived from the symbol's hash: the same symbol always gets the same numbers, so tests
// and people can compare what they paid for.
function quoteOf(symbol: string) {
  const digest = createHash("sha256").update(symbol).digest();
  const cents = 100 + (digest.readUInt32BE(0) % 99_900); // 1.00 .. 999.99
  const spreadBps = 1 + (digest[4]! % 20);
  const bid = Math.round(cents * (1 - spreadBps / 20_000));
  return {
    symbol,
    currency: "USD",
    price: (cents / 100).toFixed(2),
    bid: (bid / 100).toFixed(2),
    ask: ((2 * cents - bid) / 100).toFixed(2),
    asOf: "2026-01-01T00:00:00.000Z",
    source: "local-demo-provider (deterministic, not market data)",
  };
}

const summarizeInput = z.strictObject({ text: z.string().min(1, "must not be empty").max(20_000) });

function summaryOf(text: string) {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const counts = new Map<string, number>();
  for (const w of words) if (w.length > 3) counts.set(w, (counts.get(w) ?? 0) + 1);
  const topWords = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([word, count]) => ({ word, count }));
  return {
    words: words.length,
    sentences: sentences.length,
    characters: [...text].length,
    firstSentence: (sentences[0] ?? "").slice(0, 280),
    topWords,
  };
}

function parsed<S extends z.ZodType>(
  schema: S,
  value: unknown,
  then: (input: z.infer<S>) => unknown,
): ReturnType<DemoProduct["run"]> {
  const input = schema.safeParse(value);
  return input.success ? { ok: true, result: then(input.data) } : { ok: false, issues: toIssues(input.error.issues) };
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    id: "quote",
    method: "GET",
    path: "/v1/quote",
    priceUsd: "0.001",
    name: "Deterministic stock quote",
    description: "A price, bid and ask for a ticker symbol (deterministic demo numbers, not market data).",
    example: { symbol: "ACME" },
    run: ({ query }) => parsed(quoteInput, Object.fromEntries(query), (i) => quoteOf(i.symbol.toUpperCase())),
  },
  {
    id: "summarize",
    method: "POST",
    path: "/v1/summarize",
    priceUsd: "0.002",
    name: "Text summary",
    description: "Word, sentence and character counts, the first sentence and the most frequent words of a text.",
    example: { text: "Agents pay per call. The marketplace records every call." },
    run: ({ body }) => parsed(summarizeInput, body, (i) => summaryOf(i.text)),
  },
];

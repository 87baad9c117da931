// Service embeddings held in memory: one float32 matrix per process (pgvector is not
// available), reloaded when the catalog version changes. Scoring is an exact dot product of
// unit vectors (cosine) computed by a SIMD kernel, deterministic, with ties broken by service id.
import { checkoutConnection } from "../../db";
import { catalogVersion } from "../catalog-version-cache";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID } from "../embeddings/model";
import { createDotScorer, type DotScorer } from "./dot-scores";
import type { Allowed, Hit } from "./types";

export interface VectorIndex {
  version: number;
  ids: string[]; // sorted ascending, so lower ids win ties
  scorer: DotScorer; // its matrix holds row i = embedding of ids[i]
}

let current: VectorIndex | undefined;
let loading: Promise<VectorIndex> | undefined;

// Read straight from the pg pool, page by page (each page's hex text and buffers are garbage as
// soon as it is copied into the matrix): through Prisma the 100,000-row load kept far more alive.
// Rows per page: bounds that transient memory (~10 MB of hex text).
const PAGE = 2000;
// Both columns are kept as the text PostgreSQL sends (no Buffer per vector).
const RAW_TEXT = { getTypeParser: () => (text: string) => text };
async function load(version: number): Promise<VectorIndex> {
  const client = await checkoutConnection();
  let broken: Error | undefined; // a transaction that could not be ended: the connection is closed, not pooled
  try {
    // One snapshot for the count and every page, so rows added meanwhile cannot overflow the matrix.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const where = "model = $1 AND dims = $2";
    const { rows: counted } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM service_embeddings WHERE ${where}`,
      [EMBEDDING_MODEL_ID, EMBEDDING_DIMS],
    );
    const count = Number(counted[0]!.n);
    const scorer = createDotScorer(count, EMBEDDING_DIMS);
    const matrixBytes = Buffer.from(scorer.matrix.buffer, scorer.matrix.byteOffset, scorer.matrix.byteLength);
    const rowBytes = EMBEDDING_DIMS * 4;
    const ids: string[] = [];
    let after = "";
    while (ids.length < count) {
      const { rows } = await client.query<{ service_id: string; vector: string }>({
        text: `SELECT service_id, vector FROM service_embeddings WHERE ${where} AND service_id > $3 ORDER BY service_id LIMIT $4`,
        values: [EMBEDDING_MODEL_ID, EMBEDDING_DIMS, after, Math.min(PAGE, count - ids.length)],
        types: RAW_TEXT,
      });
      if (rows.length === 0) break;
      // bytea arrives as "\x" + hex; it is decoded straight into the matrix, no Buffer per row.
      // Stored little-endian; copying bytes is exact on little-endian hosts (x86, arm64).
      for (const r of rows) {
        matrixBytes.write(r.vector.substring(2, 2 + rowBytes * 2), ids.length * rowBytes, rowBytes, "hex");
        ids.push(r.service_id);
      }
      after = rows.at(-1)!.service_id;
    }
    await client.query("COMMIT");
    return { version, ids, scorer };
  } catch (err) {
    await client.query("ROLLBACK").catch((e: unknown) => void (broken = e instanceof Error ? e : new Error(String(e))));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The index of the current catalog version (catalog-version-cache.ts: read at most once a second). */
export async function getVectorIndex(): Promise<VectorIndex> {
  const version = await catalogVersion();
  if (current?.version === version) return current;
  loading ??= load(version).finally(() => (loading = undefined));
  current = await loading;
  return current;
}

/** The k best services by cosine similarity, optionally among allowed ones only. */
export function nearest(index: VectorIndex, query: Float32Array, k: number, allowed: Allowed): Hit[] {
  const { ids } = index;
  const scores = index.scorer.score(query);
  const top: Hit[] = [];
  let floor = -Infinity;
  for (let row = 0; row < ids.length; row++) {
    const dot = scores[row]!;
    if (top.length === k && dot <= floor) continue;
    if (allowed && !allowed.has(ids[row]!)) continue;
    // Insert keeping descending order; equal scores keep the earlier (lower) id first.
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < dot) at--;
    top.splice(at, 0, { id: ids[row]!, score: dot });
    if (top.length > k) top.pop();
    if (top.length === k) floor = top[k - 1]!.score;
  }
  return top;
}

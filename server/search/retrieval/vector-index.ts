// Service embeddings held in memory: one float32 matrix per process (pgvector is not
// available), reloaded when the catalog version changes. Scoring is an exact dot product of
// unit vectors (cosine) computed by a SIMD kernel, deterministic, with ties broken by service id.
import { db } from "../../db";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID } from "../embeddings/model";
import { createDotScorer, type DotScorer } from "./dot-scores";
import type { Allowed, Hit } from "./types";

export interface VectorIndex {
  version: number;
  ids: string[]; // sorted ascending, so lower ids win ties
  scorer: DotScorer; // its matrix holds row i = embedding of ids[i]
}

const RECHECK_MS = 1000;
let current: VectorIndex | undefined;
let checkedAt = 0;
let loading: Promise<VectorIndex> | undefined;

async function catalogVersion(): Promise<number> {
  return (await db.catalogState.findUnique({ where: { id: 1 }, select: { version: true } }))?.version ?? 0;
}

// Rows per page while loading: bounds the transient memory of the driver's buffers.
const PAGE = 5000;

async function load(version: number): Promise<VectorIndex> {
  const where = { model: EMBEDDING_MODEL_ID, dims: EMBEDDING_DIMS };
  const count = await db.serviceEmbedding.count({ where });
  const scorer = createDotScorer(count, EMBEDDING_DIMS);
  const bytes = new Uint8Array(scorer.matrix.buffer, scorer.matrix.byteOffset, scorer.matrix.byteLength);
  const ids: string[] = [];
  let after: string | undefined;
  while (ids.length < count) {
    const page = await db.serviceEmbedding.findMany({
      where: after ? { ...where, serviceId: { gt: after } } : where,
      select: { serviceId: true, vector: true },
      orderBy: { serviceId: "asc" },
      take: Math.min(PAGE, count - ids.length),
    });
    if (page.length === 0) break;
    // Stored little-endian; copying bytes is exact on little-endian hosts (x86, arm64).
    for (const r of page) {
      bytes.set(r.vector.subarray(0, EMBEDDING_DIMS * 4), ids.length * EMBEDDING_DIMS * 4);
      ids.push(r.serviceId);
    }
    after = page.at(-1)!.serviceId;
  }
  // Rows deleted while loading leave zero rows at the end; they are never read (see nearest).
  return { version, ids, scorer };
}

export async function getVectorIndex(): Promise<VectorIndex> {
  const now = Date.now();
  if (current && now - checkedAt < RECHECK_MS) return current;
  const version = await catalogVersion();
  checkedAt = now;
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

// Service embeddings held in memory: one Float32Array matrix per process (pgvector is not
// available), reloaded when the catalog version changes. Scoring is an exact dot product of
// unit vectors (cosine), deterministic, with ties broken by service id.
import { db } from "../../db";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID } from "../embeddings/model";
import type { Allowed, Hit } from "./types";

export interface VectorIndex {
  version: number;
  ids: string[]; // sorted ascending, so lower ids win ties
  matrix: Float32Array; // ids.length x EMBEDDING_DIMS
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
  const matrix = new Float32Array(count * EMBEDDING_DIMS);
  const bytes = new Uint8Array(matrix.buffer);
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
  return { version, ids, matrix: ids.length === count ? matrix : matrix.slice(0, ids.length * EMBEDDING_DIMS) };
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
  const { ids, matrix } = index;
  const top: Hit[] = [];
  let floor = -Infinity;
  for (let row = 0; row < ids.length; row++) {
    if (allowed && !allowed.has(ids[row]!)) continue;
    // Four accumulators: fewer dependent additions per step (EMBEDDING_DIMS is a multiple of 4).
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    const base = row * EMBEDDING_DIMS;
    for (let d = 0; d < EMBEDDING_DIMS; d += 4) {
      d0 += matrix[base + d]! * query[d]!;
      d1 += matrix[base + d + 1]! * query[d + 1]!;
      d2 += matrix[base + d + 2]! * query[d + 2]!;
      d3 += matrix[base + d + 3]! * query[d + 3]!;
    }
    const dot = d0 + d1 + d2 + d3;
    if (top.length === k && dot <= floor) continue;
    // Insert keeping descending order; equal scores keep the earlier (lower) id first.
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < dot) at--;
    top.splice(at, 0, { id: ids[row]!, score: dot });
    if (top.length > k) top.pop();
    if (top.length === k) floor = top[k - 1]!.score;
  }
  return top;
}

// Service embeddings held in memory: one Float32Array matrix per process (pgvector is not
// available, see PARALLEL_MIN_ROWS for large catalogs), reloaded when the catalog version changes. Scoring is an exact dot product of
// unit vectors (cosine), deterministic, with ties broken by service id.
import { Worker } from "node:worker_threads";
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
  // Shared memory, so the scan worker reads the same matrix without a copy.
  const matrix = new Float32Array(new SharedArrayBuffer(count * EMBEDDING_DIMS * 4));
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
  return { version, ids, matrix: ids.length === count ? matrix : matrix.subarray(0, ids.length * EMBEDDING_DIMS) };
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
export interface RowScore {
  row: number;
  score: number;
}

/**
 * The k best rows in [from, to) by dot product, best first, lower row first on equal scores.
 * Self-contained (no outer references): its source also runs inside the scan worker.
 */
export function scanRows(matrix: Float32Array, dims: number, query: Float32Array, from: number, to: number, k: number, skip: ((row: number) => boolean) | null): RowScore[] {
  const top: RowScore[] = [];
  let floor = -Infinity;
  for (let row = from; row < to; row++) {
    if (skip && skip(row)) continue;
    // Four accumulators: fewer dependent additions per step (dims is a multiple of 4).
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    const base = row * dims;
    for (let d = 0; d < dims; d += 4) {
      d0 += matrix[base + d]! * query[d]!;
      d1 += matrix[base + d + 1]! * query[d + 1]!;
      d2 += matrix[base + d + 2]! * query[d + 2]!;
      d3 += matrix[base + d + 3]! * query[d + 3]!;
    }
    const score = d0 + d1 + d2 + d3;
    if (top.length === k && score <= floor) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < score) at--;
    top.splice(at, 0, { row, score });
    if (top.length > k) top.pop();
    if (top.length === k) floor = top[k - 1]!.score;
  }
  return top;
}

function merge(a: RowScore[], b: RowScore[], k: number): RowScore[] {
  return [...a, ...b].sort((x, y) => y.score - x.score || x.row - y.row).slice(0, k);
}

// Large catalogs: a worker thread scans the second half of the (shared) matrix while this thread
// scans the first, halving the scan on two cores. Results are identical to one thread's.
export const PARALLEL_MIN_ROWS = 20_000;
let worker: Worker | undefined;
let workerMatrix: Float32Array | undefined;
let nextRequest = 0;
const pending = new Map<number, (rows: RowScore[]) => void>();

function scanWorker(matrix: Float32Array): Worker {
  if (!worker) {
    const source = `
      const { parentPort } = require("node:worker_threads");
      const scanRows = ${scanRows.toString()};
      let matrix;
      parentPort.on("message", (m) => {
        if (m.matrix) { matrix = m.matrix; return; }
        parentPort.postMessage({ id: m.id, rows: scanRows(matrix, m.dims, m.query, m.from, m.to, m.k, null) });
      });`;
    worker = new Worker(source, { eval: true });
    worker.unref();
    worker.on("message", (m: { id: number; rows: RowScore[] }) => {
      pending.get(m.id)?.(m.rows);
      pending.delete(m.id);
    });
  }
  if (workerMatrix !== matrix) {
    worker.postMessage({ matrix });
    workerMatrix = matrix;
  }
  return worker;
}

function scanInWorker(matrix: Float32Array, query: Float32Array, from: number, to: number, k: number): Promise<RowScore[]> {
  const id = nextRequest++;
  const done = new Promise<RowScore[]>((resolve) => pending.set(id, resolve));
  scanWorker(matrix).postMessage({ id, dims: EMBEDDING_DIMS, query, from, to, k });
  return done;
}

/** The k best services by cosine similarity, optionally among allowed ones only. */
export async function nearest(index: VectorIndex, query: Float32Array, k: number, allowed: Allowed): Promise<Hit[]> {
  const { ids, matrix } = index;
  let rows: RowScore[];
  if (allowed || ids.length < PARALLEL_MIN_ROWS || !(matrix.buffer instanceof SharedArrayBuffer)) {
    rows = scanRows(matrix, EMBEDDING_DIMS, query, 0, ids.length, k, allowed ? (row) => !allowed.has(ids[row]!) : null);
  } else {
    const mid = ids.length >> 1;
    const second = scanInWorker(matrix, query, mid, ids.length, k);
    rows = merge(scanRows(matrix, EMBEDDING_DIMS, query, 0, mid, k, null), await second, k);
  }
  return rows.map((r) => ({ id: ids[r.row]!, score: r.score }));
}

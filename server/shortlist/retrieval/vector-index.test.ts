// The parallel scan (worker + this thread over a shared matrix) equals the single-threaded one.
import { describe, expect, it } from "vitest";
import { EMBEDDING_DIMS, normalize } from "../embeddings/model";
import { nearest, PARALLEL_MIN_ROWS, scanRows, type VectorIndex } from "./vector-index";

function syntheticIndex(rows: number, shared: boolean): VectorIndex {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  const bytes = rows * EMBEDDING_DIMS * 4;
  const matrix = new Float32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  for (let r = 0; r < rows; r++) matrix.set(normalize(Float32Array.from({ length: EMBEDDING_DIMS }, rand)), r * EMBEDDING_DIMS);
  // Duplicate rows make equal scores, to check the tie-break.
  matrix.copyWithin(5 * EMBEDDING_DIMS, 3 * EMBEDDING_DIMS, 4 * EMBEDDING_DIMS);
  matrix.copyWithin((rows - 2) * EMBEDDING_DIMS, 3 * EMBEDDING_DIMS, 4 * EMBEDDING_DIMS);
  return { version: 1, ids: Array.from({ length: rows }, (_, i) => `svc_${String(i).padStart(6, "0")}`), matrix };
}

describe("vector index scan", () => {
  it("gives the same hits in parallel as on one thread, ties to the lower id", async () => {
    const index = syntheticIndex(PARALLEL_MIN_ROWS + 1000, true);
    const query = index.matrix.slice(3 * EMBEDDING_DIMS, 4 * EMBEDDING_DIMS);
    const single = scanRows(index.matrix, EMBEDDING_DIMS, query, 0, index.ids.length, 60, null).map((r) => ({ id: index.ids[r.row], score: r.score }));
    const parallel = await nearest(index, query, 60, null);
    expect(parallel).toEqual(single);
    expect(parallel.slice(0, 3).map((h) => h.id)).toEqual(["svc_000003", "svc_000005", `svc_${String(index.ids.length - 2).padStart(6, "0")}`]);
  });

  it("filters to allowed services", async () => {
    const index = syntheticIndex(2000, false);
    const allowed = new Set(index.ids.filter((_, i) => i % 3 === 0));
    const hits = await nearest(index, index.matrix.slice(0, EMBEDDING_DIMS), 10, allowed);
    expect(hits).toHaveLength(10);
    for (const h of hits) expect(allowed.has(h.id)).toBe(true);
    expect(hits[0]!.id).toBe("svc_000000");
  });
});

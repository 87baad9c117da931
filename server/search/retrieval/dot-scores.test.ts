import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createDotScorer } from "./dot-scores";

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

describe("SIMD dot scores", () => {
  it("equal the plain dot products of every row", () => {
    const rand = seeded(7);
    for (const [rows, dims] of [
      [1, 16],
      [37, 64],
      [500, 512],
    ] as const) {
      const scorer = createDotScorer(rows, dims);
      for (let i = 0; i < rows * dims; i++) scorer.matrix[i] = rand();
      const query = Float32Array.from({ length: dims }, rand);
      const scores = scorer.score(query);
      expect(scores.length).toBe(rows);
      for (let r = 0; r < rows; r++) {
        let expected = 0;
        for (let d = 0; d < dims; d++) expected += scorer.matrix[r * dims + d]! * query[d]!;
        expect(scores[r]).toBeCloseTo(expected, 4);
      }
    }
  });

  it("gives the same scores on every call", () => {
    const rand = seeded(11);
    const scorer = createDotScorer(200, 512);
    for (let i = 0; i < scorer.matrix.length; i++) scorer.matrix[i] = rand();
    const query = Float32Array.from({ length: 512 }, rand);
    const first = Array.from(scorer.score(query));
    expect(Array.from(scorer.score(query))).toEqual(first);
  });

  it("rejects dimensions the kernel cannot step through", () => {
    expect(() => createDotScorer(3, 10)).toThrow(/multiple of 16/);
  });

  it("is built from its committed WebAssembly text source", () => {
    expect(() => execFileSync("npx", ["tsx", "scripts/build-wasm.ts", "--check"], { stdio: "pipe" })).not.toThrow();
  });
});

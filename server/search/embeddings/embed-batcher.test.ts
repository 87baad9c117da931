// The micro-batcher: what queues during a run forms the next one, bounded by count and padded
// size; a long text runs alone, in its turn; a failed run fails only its own texts.
import { describe, expect, it } from "vitest";
import { createEmbedBatcher, nextBatchSize } from "./embed-batcher";

const limits = { maxTexts: 4, maxPaddedTokens: 40 };
const tokens = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("nextBatchSize", () => {
  it("takes texts from the head while count and padded size allow", () => {
    expect(nextBatchSize([5, 5, 5, 5, 5], limits)).toBe(4);
    expect(nextBatchSize([10, 10, 10, 10], limits)).toBe(4);
    expect(nextBatchSize([10, 11], limits)).toBe(2);
    expect(nextBatchSize([5, 5, 20], limits)).toBe(2); // 3 × 20 = 60 > 40
    expect(nextBatchSize([], limits)).toBe(0);
  });

  it("sends a text longer than the padded bound alone, and never shares a run with it", () => {
    expect(nextBatchSize([400, 3, 3], limits)).toBe(1);
    expect(nextBatchSize([3, 400], limits)).toBe(1);
  });
});

/** A fake model run that records its batches and answers when released. */
function fakeRun() {
  const batches: number[][][] = [];
  const release: (() => void)[] = [];
  const run = (batch: number[][]) => {
    batches.push(batch);
    return new Promise<Float32Array[]>((resolve) =>
      release.push(() => resolve(batch.map((t) => Float32Array.of(t.length)))),
    );
  };
  return { run, batches, release };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("createEmbedBatcher", () => {
  it("starts a lone text at once and batches what arrives meanwhile, one run at a time", async () => {
    const { run, batches, release } = fakeRun();
    const batcher = createEmbedBatcher(run, limits);
    const first = batcher.embed(tokens(3));
    expect(batches).toHaveLength(1);
    const rest = [4, 5, 6, 7, 8].map((n) => batcher.embed(tokens(n)));
    expect(batches).toHaveLength(1);
    release.shift()!();
    expect((await first)[0]).toBe(3);
    await tick();
    expect(batches.map((b) => b.map((t) => t.length))).toEqual([[3], [4, 5, 6, 7]]);
    release.shift()!();
    await tick();
    expect(batches.at(-1)!.map((t) => t.length)).toEqual([8]);
    release.shift()!();
    expect((await Promise.all(rest)).map((v) => v[0])).toEqual([4, 5, 6, 7, 8]);
  });

  it("runs a huge text alone in its turn: the short ones behind it wait one run and share the next", async () => {
    const { run, batches, release } = fakeRun();
    const batcher = createEmbedBatcher(run, limits);
    const answers = [
      batcher.embed(tokens(2)),
      batcher.embed(tokens(400)),
      batcher.embed(tokens(2)),
      batcher.embed(tokens(3)),
    ];
    for (let i = 0; i < 3; i++) {
      await tick();
      release.shift()!();
    }
    expect((await Promise.all(answers)).map((v) => v[0])).toEqual([2, 400, 2, 3]);
    expect(batches.map((b) => b.map((t) => t.length))).toEqual([[2], [400], [2, 3]]);
  });

  it("fails a failed run's texts only, and goes on with the next", async () => {
    let calls = 0;
    const batcher = createEmbedBatcher(async (batch) => {
      if (calls++ === 0) throw new Error("model broke");
      return batch.map(() => Float32Array.of(1));
    }, limits);
    const failed = batcher.embed(tokens(2));
    const later = batcher.embed(tokens(2));
    await expect(failed).rejects.toThrow("model broke");
    expect((await later)[0]).toBe(1);
  });
});

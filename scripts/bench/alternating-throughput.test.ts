import { describe, expect, it } from "vitest";
import { blockRates, perSecond, sideOf, type Answer } from "./alternating-throughput";
import { sumRatio } from "./ratio-stats";

// A synthetic run: after a switch the other route's last requests come back first (`straddlers`
// answers at that route's pace), then the block's own route answers every `gapMs[side]` until the block ends.
function timeline(blocks: number, blockMs: number, gapMs: [number, number], straddlers: number): Answer[] {
  const answers: Answer[] = [];
  for (let k = 0; k < blocks; k++) {
    const side = sideOf(k);
    const start = k * blockMs;
    let at = start;
    const before = sideOf(k - 1);
    if (k > 0 && before !== side) for (let i = 0; i < straddlers; i++) answers.push({ at: (at += gapMs[before]), side: before });
    while (at + gapMs[side] < start + blockMs) answers.push({ at: (at += gapMs[side]), side });
  }
  return answers;
}

describe("alternating throughput", () => {
  it("switches in ABBA order", () => {
    expect(Array.from({ length: 8 }, (_, k) => sideOf(k))).toEqual([0, 1, 1, 0, 0, 1, 1, 0]);
  });

  it("counts each block's own route only after the other route's answers are back", () => {
    // bare 1 answer per ms (1,000/s), the route one per 2 ms (500/s), 10 straddlers per switch
    const rates = blockRates(timeline(40, 50, [1, 2], 10), 0, 50, 40);
    expect(rates.every((r) => r !== undefined)).toBe(true);
    rates.forEach((r, k) => expect(r).toBeCloseTo(sideOf(k) === 0 ? 1000 : 500, 6));
    // Counted from the start of its block, a route block after a bare one would read 600/s, not 500.
    const { bare, subject } = perSecond(rates, 50);
    expect(bare).toHaveLength(1); // 2 s of blocks, the first second left out
    expect(sumRatio(subject, bare)).toBeCloseTo(0.5, 6);
  });

  it("leaves out a block too short to clear, and its neighbour with it", () => {
    const answers = timeline(80, 50, [1, 2], 10).filter((a) => !(a.at >= 2500 && a.at < 2550 && a.side === sideOf(50)));
    const rates = blockRates(answers, 0, 50, 80);
    expect(rates[50]).toBeUndefined();
    const { bare, subject } = perSecond(rates, 50);
    expect(bare).toHaveLength(3);
    expect(subject).toHaveLength(3);
    expect(sumRatio(subject, bare)).toBeCloseTo(0.5, 6);
  });
});

import { describe, expect, it } from "vitest";
import { blockRates, perSecond, sideOf, type Answer } from "./alternating-throughput";
import { sumRatio } from "./ratio-stats";

// A synthetic run: each route answers every `gapMs[side]`, its pace carrying on across a block
// boundary when the route does not change; after a switch the other route's last requests come
// back first (`straddlers` answers at that route's pace). Answers start `phase` ms into the run, so
// they do not line up with block boundaries.
function timeline(blocks: number, blockMs: number, gapMs: [number, number], straddlers: number, phase = 0.3): Answer[] {
  const answers: Answer[] = [];
  let at = phase - gapMs[0];
  for (let k = 0; k < blocks; k++) {
    const [side, before] = [sideOf(k), sideOf(k + 3)]; // sideOf(k + 3) is the side of block k - 1
    if (k > 0 && before !== side)
      for (let i = 0; i < straddlers; i++) answers.push({ at: (at += gapMs[before]), side: before });
    while (at + gapMs[side] < (k + 1) * blockMs) answers.push({ at: (at += gapMs[side]), side });
  }
  return answers;
}

describe("alternating throughput", () => {
  it("switches in ABBA order", () => {
    expect(Array.from({ length: 8 }, (_, k) => sideOf(k))).toEqual([0, 1, 1, 0, 0, 1, 1, 0]);
  });

  it("reads each block's own route alone and exactly, wherever the answers fall", () => {
    // bare 1 answer per ms (1,000/s), the route one per 2 ms (500/s), 10 straddlers per switch
    for (const phase of [0.3, 0.9, 1.7]) {
      const rates = blockRates(timeline(40, 50, [1, 2], 10, phase), 0, 50, 40);
      expect(rates[0]).toBeUndefined(); // nothing before it to measure from
      // Counted from the block's start, a route block after a bare one would read 600/s, and one
      // after a route block would read more than 500/s by up to half a gap.
      rates.slice(1).forEach((r, i) => expect(r).toBeCloseTo(sideOf(i + 1) === 0 ? 1000 : 500, 6));
      const { bare, subject } = perSecond(rates, 50);
      expect(bare).toHaveLength(1); // 2 s of blocks, the first second left out
      expect(bare[0]).toBeCloseTo(1000, 6);
      expect(sumRatio(subject, bare)).toBeCloseTo(0.5, 6);
    }
  });

  it("leaves out a four whole when one of its blocks has no rate", () => {
    const rates: (number | undefined)[] = Array.from({ length: 80 }, (_, k) => (sideOf(k) === 0 ? 1000 : 500));
    // block 50 (a route block) could not be measured; the rest of its four (48-51) reads otherwise
    [rates[48], rates[49], rates[50], rates[51]] = [1, 1, undefined, 1];
    const { bare, subject } = perSecond(rates, 50);
    expect(bare).toEqual([1000, 1000, 1000]);
    expect(subject).toEqual([500, 500, 500]);
  });

  it("leaves out a block too short to clear the other route", () => {
    const answers = timeline(80, 50, [1, 2], 10).filter((a) => !(a.at >= 2500 && a.at < 2550 && a.side === sideOf(50)));
    expect(blockRates(answers, 0, 50, 80)[50]).toBeUndefined();
  });
});

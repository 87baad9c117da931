// The statistics bench:purchase judges its ratios with.
import { describe, expect, it } from "vitest";
import { bootstrapInterval, median, medianRatio, sumRatio } from "./ratio-stats";

describe("ratio statistics", () => {
  it("the ratio over all rounds weighs each round by its throughput; the median takes the middle round", () => {
    expect(sumRatio([90, 110], [100, 100])).toBe(1);
    expect(sumRatio([50, 150], [100, 200])).toBeCloseTo(200 / 300);
    expect(medianRatio([50, 150, 90], [100, 100, 100])).toBe(0.9);
    expect(median([3, 1, 2, 10])).toBe(2);
  });

  it("the bootstrap interval holds the ratio, is the same for the same data, and is a point when every round agrees", () => {
    const bare = [700, 760, 640, 810, 690, 720, 705, 770, 650, 730];
    const subject = bare.map((b, i) => b * (i % 2 ? 1.06 : 0.9));
    const [low, high] = bootstrapInterval(subject, bare);
    expect(low).toBeLessThan(sumRatio(subject, bare));
    expect(high).toBeGreaterThan(sumRatio(subject, bare));
    expect(low).toBeGreaterThan(0.85);
    expect(high).toBeLessThan(1.05);
    expect(bootstrapInterval(subject, bare)).toEqual([low, high]);
    const [a, b] = bootstrapInterval(
      bare.map((x) => x * 0.97),
      bare,
    );
    expect(a).toBeCloseTo(0.97, 10);
    expect(b).toBeCloseTo(0.97, 10);
  });
});

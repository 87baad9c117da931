// Ratios of paired throughput measurements (scripts/bench-purchase.ts): a route against the bare
// route, second by second (scripts/bench/alternating-throughput.ts). On a small VM one second's
// throughput swings by ±10 % and more, so a single second decides nothing; the whole run's throughput ratio
// (the ratio of the sums) is the figure, with the median of per-second ratios and a bootstrap
// interval beside it to show how far the noise could move it.
import { mulberry32 } from "../../prisma/seed/catalog/random";

/** NaN for no values: a comparison with no second measured prints NaN rather than stopping the report. */
export const median = (xs: readonly number[]): number =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]! : NaN;

const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);

/** Throughput of `subject` over the whole run against that of `bare` (same phase lengths). */
export const sumRatio = (subject: readonly number[], bare: readonly number[]): number => sum(subject) / sum(bare);

/** The median of the per-second ratios. */
export const medianRatio = (subject: readonly number[], bare: readonly number[]): number =>
  median(subject.map((s, i) => s / bare[i]!));

/** A `level` (default 90 %) bootstrap interval of sumRatio, resampling whole seconds (each second's two rates stay together). */
export function bootstrapInterval(
  subject: readonly number[],
  bare: readonly number[],
  level = 0.9,
  resamples = 4000,
): [number, number] {
  const n = subject.length;
  const random = mulberry32(n * 7919 + 17); // seeded: the same measurements always print the same interval
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    let b = 0;
    for (let i = 0; i < n; i++) {
      const k = Math.floor(random() * n);
      s += subject[k]!;
      b += bare[k]!;
    }
    ratios.push(s / b);
  }
  ratios.sort((x, y) => x - y);
  const tail = (1 - level) / 2;
  return [ratios[Math.floor(tail * (resamples - 1))]!, ratios[Math.ceil((1 - tail) * (resamples - 1))]!];
}

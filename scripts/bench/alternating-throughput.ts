// Throughput of a route against the bare route, measured so that the VM's swings cancel
// (scripts/bench-purchase.ts). One autocannon run keeps its connections busy and switches all of
// them between the two routes in short blocks, in ABBA order (bare, route, route, bare, ...). A
// block's rate is counted only once the other route's requests still in flight have come back, so
// every counted answer was served while the server had only that route to do. Blocks a few tens of
// milliseconds apart see the same machine; whole seconds apart they do not: one second's rate of
// the same route swings from about 450 to 1,000 req/s on a 2-core VM, and 24 rounds of 1 s per
// route left a ±6 % interval on the bare route against itself, where 44 s of 50 ms blocks leave ±1.5 %.
import { performance } from "node:perf_hooks";
import type { PairedRequest } from "./paired-latency";
import { median } from "./ratio-stats";

/** A request and the status every answer to it should have. */
export type BlockRequest = PairedRequest & { expected: number };

/** The part of autocannon's API used here (it ships no type declarations). */
export interface SwitchingRequest {
  setupRequest: (req: object, context: Record<string, unknown>) => object;
  onResponse: (status: number, body: string, context: Record<string, unknown>) => void;
}
export type Cannon = (opts: {
  connections: number;
  duration: number;
  requests: SwitchingRequest[];
}) => Promise<{ errors: number; timeouts: number }>;

export interface SideFigures {
  answers: number;
  /** Answers with another status than expected. */
  unexpected: number;
  p50Ms: number;
  p99Ms: number;
}

export interface AlternatingThroughput {
  /** Per second of the run: the bare route's req/s and the route's, each the mean of that second's blocks. */
  bare: number[];
  subject: number[];
  figures: { bare: SideFigures; route: SideFigures };
  /** Connection errors and timeouts over the run. */
  errors: number;
}

export interface Answer {
  at: number;
  side: 0 | 1;
}

/** Side of block `k`: 0 (bare) or 1 (route), in ABBA order. */
export const sideOf = (k: number): 0 | 1 => (k % 4 === 0 || k % 4 === 3 ? 0 : 1);

/**
 * Each block's rate of its own route, measured between two answers so that neither end of the
 * window falls between answers (that would read one half-gap short, most for the slower route):
 * from the last answer before the block's own ones begin (the other route's last answer in the
 * block after a switch; otherwise the last answer before the block) to its own last answer.
 * Undefined when too few are left, or for a block with no answer before it.
 */
export function blockRates(
  answers: readonly Answer[],
  started: number,
  blockMs: number,
  blocks: number,
): (number | undefined)[] {
  // answers come in time order: onResponse records them as they arrive
  const rates: (number | undefined)[] = [];
  let i = 0;
  let previous: number | undefined; // the last answer before the current block
  for (let k = 0; k < blocks; k++) {
    const side = sideOf(k);
    const end = started + (k + 1) * blockMs;
    // Every answer sends the next request of the block it arrives in, so when a block begins after
    // a switch the requests in flight are all the other route's; once the last of them is back,
    // only this one's are.
    let from = previous;
    let own = 0;
    let last = 0;
    for (; i < answers.length && answers[i]!.at < end; i++) {
      const a = answers[i]!;
      if (a.side !== side) {
        from = a.at;
        own = 0;
      } else if (from !== undefined) {
        own++;
        last = a.at;
      }
    }
    if (i > 0) previous = answers[i - 1]!.at;
    rates.push(from !== undefined && own >= 2 ? own / ((last - from) / 1000) : undefined);
  }
  return rates;
}

/**
 * Blocks taken four at a time (bare, route, route, bare: each side once right after a switch and
 * once not), a four left out whole when one of its blocks has no rate so the layouts stay balanced;
 * then grouped by the second they fall in, leaving out the first (connections opening). Seconds,
 * not fours, are what a bootstrap may resample: neighbouring blocks share the machine's state.
 */
export function perSecond(
  rates: readonly (number | undefined)[],
  blockMs: number,
): { bare: number[]; subject: number[] } {
  const foursPerSecond = Math.max(1, Math.round(1000 / blockMs / 4));
  const groups = new Map<number, { bare: number[]; subject: number[] }>();
  for (let k = 0; k + 3 < rates.length; k += 4) {
    const group = Math.floor(k / 4 / foursPerSecond);
    const four = rates.slice(k, k + 4);
    if (group === 0 || four.some((r) => r === undefined)) continue;
    const [b1, r1, r2, b2] = four as number[];
    const g = groups.get(group) ?? { bare: [], subject: [] };
    g.bare.push((b1! + b2!) / 2);
    g.subject.push((r1! + r2!) / 2);
    groups.set(group, g);
  }
  const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const kept = [...groups.values()];
  return { bare: kept.map((g) => mean(g.bare)), subject: kept.map((g) => mean(g.subject)) };
}

const percentile = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]! : 0;

/** `seconds` of `connections` connections switching between `bare` and `route` every `blockMs`. */
export async function alternatingThroughput(
  cannon: Cannon,
  connections: number,
  bare: BlockRequest,
  route: BlockRequest,
  seconds: number,
  blockMs: number,
): Promise<AlternatingThroughput> {
  const sides = [bare, route] as const;
  const answers: Answer[] = [];
  const latencies: [number[], number[]] = [[], []];
  const unexpected = [0, 0];
  const started = performance.now();
  const { errors, timeouts } = await cannon({
    connections,
    duration: seconds,
    requests: [
      {
        // Called as each request is built, right before it is sent on its connection; the context
        // is the connection's own, and with one request in flight per connection it names the side
        // of the answer that comes back next.
        setupRequest: (req, context) => {
          const now = performance.now();
          const side = sideOf(Math.floor((now - started) / blockMs));
          context.side = side;
          context.sent = now;
          const { expected: _expected, headers, ...request } = sides[side];
          // A copy of the headers: autocannon writes the body's Content-Length into the object it
          // is handed, and a caller's object shared with another body would then send the wrong one.
          return { ...req, ...request, headers: { ...headers } };
        },
        onResponse: (status, _body, context) => {
          const now = performance.now();
          const side = context.side as 0 | 1;
          answers.push({ at: now, side });
          latencies[side].push(now - (context.sent as number));
          if (status !== sides[side].expected) unexpected[side]!++;
        },
      },
    ],
  });
  const blocks = Math.floor((seconds * 1000) / blockMs);
  const figures = (side: 0 | 1): SideFigures => ({
    answers: latencies[side].length,
    unexpected: unexpected[side]!,
    p50Ms: latencies[side].length ? median(latencies[side]) : 0,
    p99Ms: percentile(latencies[side], 0.99),
  });
  return {
    ...perSecond(blockRates(answers, started, blockMs, blocks), blockMs),
    figures: { bare: figures(0), route: figures(1) },
    errors: errors + timeouts,
  };
}

// Throughput of a route against the bare route, measured so that the VM's swings cancel
// (scripts/bench-purchase.ts). One autocannon run keeps its connections busy and switches all of
// them between the two routes in short blocks, in ABBA order (bare, route, route, bare, ...). A
// block's rate is counted only once the other route's requests still in flight have come back, so
// every counted answer was served while the server had only that route to do. Blocks a few tens of
// milliseconds apart see the same machine; whole seconds apart they do not: one second's rate of
// the same route swings from about 450 to 1,000 req/s on a 2-core VM, and 24 rounds of 1 s per
// route left a ±6 % interval on the bare route against itself, where 48 s of 50 ms blocks leave ±2 %.
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
export type Cannon = (opts: { connections: number; duration: number; requests: SwitchingRequest[] }) => Promise<{ errors: number; timeouts: number }>;

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
 * Each block's rate of its own route: its answers after the last answer of the other route in the
 * block, over the time from that answer to its own last one. Undefined when too few are left.
 */
export function blockRates(answers: readonly Answer[], started: number, blockMs: number, blocks: number): (number | undefined)[] {
  const byBlock: Answer[][] = Array.from({ length: blocks }, () => []);
  for (const a of answers) {
    const k = Math.floor((a.at - started) / blockMs);
    if (k >= 0 && k < blocks) byBlock[k]!.push(a);
  }
  return byBlock.map((inBlock, k) => {
    const side = sideOf(k);
    // Every answer sends the next request of the block it arrives in, so when a block begins the
    // requests in flight are all the other route's; once the last of them is back, only this one's are.
    let from = started + k * blockMs;
    for (const a of inBlock) if (a.side !== side) from = a.at;
    const own = inBlock.filter((a) => a.side === side && a.at > from);
    if (own.length < 2) return undefined;
    return own.length / ((own.at(-1)!.at - from) / 1000);
  });
}

/**
 * Neighbouring blocks paired up ((0,1) and (2,3) of every four: one bare, one route), then grouped
 * by the second they fall in; the first second is left out (connections opening). Seconds, not
 * block pairs, are what a bootstrap may resample: neighbouring pairs share the machine's state.
 */
export function perSecond(rates: readonly (number | undefined)[], blockMs: number): { bare: number[]; subject: number[] } {
  const perGroup = Math.max(1, Math.round(1000 / blockMs / 2));
  const groups = new Map<number, { bare: number[]; subject: number[] }>();
  for (let k = 0; k + 1 < rates.length; k += 2) {
    const [a, b] = [rates[k], rates[k + 1]];
    const group = Math.floor(k / 2 / perGroup);
    if (a === undefined || b === undefined || group === 0) continue;
    const g = groups.get(group) ?? { bare: [], subject: [] };
    g.bare.push(sideOf(k) === 0 ? a : b);
    g.subject.push(sideOf(k) === 0 ? b : a);
    groups.set(group, g);
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const kept = [...groups.values()];
  return { bare: kept.map((g) => mean(g.bare)), subject: kept.map((g) => mean(g.subject)) };
}

const percentile = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]! : 0);

/** `seconds` of `connections` connections switching between `bare` and `route` every `blockMs`. */
export async function alternatingThroughput(cannon: Cannon, connections: number, bare: BlockRequest, route: BlockRequest, seconds: number, blockMs: number): Promise<AlternatingThroughput> {
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
  return { ...perSecond(blockRates(answers, started, blockMs, blocks), blockMs), figures: { bare: figures(0), route: figures(1) }, errors: errors + timeouts };
}

// The free search's per-instance cap when RATE_LIMIT_SEARCH_INSTANCE_PER_SECOND is not set: the
// rate at which searches use at most SEARCH_CPU_SHARE of the instance, so paid purchases keep the
// rest. Two bounds, measured with `npm run bench:search` (its CPU per search and its profile mode):
//   CPU      every search costs SEARCH_CPU_MS of CPU across the app's threads (the embedding runs on
//            a worker thread) and its PostgreSQL, out of cpus × 1000 ms per second;
//   thread   SEARCH_MAIN_THREAD_MS of it runs on the app's one JavaScript thread, which every
//            request, paid ones included, shares: at most 1000 ms per second, whatever the CPUs.
// cap = floor(SEARCH_CPU_SHARE × min(cpus × 1000 / SEARCH_CPU_MS, 1000 / SEARCH_MAIN_THREAD_MS)), at
// least 1. On the 2-core machine it was measured on: min(2000 / 9, 1000 / 5) × 0.25 = 50 per second.
// Why a quarter: at half (100/s) a purchase's p99 at 1 connection went from 116 to 650 ms (5.6×; the
// issue allows 2×): a purchase waits behind whatever searches hold the one JavaScript thread, and
// that wait grows as the thread's busy share nears 1, not linearly.
import os from "node:os";

/** CPU ms per search: app ~6 ms (every thread) + PostgreSQL ~3 ms, medians of bench:search rounds. */
export const SEARCH_CPU_MS = 9;
/** Of which on the JavaScript thread (its V8 profile, busy ms per search, without the profiler's cost). */
export const SEARCH_MAIN_THREAD_MS = 5;
/** At most this share of the instance goes to free searches. */
export const SEARCH_CPU_SHARE = 0.25;

export function searchInstanceCap(
  cpus: number = os.availableParallelism(),
  cpuMs: number = SEARCH_CPU_MS,
  mainThreadMs: number = SEARCH_MAIN_THREAD_MS,
  share: number = SEARCH_CPU_SHARE,
): number {
  const capacity = Math.min((cpus * 1000) / cpuMs, 1000 / mainThreadMs);
  return Math.max(1, Math.floor(share * capacity));
}

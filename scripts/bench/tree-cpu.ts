// CPU used by a process tree (Linux /proc), split into PostgreSQL and the rest: what a benchmark's
// run cost per answer in the app and in the database (scripts/bench-search.ts).
import { inTree, processTable } from "./process-table";

const CLOCK_TICKS_MS = 10; // USER_HZ is 100 on Linux

export interface TreeCpu {
  /** ms of CPU in the tree's processes other than PostgreSQL (the Node processes). */
  app: number;
  /** ms of CPU in PostgreSQL processes. */
  db: number;
}

/** CPU used so far by the tree under `root`; undefined where there is no /proc. */
export function treeCpu(root: number): TreeCpu | undefined {
  const procs = processTable();
  if (!procs) return undefined;
  let app = 0;
  let db = 0;
  for (const [pid, p] of procs) {
    if (!inTree(procs, pid, root)) continue;
    if (p.comm.startsWith("postgres")) db += p.ticks * CLOCK_TICKS_MS;
    else app += p.ticks * CLOCK_TICKS_MS;
  }
  return { app, db };
}

/** (after - before) / n, per field; undefined when either sample is missing or n is 0. */
export function cpuPer(before: TreeCpu | undefined, after: TreeCpu | undefined, n: number): TreeCpu | undefined {
  if (!before || !after || n === 0) return undefined;
  return { app: (after.app - before.app) / n, db: (after.db - before.db) / n };
}

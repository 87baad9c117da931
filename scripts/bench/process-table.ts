// The machine's processes as Linux /proc lists them, for the benchmarks: who is whose child, by
// command name, and the CPU each has used (scripts/bench-purchase.ts: CPU per answer, and which
// process to pin).
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface ProcessEntry {
  ppid: number;
  /** Command name, as /proc truncates it (15 characters). */
  comm: string;
  /** CPU ticks: utime + stime, plus cutime + cstime, the CPU of exited children it reaped
   * (PostgreSQL backends end when their connection closes; their time must not vanish from a sum). */
  ticks: number;
}

/** Every process now, by pid; undefined where there is no /proc. */
export function processTable(): Map<number, ProcessEntry> | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const procs = new Map<number, ProcessEntry>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" "); // fields[0] is field 3 (state)
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      procs.set(Number(entry), { ppid: Number(fields[1]), comm: stat.slice(stat.indexOf("(") + 1, close), ticks });
    } catch {
      // the process ended while we looked
    }
  }
  return procs;
}

/** Whether `pid` is `root` or runs under it. */
export function inTree(procs: Map<number, ProcessEntry>, pid: number, root: number): boolean {
  for (let p: number | undefined = pid, hops = 0; p && hops < 20; p = procs.get(p)?.ppid, hops++)
    if (p === root) return true;
  return false;
}

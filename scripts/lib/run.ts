// Runs a command and rejects on a non-zero exit. Quiet: output is captured and only shown
// (its stderr) in the error. An aborted signal stops the command (SIGTERM): `npm start` stopped
// during a build must not leave the build running.
import { spawn } from "node:child_process";

export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: opts.quiet ? ["ignore", "ignore", "pipe"] : "inherit",
      env,
      signal: opts.signal,
    });
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(" ")} exited with ${signal ?? code}${stderr ? `:\n${stderr}` : ""}`)),
    );
  });
}

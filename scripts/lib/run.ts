// Runs a command and rejects on a non-zero exit. Quiet: output is captured and only shown
// (its stderr) in the error.
import { spawn } from "node:child_process";

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, opts: { quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: opts.quiet ? ["ignore", "ignore", "pipe"] : "inherit", env });
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${signal ?? code}${stderr ? `:\n${stderr}` : ""}`)),
    );
  });
}

// One app instance for the crash and multi-instance tests: the purchase routes in their own process (own
// memory: completed-purchase cache, signature verdicts, challenge), on the test file's database.
import { spawn, type ChildProcess } from "node:child_process";

export interface AppInstance {
  name: string;
  url: string;
  /** http://127.0.0.1:<port>, for the other routes the server serves. */
  origin: string;
  child: ChildProcess;
  kill(): Promise<void>;
}

export async function startInstance(name: string, options: { reconcile?: boolean } = {}): Promise<AppInstance> {
  // node itself (not the tsx wrapper, which would survive as a parent) so SIGKILL hits the server.
  const args = ["--import", "tsx", "test/payments/purchase-server.ts", ...(options.reconcile ? ["--reconcile"] : [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`instance ${name} exited (${code})`)));
  });
  return {
    name,
    url: `http://127.0.0.1:${port}/api/shop/shortlist`,
    origin: `http://127.0.0.1:${port}`,
    child,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

// For scripts that use the service layer (whose db client reads DATABASE_URL once at import):
// without DATABASE_URL, use the embedded database (the running one of `npm start`, or start it), prepare
// it, and run this same script again in a child process with DATABASE_URL set. Returns true when the
// caller should do its work.
import { spawn } from "node:child_process";
import path from "node:path";
import { migrateDatabase, prepareCatalog } from "./database";
import { env } from "../../server/env";
import { resolveDatabase } from "./resolve-database";

export async function ensureDatabaseThenRun(script: string): Promise<boolean> {
  const { url, cluster } = await resolveDatabase(() => {}, { attach: true });
  let code = 1;
  try {
    await migrateDatabase(url, true);
    await prepareCatalog(url);
    if (env.DATABASE_URL) return true; // this process can use it
    code = await new Promise<number>((resolve) => {
      const child = spawn(path.resolve("node_modules/.bin/tsx"), [script, ...process.argv.slice(2)], {
        stdio: "inherit",
        env: { ...process.env, DATABASE_URL: url },
      });
      child.on("exit", (c) => resolve(c ?? 1));
    });
  } finally {
    await cluster?.stop();
  }
  process.exit(code);
}

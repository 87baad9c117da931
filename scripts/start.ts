// `npm start`: the marketplace from a fresh clone. Without DATABASE_URL it runs an embedded
// PostgreSQL in DATA_DIR/postgres; then it applies migrations, seeds an empty catalog, builds
// when needed and serves Next.js on PORT. Ctrl-C (SIGINT) or SIGTERM stops the app, then the database.
// `--dev` serves `next dev` instead of a production build.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { baseUrl, env } from "../server/env";
import { buildNeeded } from "./lib/build-needed";
import { migrateDatabase, prepareCatalog } from "./lib/database";
import type { EmbeddedCluster } from "./lib/embedded-postgres";
import { resolveDatabase } from "./lib/resolve-database";
import { run } from "./lib/run";

const dev = process.argv.includes("--dev");
const nextBin = path.resolve("node_modules/.bin/next");
const log = (msg: string) => console.log(`[marketplace] ${msg}`);

let cluster: EmbeddedCluster | undefined;
let app: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (app && app.exitCode === null) {
    const exited = new Promise<boolean>((r) => app!.once("exit", () => r(true)));
    app.kill("SIGTERM");
    // Next.js waits for open keep-alive connections; never stop PostgreSQL under a live server.
    if (!(await Promise.race([exited, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]))) {
      app.kill("SIGKILL");
      await exited;
    }
  }
  if (cluster) {
    log("stopping PostgreSQL");
    await cluster.stop();
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  const database = await resolveDatabase(log);
  cluster = database.cluster;
  const databaseUrl = database.url;

  log("applying migrations");
  await migrateDatabase(databaseUrl);
  const seed = await prepareCatalog(databaseUrl);
  log(seed.seeded ? `seeded ${seed.services} services and ${seed.reviews} reviews` : "catalog present, not seeding");
  if (seed.embedded) log(`embedded ${seed.embedded} services`);

  const childEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(env.PORT), NEXT_TELEMETRY_DISABLED: "1" };
  if (!dev && buildNeeded()) {
    log("building (sources changed or no build yet)");
    await run(nextBin, ["build"], { ...childEnv, NODE_ENV: "production" });
  }
  if (stopping) process.exit(0);
  log(`serving ${baseUrl}`);
  app = spawn(nextBin, [dev ? "dev" : "start", "-p", String(env.PORT)], {
    stdio: "inherit",
    env: { ...childEnv, NODE_ENV: dev ? "development" : "production" },
  });
  app.on("exit", (code) => void shutdown(stopping ? 0 : (code ?? 1)));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await shutdown(1);
}

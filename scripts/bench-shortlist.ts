// `npm run bench:shortlist`: latency of every search mode on synthetic catalogs of 10,000 and
// 100,000 services (built in throwaway databases, never committed), the share of it that is the
// query embedding, and the engine process's resident memory. Loopback only; bounded runs.
// BENCH_SIZES, BENCH_RUNS and BENCH_KEEP=1 (keep and reuse the synthetic databases) adjust it.
import { spawn } from "node:child_process";
import path from "node:path";
import { migrateDatabase, prepareCatalog } from "./lib/database";
import { withClient } from "./lib/embedded-postgres";
import { resolveDatabase } from "./lib/resolve-database";
import { buildSyntheticCatalog } from "./bench/synthetic-catalog";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
// Keep the synthetic databases after the run, and reuse them next time (for profiling).
const KEEP = process.env.BENCH_KEEP === "1";
const log = (m: string) => console.log(`[bench] ${m}`);

const { url, cluster } = await resolveDatabase(log);
const admin = new URL(url);
admin.pathname = "/postgres";
try {
  for (const size of SIZES) {
    const name = `bench_shortlist_${size}`;
    const benchUrl = new URL(url);
    benchUrl.pathname = `/${name}`;
    // Only a database whose build finished (marked by a comment) is reused.
    const exists = await withClient(
      admin.toString(),
      async (c) =>
        (
          await c.query(
            "SELECT 1 FROM pg_database WHERE datname = $1 AND shobj_description(oid, 'pg_database') = 'complete'",
            [name],
          )
        ).rowCount === 1,
    );
    if (KEEP && exists) {
      log(`${size} services: reusing ${name} (BENCH_KEEP)`);
    } else {
      await withClient(admin.toString(), async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${name}`);
      });
      const started = Date.now();
      log(`${size} services: migrating and seeding`);
      await migrateDatabase(benchUrl.toString(), true);
      await prepareCatalog(benchUrl.toString());
      await buildSyntheticCatalog(benchUrl.toString(), size, log);
      await withClient(benchUrl.toString(), (c) => c.query("COMMENT ON DATABASE " + name + " IS 'complete'"));
      log(`${size} services ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    log(`measuring ${RUNS} requests per mode`);
    const out = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/bench/measure-shortlist.ts", String(RUNS)], {
        // No query cache: every measured request pays its query embedding, as a new outcome does.
        env: {
          ...process.env,
          DATABASE_URL: benchUrl.toString(),
          LOG_LEVEL: "silent",
          NODE_OPTIONS: "--expose-gc",
          QUERY_EMBEDDING_CACHE_SIZE: "0",
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      child.stdout.on("data", (d) => (stdout += d));
      child.on("exit", (code) =>
        code === 0 ? resolve(stdout.trim().split("\n").at(-1)!) : reject(new Error(`measure exited ${code}`)),
      );
    });
    const r = JSON.parse(out) as {
      loadMs: number;
      embed: { p50: number; p95: number };
      modes: Record<string, { p50: number; p95: number }>;
      rssMb: number;
      peakRssMb: number;
      memory: { startRssMb: number; modelRssMb: number; indexRssMb: number; heapMb: number; externalMb: number };
    };
    const m = r.memory;
    console.log(
      `\n${size.toLocaleString("en-US")} services (index load ${r.loadMs.toFixed(0)} ms; resident memory ${r.rssMb.toFixed(0)} MB after the run, peak ${r.peakRssMb.toFixed(0)} MB;` +
        ` process at start ${m.startRssMb.toFixed(0)} MB, model +${m.modelRssMb.toFixed(0)} MB, vector index +${m.indexRssMb.toFixed(0)} MB; JS heap ${m.heapMb.toFixed(0)} MB, external ${m.externalMb.toFixed(0)} MB)`,
    );
    console.log("mode        p50 ms   p95 ms");
    for (const [mode, t] of Object.entries(r.modes))
      console.log(`${mode.padEnd(10)} ${t.p50.toFixed(1).padStart(7)}  ${t.p95.toFixed(1).padStart(7)}`);
    console.log(
      `query embedding alone: p50 ${r.embed.p50.toFixed(1)} ms, p95 ${r.embed.p95.toFixed(1)} ms (part of semantic, hybrid and all)\n`,
    );
    if (!KEEP) await withClient(admin.toString(), (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
} finally {
  await cluster?.stop();
}

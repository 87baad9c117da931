// The profile mode of `npm run bench:search` (BENCH_PROFILE=1): where one free search's CPU goes.
// The bench starts the app with the CPU-profile preload (cpu-profile-preload.mjs), profiles the
// Next.js server's main thread for the middle of a run and reports its busy time by component
// (profile-components.ts with the search's own rules), as a share and as ms per search, beside the
// CPU the whole app process (every thread) and PostgreSQL used per search.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { profileComponents, type ComponentRule } from "./profile-components";

// First match wins. The query embedding is onnxruntime's JavaScript and the native run it calls
// (counted in the frame that called it), plus the tokenizer and cache in server/search/embeddings.
export const SEARCH_COMPONENTS: ComponentRule[] = [
  ["query embedding: onnxruntime (session.run, tensors)", /onnxruntime/],
  ["query embedding: tokenizer, cache, batching (server/search/embeddings)", /server\/search\/embeddings\//],
  ["rate limiting (rate-limiter-flexible, server/limits)", /rate-limiter-flexible|server\/limits\//],
  [
    "SQL: pg, Prisma (client, adapter, engine)",
    /node_modules\/(pg|pg-[a-z-]+|@prisma\/[a-z-]+|postgres-[a-z-]+)\/|server\/generated\/prisma|server\/db\.ts/,
  ],
  ["ranking: retrieval, fusion, vector scan (server/search)", /server\/search\//],
  ["search service and summaries (server/catalog, probes, observe)", /server\/(catalog|probes|observe)\//],
  ["JSON serialisation (JSON.stringify)", /^builtin:stringify$/],
  ["zod (validation)", /node_modules\/zod\//],
  // Before the app's rule: Next's bundled sources are named "webpack://next/./src/server/…".
  ["Next.js and React (routing, request and response)", /node_modules\/(next|react|react-dom)\/|webpack:\/\/next\//],
  ["other app code (server/, app/)", /\/(server|app)\//],
  ["wasm (Prisma's query engine, the dot-product kernel)", /^wasm:/],
  ["Node.js internals (http, sockets, streams, timers, URL)", /^node:|internal\//],
];

/** The newest CPU profile in `dir`, by component, per search. */
export async function reportSearchProfile(
  dir: string,
  searches: number,
  cpuPerSearch?: { app: number; db: number },
): Promise<void> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile"));
  if (files.length === 0) {
    console.log(`\nNo CPU profile was written to ${dir}.`);
    return;
  }
  const file = path.join(dir, files[0]!);
  const { busyMs, components } = profileComponents(file, SEARCH_COMPONENTS);
  const per = (ms: number) => ms / Math.max(searches, 1);
  console.log(
    `\nThe server's main thread under load, by component (V8 profile ${file}: ${(busyMs / 1000).toFixed(1)} s busy, ~${searches} searches answered meanwhile; self time, source-mapped):`,
  );
  console.log(`${"share".padStart(6)} ${"ms/search".padStart(9)}  component`);
  for (const c of components.filter((x) => x.share >= 0.005))
    console.log(`${(100 * c.share).toFixed(1).padStart(5)}% ${per(c.ms).toFixed(2).padStart(9)}  ${c.component}`);
  console.log(
    `(main thread busy ${per(busyMs).toFixed(2)} ms per search${cpuPerSearch ? `; the whole app process, every thread, ${cpuPerSearch.app.toFixed(2)} ms; PostgreSQL ${cpuPerSearch.db.toFixed(2)} ms` : ""})`,
  );
}

// Child of bench-shortlist.ts: measures the shortlist engine against DATABASE_URL (a synthetic
// catalog). Prints one JSON line: latency per mode, query-embedding latency, resident memory.
import { buildShortlist } from "../../server/shortlist/build-shortlist";
import { embedText, warmEmbeddings } from "../../server/search/embeddings/model";
import { ALL_QUERIES as EVAL_QUERIES } from "../eval-shortlist/labels/all-labels";
import { SEARCH_MODES } from "../../server/shortlist/request-schema";
import { getVectorIndex } from "../../server/search/retrieval/vector-index";
import { closeDatabase } from "../../server/db";

const RUNS = Number(process.argv[2] ?? 60);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const outcomes = EVAL_QUERIES.filter((q) => !q.request.conditions && !q.request.constraints).map(
  (q) => q.request.outcome,
);

const mb = (bytes: number) => bytes / 1e6;
// Collected and settled: V8 frees large buffers' memory in a task after the collection, so one
// gc() right before reading RSS still counted ~60 MB of the model translation's transients.
const gc = async () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  await new Promise((r) => setTimeout(r, 300));
  collect?.();
};
// Where the resident memory goes: after the model, after the vector index (both collected).
await gc();
const atStart = process.memoryUsage();
const loadStart = performance.now();
await warmEmbeddings();
await gc();
const afterModel = process.memoryUsage();
await getVectorIndex();
const loadMs = performance.now() - loadStart;
await gc();
const afterIndex = process.memoryUsage();

const embed: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await embedText(outcomes[i % outcomes.length]!);
  embed.push(performance.now() - t);
}

const modes: Record<string, { p50: number; p95: number }> = {};
for (const mode of SEARCH_MODES) {
  for (let i = 0; i < 3; i++) await buildShortlist({ outcome: outcomes[i]!, search: mode }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const outcome =
      mode === "exact"
        ? outcomes[i % outcomes.length]!.split(" ").slice(0, 3).join(" ")
        : outcomes[i % outcomes.length]!;
    const t = performance.now();
    await buildShortlist({ outcome, search: mode });
    times.push(performance.now() - t);
  }
  modes[mode] = { p50: pct(times, 50), p95: pct(times, 95) };
}
// Resident memory once garbage is collected (the parent runs this with --expose-gc), and the peak
// (maxRSS is in KiB; every figure here is in MB of 10^6 bytes).
await gc();
const { maxRSS } = process.resourceUsage();
const end = process.memoryUsage();
const memory = {
  startRssMb: mb(atStart.rss),
  modelRssMb: mb(afterModel.rss - atStart.rss),
  indexRssMb: mb(afterIndex.rss - afterModel.rss),
  heapMb: mb(end.heapUsed),
  externalMb: mb(end.external),
};
console.log(
  JSON.stringify({
    loadMs,
    embed: { p50: pct(embed, 50), p95: pct(embed, 95) },
    modes,
    rssMb: mb(end.rss),
    peakRssMb: mb(maxRSS * 1024),
    memory,
  }),
);
await closeDatabase();
process.exit(0);

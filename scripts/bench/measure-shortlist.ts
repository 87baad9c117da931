// Child of bench-shortlist.ts: measures the shortlist engine against DATABASE_URL (a synthetic
// catalog). Prints one JSON line: latency per mode, query-embedding latency, resident memory.
import { buildShortlist } from "../../server/shortlist/build-shortlist";
import { embedText, warmEmbeddings } from "../../server/search/embeddings/model";
import { ALL_QUERIES as EVAL_QUERIES } from "../eval-shortlist/labels/all-labels";
import { SEARCH_MODES } from "../../server/shortlist/request-schema";
import { getVectorIndex } from "../../server/search/retrieval/vector-index";
import { closeDatabase } from "../../server/db";

const RUNS = Number(process.argv[2] ?? 60);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const outcomes = EVAL_QUERIES.filter((q) => !q.request.conditions && !q.request.constraints).map((q) => q.request.outcome);

const loadStart = performance.now();
await Promise.all([getVectorIndex(), warmEmbeddings()]);
const loadMs = performance.now() - loadStart;

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
    const outcome = mode === "exact" ? outcomes[i % outcomes.length]!.split(" ").slice(0, 3).join(" ") : outcomes[i % outcomes.length]!;
    const t = performance.now();
    await buildShortlist({ outcome, search: mode });
    times.push(performance.now() - t);
  }
  modes[mode] = { p50: pct(times, 50), p95: pct(times, 95) };
}
// Resident memory once garbage is collected (the parent runs this with --expose-gc), and the peak.
(globalThis as { gc?: () => void }).gc?.();
const { maxRSS } = process.resourceUsage();
console.log(JSON.stringify({ loadMs, embed: { p50: pct(embed, 50), p95: pct(embed, 95) }, modes, rssMb: process.memoryUsage().rss / 1e6, peakRssMb: maxRSS / 1024 }));
await closeDatabase();
process.exit(0);

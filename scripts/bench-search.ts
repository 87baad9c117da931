// `npm run bench:search`: throughput of the free search (GET /api/catalog/search?q=…) on the seeded
// catalog. It starts the marketplace like `npm start` (a throwaway embedded PostgreSQL, migrated and
// seeded; builds first if sources changed), rate limits off (they would answer 429 long before the
// engine is the limit), then BENCH_CONNECTIONS (50) connections send queries drawn from the
// labelled outcomes (word windows of them, the held-out part left out), none repeated within the
// run, so every request pays its query embedding: the query cache is not what is measured. It
// prints req/s, latency, and the server's query-cache counters (from its log: they are in no API).
// Target (reported, not enforced): >= 150 req/s. Loopback only; bounded by BENCH_DURATION seconds.
import { createRequire } from "node:module";
import { healthy, startBenchMarketplace } from "./bench/bench-marketplace";
import { positiveInt } from "./bench/positive-int";
import { EVAL_QUERIES } from "./eval-shortlist/labels/queries";

const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", 50);
const DURATION = positiveInt("BENCH_DURATION", 10);
const TARGET_RPS = 150;
const log = (m: string) => console.log(`[bench] ${m}`);

/** Distinct queries: every window of 4 to 12 consecutive words of every labelled outcome, shuffled. */
function searchQueries(): string[] {
  const out = new Set<string>();
  for (const q of EVAL_QUERIES) {
    if (q.split === "heldout") continue;
    const words = q.request.outcome.split(/\s+/).filter(Boolean);
    for (let len = 4; len <= 12; len++)
      for (let at = 0; at + len <= words.length; at++)
        out.add(
          words
            .slice(at, at + len)
            .join(" ")
            .slice(0, 400),
        );
  }
  const list = [...out];
  let seed = 12;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface CannonRequest {
  path?: string;
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, r: CannonResult) => void) => { stop(): void };
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const queries = searchQueries();
const marketplace = await startBenchMarketplace({
  name: "search",
  log,
  env: { RATE_LIMIT_ENABLED: "false", LOG_LEVEL: "info" },
  stdout: "pipe",
});
const { baseUrl, server } = marketplace;
let cacheLine: { hits: number; misses: number; size: number } | undefined;
let pending = "";
server.stdout!.on("data", (chunk: Buffer) => {
  pending += chunk.toString("utf8");
  const lines = pending.split("\n");
  pending = lines.pop()!;
  for (const line of lines) {
    if (line.includes("queryEmbeddingCache")) {
      try {
        cacheLine = (JSON.parse(line) as { queryEmbeddingCache: typeof cacheLine }).queryEmbeddingCache;
      } catch {
        // not a JSON log line
      }
    } else if (line.startsWith("[marketplace]")) {
      console.log(line);
    }
  }
});

let exitCode = 1;
try {
  await healthy(marketplace);
  log("marketplace is up; warming up with 20 queries outside the measured set");
  for (let i = 0; i < 20; i++) {
    const r = await fetch(`${baseUrl}/api/catalog/search?q=${encodeURIComponent(`warm up search number ${i}`)}`);
    if (r.status !== 200) throw new Error(`warm-up search answered ${r.status}`);
  }
  await new Promise((r) => setTimeout(r, 6000)); // let the cache counters reach the log
  const before = cacheLine ?? { hits: 0, misses: 0, size: 0 };
  log(`${queries.length} distinct queries; ${CONNECTIONS} connections for at most ${DURATION} s`);
  let next = 0;
  const result = await new Promise<CannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        amount: queries.length,
        timeout: 10,
        requests: [
          {
            method: "GET",
            setupRequest: (req: CannonRequest) => ({
              ...req,
              path: `/api/catalog/search?q=${encodeURIComponent(queries[next++ % queries.length]!)}&limit=10`,
            }),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    setTimeout(() => instance.stop(), DURATION * 1000).unref();
  });
  await new Promise((r) => setTimeout(r, 6000));
  const after = cacheLine ?? before;
  const sent = Math.min(next, queries.length);
  console.log(`\nFree search, seeded catalog, ${CONNECTIONS} connections, ${sent} requests with distinct queries:`);
  console.log(
    `  ${result.requests.average.toFixed(1)} req/s (target >= ${TARGET_RPS}); latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`,
  );
  console.log(`  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
  console.log(
    `  server query cache during the run: ${after.hits - before.hits} hits, ${after.misses - before.misses} misses (size ${after.size})`,
  );
  if (next > queries.length)
    console.log(`  note: the run outlasted the query set; ${next - queries.length} queries were repeats`);
  exitCode = result.errors || result.non2xx ? 1 : 0;
} finally {
  await marketplace.stop();
}
process.exit(exitCode);

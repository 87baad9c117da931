// `npx tsx scripts/eval-shortlist/calibrate.ts [--floors]`: fits the shortlist's calibrated
// relevance (server/shortlist/relevance.ts) on the labelled dev requests (split "dev" or absent;
// held-out requests are never read). For every request the hybrid retrieval's top 40 hits become
// rows (features; label = graded relevant); a logistic regression (Newton's method, small L2)
// gives the coefficients, with and without the cosine (`terms` mode has none); it prints a
// reliability table and, per candidate floor, how many relevant rows survive. With --floors it
// runs the shortlist with the committed model and floor: quality on fit requests and results per
// no-fit request, so the floor is chosen on the data.
import { ensureDatabaseThenRun } from "../lib/with-database";

type Row = { x: number[]; y: number };
const round3 = (x: number) => Math.round(x * 1000) / 1000;

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(M[r]![i]!) > Math.abs(M[p]![i]!)) p = r;
    [M[i], M[p]] = [M[p]!, M[i]!];
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const f = M[r]![i]! / M[i]![i]!;
      for (let k = i; k <= n; k++) M[r]![k]! -= f * M[i]![k]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

/** L2-regularised logistic regression (no penalty on the bias, column 0 = 1). */
function fit(rows: Row[], l2 = 0.01): number[] {
  const d = rows[0]!.x.length;
  let w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const g = new Array<number>(d).fill(0);
    const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * w[i]!, 0)));
      for (let i = 0; i < d; i++) {
        g[i]! += (p - y) * x[i]!;
        for (let j = 0; j < d; j++) H[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 1; i < d; i++) {
      g[i]! += l2 * w[i]!;
      H[i]![i]! += l2;
    }
    const step = solve(H, g);
    w = w.map((wi, i) => wi - step[i]!);
  }
  return w;
}

if (await ensureDatabaseThenRun("scripts/eval-shortlist/calibrate.ts")) {
  const { closeDatabase, db } = await import("../../server/db");
  const { retrieve } = await import("../../server/search/retrieval/retrieve");
  const { featuresOf, queryCoverage, calibratedScore, CALIBRATION, RELEVANCE_FLOOR } =
    await import("../../server/shortlist/relevance");
  const { ALL_QUERIES, queryKind, splitOf } = await import("./labels/all-labels");
  const { buildShortlist } = await import("../../server/shortlist/build-shortlist");
  const { ndcgAt, recallAt, reciprocalRankAt, mean } = await import("./metrics");

  const dev = ALL_QUERIES.filter((q) => splitOf(q) === "dev");
  const rows: Row[] = [];
  const tops: { noFit: boolean; top: number }[] = [];
  for (const q of dev) {
    const hits = (await retrieve("hybrid", q.request.outcome, q.request.constraints)).slice(0, 40);
    const coverage = await queryCoverage(
      q.request.outcome,
      hits.map((h) => h.id),
    );
    const slugs = new Map(
      (
        await db.service.findMany({ where: { id: { in: hits.map((h) => h.id) } }, select: { id: true, slug: true } })
      ).map((s) => [s.id, s.slug]),
    );
    for (const [i, h] of hits.entries()) {
      const f = featuresOf(h, i, coverage);
      rows.push({ x: [1, f.cos, f.cov, f.name, f.rank], y: (q.relevance[slugs.get(h.id)!] ?? 0) > 0 ? 1 : 0 });
    }
    const best = Math.max(0, ...hits.map((h, i) => calibratedScore(featuresOf(h, i, coverage), CALIBRATION)));
    tops.push({ noFit: queryKind(q) === "no-fit", top: best });
  }
  const w = fit(rows);
  const c = { bias: w[0]!, cos: w[1]!, cov: w[2]!, name: w[3]!, rank: w[4]! };
  // terms mode: its own retrieval order is the rank; approximated here by the fused one.
  const noCos = fit(rows.map((r) => ({ x: [r.x[0]!, r.x[2]!, r.x[3]!, r.x[4]!], y: r.y })));
  const pOf = (x: number[], model = c) => calibratedScore({ cos: x[1]!, cov: x[2]!, name: x[3]!, rank: x[4]! }, model);
  const logLoss = mean(
    rows.map(({ x, y }) => -(y * Math.log(pOf(x) + 1e-12) + (1 - y) * Math.log(1 - pOf(x) + 1e-12))),
  );
  console.log(`${rows.length} rows from ${dev.length} dev requests (${rows.filter((r) => r.y).length} relevant)`);
  console.log(
    "coefficients:",
    JSON.stringify(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, round3(v)]))),
    "log loss",
    logLoss.toFixed(4),
  );
  console.log(
    "terms-mode coefficients (no cosine):",
    JSON.stringify({
      bias: round3(noCos[0]!),
      cos: 0,
      cov: round3(noCos[1]!),
      name: round3(noCos[2]!),
      rank: round3(noCos[3]!),
    }),
  );
  const bins = Array.from({ length: 5 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { x, y } of rows) {
    const p = pOf(x, CALIBRATION);
    const b = bins[Math.min(4, Math.floor(p * 5))]!;
    b.n++;
    b.p += p;
    b.y += y;
  }
  console.log(
    "committed model reliability (bin: n, mean predicted, observed):",
    bins
      .map(
        (b, i) => `${i / 5}-${(i + 1) / 5}: ${b.n}, ${(b.p / (b.n || 1)).toFixed(2)}, ${(b.y / (b.n || 1)).toFixed(2)}`,
      )
      .join(" | "),
  );
  for (const floor of [0.01, 0.02, 0.03, 0.05, 0.08, 0.1, 0.15, 0.2]) {
    const kept = rows.filter((r) => pOf(r.x, CALIBRATION) >= floor);
    console.log(
      `floor ${floor}: relevant rows kept ${kept.filter((r) => r.y).length}/${rows.filter((r) => r.y).length}, rows kept per request ${(kept.length / dev.length).toFixed(1)}`,
    );
  }

  // The request-level gate: how many fit requests it would empty, how many no-fit ones it lets through.
  for (const gate of [0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8]) {
    console.log(
      `gate ${gate}: fit requests emptied ${tops.filter((t) => !t.noFit && t.top < gate).length}/${tops.filter((t) => !t.noFit).length}, no-fit let through ${tops.filter((t) => t.noFit && t.top >= gate).length}/${tops.filter((t) => t.noFit).length}`,
    );
  }
  if (process.argv.includes("--floors")) {
    console.log(`committed floor ${RELEVANCE_FLOOR}`);
    for (const mode of ["all", "hybrid", "terms", "semantic"] as const) {
      const noFit: number[] = [];
      const n: number[] = [];
      const m: number[] = [];
      const r: number[] = [];
      for (const q of dev) {
        const s = await buildShortlist({ ...q.request, search: mode, limit: 5 });
        const ranked = s.matches.map((x) => x.service.slug);
        if (queryKind(q) === "no-fit") noFit.push(ranked.length);
        else {
          n.push(ndcgAt(ranked, q.relevance, 5));
          m.push(reciprocalRankAt(ranked, q.relevance, 5));
          r.push(recallAt(ranked, q.relevance, 5));
        }
      }
      console.log(
        `${mode}: nDCG@5 ${mean(n).toFixed(3)} MRR ${mean(m).toFixed(3)} recall@5 ${mean(r).toFixed(3)}; no-fit requests ${noFit.length}, results per no-fit ${mean(noFit).toFixed(2)}`,
      );
    }
  }
  await closeDatabase();
}

// `npm run eval:shortlist`: quality of the shortlist engine on the labelled set, against the
// seeded catalog (DATABASE_URL, or the embedded database), prepared first. Held-out labels are
// reported apart: they are never used to tune the engine. `-- --write-baseline` rewrites the
// floors the quality test holds the engine to (whole set).
import { ensureDatabaseThenRun } from "../lib/with-database";

if (await ensureDatabaseThenRun("scripts/eval-shortlist/run.ts")) {
  const { closeDatabase } = await import("../../server/db");
  const { evaluateConditions, evaluateRanking, K, SUBSETS } = await import("./evaluate");
  const { ALL_CHECKS, ALL_QUERIES, splitOf } = await import("./labels/all-labels");
  const ranking = await evaluateRanking();
  const conditions = await evaluateConditions();
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const heldQueries = ALL_QUERIES.filter((q) => splitOf(q) === "heldout").length;
  const heldChecks = ALL_CHECKS.filter((c) => splitOf(c) === "heldout").length;
  console.log(`Shortlist quality on ${ALL_QUERIES.length} labelled requests (${heldQueries} held out), cut-off ${K}.`);
  console.log("nDCG, MRR and recall over requests something fits; no-fit: results returned per request nothing fits.");
  for (const subset of SUBSETS) {
    console.log(`\n[${subset}]`);
    console.log("mode      n    nDCG@5  MRR    recall@5  named MRR (n)   no-fit results/request (n)");
    for (const [mode, bySubset] of Object.entries(ranking)) {
      const f = bySubset[subset];
      console.log(
        `${mode.padEnd(9)} ${String(f.requests).padEnd(4)} ${f.ndcg.toFixed(3)}   ${f.mrr.toFixed(3)}  ${f.recall.toFixed(3)}     ${f.namedMrr.toFixed(3)} (${f.namedRequests})       ${f.noFitMeanResults.toFixed(2)} (${f.noFitRequests})`,
      );
    }
  }
  // Reliability of `score` (the calibrated probability of fit), dev and held-out side by side.
  console.log(
    "\nCalibration of the returned matches' score (relevant = graded >= 1; every match of a no-fit request is irrelevant).",
  );
  for (const mode of ["all", "hybrid", "terms", "semantic"] as const) {
    const dev = ranking[mode].dev.calibration;
    const held = ranking[mode].heldout.calibration;
    console.log(
      `\n[${mode}] ECE dev ${dev.ece.toFixed(3)} (${dev.matches} matches) | held-out ${held.ece.toFixed(3)} (${held.matches} matches)`,
    );
    console.log("bin        dev: n    mean   relevant | held-out: n    mean   relevant");
    for (const [i, d] of dev.bins.entries()) {
      const h = held.bins[i]!;
      const cell = (b: typeof d) =>
        `${String(b.count).padStart(4)}  ${b.count ? b.meanScore.toFixed(3) : "  -  "}  ${b.count ? b.relevantShare.toFixed(3) : "  -  "}`;
      console.log(`${d.from.toFixed(1)}-${(d.from + 0.1).toFixed(1)}    ${cell(d)}    |        ${cell(h)}`);
    }
  }
  console.log(`\nCondition checks: ${ALL_CHECKS.length} labelled (${heldChecks} held out).`);
  for (const subset of SUBSETS) {
    const c = conditions[subset];
    console.log(`\n[${subset}] ${c.checks} checks, accuracy ${pct(c.accuracy)}`);
    console.log(`  met labels answered met:     ${pct(c.metAccuracy)} (${c.labelledMet})`);
    console.log(`  unmet labels answered unmet: ${pct(c.unmetAccuracy)} (${c.labelledUnmet})`);
    console.log(`  contradictions (met<->unmet): ${c.contradictions}`);
    console.log(`  false known: ${c.falseKnown} of ${c.labelledUnknown} labelled unknown`);
    console.log(`  confusion (label->answer): ${JSON.stringify(c.confusion)}`);
    console.log(
      `  by kind: ${Object.entries(c.byKind)
        .map(([k, v]) => `${k} ${pct(v.accuracy)} (${v.checks})`)
        .join(", ")}`,
    );
  }
  // The issue's table: each goal's figure on the dev labels beside the held-out ones (never tuned on).
  const share = (n: number, d: number) => (d ? n / d : 0);
  const rows: [string, (s: "dev" | "heldout") => string, string][] = [
    [
      "nDCG@5 (all / hybrid)",
      (s) => `${ranking.all[s].ndcg.toFixed(3)} / ${ranking.hybrid[s].ndcg.toFixed(3)}`,
      ">= 0.90",
    ],
    ["MRR (all / hybrid)", (s) => `${ranking.all[s].mrr.toFixed(3)} / ${ranking.hybrid[s].mrr.toFixed(3)}`, ">= 0.95"],
    ["met labels answered met", (s) => pct(conditions[s].metAccuracy), ">= 85 %"],
    ["unmet labels answered unmet", (s) => pct(conditions[s].unmetAccuracy), ">= 85 %"],
    [
      "contradictions (met<->unmet)",
      (s) => `${pct(share(conditions[s].contradictions, conditions[s].checks))} (${conditions[s].contradictions})`,
      "0",
    ],
    [
      "known answers where the evidence is silent",
      (s) => `${pct(conditions[s].falseKnownRate)} (${conditions[s].falseKnown})`,
      "0",
    ],
    [
      "results per request nothing fits (all)",
      (s) => `${ranking.all[s].noFitMeanResults.toFixed(2)} (${ranking.all[s].noFitRequests} requests)`,
      "<= 1",
    ],
    [
      "calibration error of score (all / hybrid)",
      (s) => `${ranking.all[s].calibration.ece.toFixed(3)} / ${ranking.hybrid[s].calibration.ece.toFixed(3)}`,
      "<= 0.05",
    ],
  ];
  console.log("\nSummary: figure | dev | held-out | goal");
  for (const [name, figure, goal] of rows)
    console.log(`  ${name.padEnd(44)} ${figure("dev").padEnd(20)} ${figure("heldout").padEnd(20)} ${goal}`);

  if (process.argv.includes("--write-baseline")) {
    const { writeFile } = await import("node:fs/promises");
    const prettier = await import("prettier");
    const file = "scripts/eval-shortlist/baseline.json";
    // Floors a hair under today's figures (3 decimals less 0.001), ceilings a hair over, so that noise
    // in the last decimal does not fail the quality test; integers for counts.
    const floor = (x: number) => (Math.floor(x * 1000) - 1) / 1000;
    const ceil = (x: number) => (Math.ceil(x * 1000) + 1) / 1000;
    const baseline = {
      note: "Figures of `npm run eval:shortlist` on the whole labelled set (dev and held-out), floored to 3 decimals less 0.001 (no-fit results ceiled plus 0.001). Raise them when the engine improves; never lower them to make a test pass. heldout: the held-out part's wrong known answers today, a ratchet (target 0).",
      ranking: Object.fromEntries(
        Object.entries(ranking).map(([mode, s]) => [
          mode,
          {
            ndcg: floor(s.all.ndcg),
            mrr: floor(s.all.mrr),
            recall: floor(s.all.recall),
            noFitMeanResults: ceil(s.all.noFitMeanResults),
          },
        ]),
      ),
      conditions: {
        accuracy: floor(conditions.all.accuracy),
        metAccuracy: floor(conditions.all.metAccuracy),
        unmetAccuracy: floor(conditions.all.unmetAccuracy),
      },
      heldout: { contradictions: conditions.heldout.contradictions, falseKnown: conditions.heldout.falseKnown },
      calibrationNote:
        "Ceilings of the expected calibration error of the returned matches' score (10 bins; every match of a no-fit request counts irrelevant) per mode, dev and held-out, ceiled to 3 decimals plus 0.001. Target 0.05 on held-out; lower them when calibration improves, never raise them to make a test pass.",
      calibration: Object.fromEntries(
        (["all", "hybrid"] as const).map((mode) => [
          mode,
          { dev: ceil(ranking[mode].dev.calibration.ece), heldout: ceil(ranking[mode].heldout.calibration.ece) },
        ]),
      ),
    };
    const options = (await prettier.resolveConfig(file)) ?? {};
    await writeFile(file, await prettier.format(JSON.stringify(baseline), { ...options, parser: "json" }));
    console.log(`wrote ${file}`);
  }
  await closeDatabase();
}

// `npm run eval:shortlist`: quality of the shortlist engine on the labelled set, against the
// seeded catalog (DATABASE_URL, or the embedded database), prepared first.
import { ensureDatabaseThenRun } from "../lib/with-database";

if (await ensureDatabaseThenRun("scripts/eval-shortlist/run.ts")) {
  const { closeDatabase } = await import("../../server/db");
  const { evaluateConditions, evaluateRanking, K } = await import("./evaluate");
  const { EVAL_QUERIES } = await import("./labels/queries");
  const ranking = await evaluateRanking();
  const conditions = await evaluateConditions();
  console.log(`Shortlist quality on ${EVAL_QUERIES.length} labelled requests (cut-off ${K}):`);
  console.log("mode      nDCG@5   MRR     recall@5");
  for (const [mode, f] of Object.entries(ranking)) console.log(`${mode.padEnd(9)} ${f.ndcg.toFixed(3)}    ${f.mrr.toFixed(3)}   ${f.recall.toFixed(3)}`);
  console.log(`\nCondition checks: ${conditions.checks} labelled, accuracy ${conditions.accuracy.toFixed(3)}`);
  console.log(`false-known rate: ${conditions.falseKnownRate.toFixed(3)} (${conditions.falseKnown} of ${conditions.labelledUnknown} labelled unknown answered met or unmet)`);
  console.log("confusion (label->answer):", JSON.stringify(conditions.confusion));
  if (process.argv.includes("--write-baseline")) {
    const { writeFile } = await import("node:fs/promises");
    const floor = (x: number) => Math.floor(x * 1000) / 1000;
    const baseline = {
      note: "Figures of `npm run eval:shortlist`, floored to 3 decimals (written with --write-baseline). Raise them when the engine improves; never lower them to make a test pass.",
      ranking: Object.fromEntries(Object.entries(ranking).map(([mode, f]) => [mode, { ndcg: floor(f.ndcg), mrr: floor(f.mrr), recall: floor(f.recall) }])),
      conditions: { accuracy: floor(conditions.accuracy) },
    };
    await writeFile("scripts/eval-shortlist/baseline.json", `${JSON.stringify(baseline, null, 2)}\n`);
    console.log("wrote scripts/eval-shortlist/baseline.json");
  }
  await closeDatabase();
}

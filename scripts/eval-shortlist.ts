// `npm run eval:shortlist`: quality of the shortlist engine on the labelled set, against the
// seeded catalog (DATABASE_URL or the embedded database, migrated, seeded and indexed first).
import { db } from "../server/db";
import { evaluateConditions, evaluateRanking, K } from "../server/shortlist/eval/evaluate";
import { EVAL_CONDITION_CHECKS } from "../server/shortlist/eval/labels/condition-checks";
import { EVAL_QUERIES } from "../server/shortlist/eval/labels/queries";
import { migrateDatabase, prepareCatalog } from "./lib/database";
import { resolveDatabase } from "./lib/resolve-database";

const { url, cluster } = await resolveDatabase(() => {});
try {
  await migrateDatabase(url, true);
  await prepareCatalog(url);
  process.env.DATABASE_URL = url;
  const ranking = await evaluateRanking();
  const conditions = await evaluateConditions();
  console.log(`Shortlist quality on ${EVAL_QUERIES.length} labelled requests (cut-off ${K}):`);
  console.log("mode      nDCG@5   MRR     recall@5");
  for (const [mode, f] of Object.entries(ranking)) console.log(`${mode.padEnd(9)} ${f.ndcg.toFixed(3)}    ${f.mrr.toFixed(3)}   ${f.recall.toFixed(3)}`);
  console.log(`\nCondition checks: ${EVAL_CONDITION_CHECKS.length} labelled, accuracy ${conditions.accuracy.toFixed(3)}`);
  console.log(`false-known rate: ${conditions.falseKnownRate.toFixed(3)} (${conditions.falseKnown} of ${conditions.labelledUnknown} labelled unknown answered met or unmet)`);
  console.log("confusion (label->answer):", JSON.stringify(conditions.confusion));
} finally {
  await db.$disconnect();
  await cluster?.stop();
}

// The marketplace's first tests of the seeded world: right after the seed (scripts/lib/database.ts
// prepareCatalog), every service the world plans to be tested is tested for real, as an operator's
// test would be — each x402 offer paid once through the observer by the test wallet, against a
// sandbox provider started for the purpose — so testStatus, testedAt and the test reviews of a fresh
// installation come from tests that ran, not from seed data. Only while the sandbox is on (local
// ledger, no real money): with a real facilitator the seeded services stay untested. Tests of the
// seed are outside the daily budget (test-records.ts): they pay the local ledger only.
import { db } from "../db";
import { logger } from "../logger";
import { createLocalFacilitator } from "../payments/facilitators/local-facilitator";
import { configuredSandboxOrigin, noteSandboxListening, sandboxOn } from "../sandbox-address";
import { syncSandboxCatalog } from "../sandbox/sandbox-catalog";
import { startSandbox } from "../sandbox/start-sandbox";
import { testService } from "./test-service";

/** Services tested at once: a slow sandbox provider answers in up to 0.9 s, so a few run side by side. */
const AT_ONCE = 4;

export interface SeedTestSummary {
  planned: number;
  tested: number;
  output: number;
  noOutput: number;
}

export async function testSeededServices(slugs: readonly string[]): Promise<SeedTestSummary | null> {
  if (!sandboxOn()) return null;
  const services = await db.service.findMany({
    where: { slug: { in: [...slugs] } },
    select: { id: true },
    orderBy: { slug: "asc" },
  });
  const sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0 });
  noteSandboxListening(sandbox.port);
  const summary: SeedTestSummary = { planned: slugs.length, tested: 0, output: 0, noOutput: 0 };
  try {
    await syncSandboxCatalog(sandbox.url);
    const queue = services.map((s) => s.id);
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const report = await testService(id, "seed");
        if (report.testStatus === "untested") continue;
        summary.tested++;
        if (report.testStatus === "tested-output") summary.output++;
        else summary.noOutput++;
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  } finally {
    noteSandboxListening(undefined);
    await sandbox.close();
    // Back to the address the app's own sandbox will answer on.
    await syncSandboxCatalog(configuredSandboxOrigin());
  }
  logger.info(summary, "the seeded world's marketplace tests ran");
  return summary;
}

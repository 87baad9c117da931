// e2e support, run beside the app under test (runBesideApp): records calls through the observer
// for a service the way the observer route stores them, spread over the last days, so the service
// page's charts have figures. `--paid-token <token>` records one paid call by that token (the
// verified-call badge). Prints "recorded <n> calls".
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { ensureDatabaseThenRun } from "../../../scripts/lib/with-database";

const { values: args } = parseArgs({
  options: { slug: { type: "string" }, calls: { type: "string", default: "0" }, "paid-token": { type: "string" } },
});
if (!args.slug) throw new Error("--slug is required");

if (await ensureDatabaseThenRun("e2e/ui/pages/record-observed-calls.ts")) {
  const { db, closeDatabase } = await import("../../../server/db");
  const { Prisma } = await import("../../../server/generated/prisma/client");
  const { authenticateToken } = await import("../../../server/accounts/marketplace-tokens");
  try {
    const service = await db.service.findUniqueOrThrow({
      where: { slug: args.slug },
      select: { id: true, offers: { select: { id: true }, take: 1 } },
    });
    const offerId = service.offers[0]!.id;
    const rows: { tokenId: string; paid: boolean; ageMs: number; latencyMs: number; status: number }[] = [];
    for (let i = 0; i < Number(args.calls); i++) {
      rows.push({
        tokenId: randomUUID(),
        paid: i % 3 === 0,
        ageMs: (i % 12) * 86_400_000 + 60_000,
        latencyMs: 80 + ((i * 37) % 200),
        status: i % 7 === 6 ? 502 : 200,
      });
    }
    if (args["paid-token"])
      rows.push({
        tokenId: (await authenticateToken(args["paid-token"])).tokenId,
        paid: true,
        ageMs: 60_000,
        latencyMs: 120,
        status: 200,
      });
    for (const r of rows) {
      const at = new Date(Date.now() - r.ageMs);
      await db.$executeRaw(Prisma.sql`
        INSERT INTO observed_calls (offer_id, service_id, token_id, idempotency_key, fingerprint, state, claimed_at, method, status, outcome,
                                    latency_ms, paid, payer, created_at, completed_at)
        VALUES (${offerId}, ${service.id}, ${r.tokenId}::uuid, ${`e2e-${randomUUID()}`}, 'e2e', 'completed', ${at}, 'GET', ${r.status},
                ${r.status === 502 ? "provider_unreachable" : "provider"}, ${r.latencyMs}, ${r.paid},
                ${r.paid ? `0x${randomUUID().replace(/-/g, "").padEnd(40, "0")}` : null}, ${at}, ${at})`);
    }
    console.log(`recorded ${rows.length} calls`);
  } finally {
    await closeDatabase();
  }
}

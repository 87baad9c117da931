// A tested service is tested again after a payment-terms change of one of its offers: when a probe
// notes a price change (the offer still routes), and when an operator confirms new terms (a payee,
// network or asset change stops routing until then, so testing at detection would only meet the
// observer's 409). Services never tested are left to their approval or an operator. Registered once
// per process at start-up (instrumentation.ts); only the instance that noted or confirmed reacts.
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";
import { logger } from "../logger";
import { onTermsChange, type TermsChangeEvent } from "../probes/terms-change-listeners";
import { testService, type ServiceTestReport } from "./test-service";

/** Re-tests the offer's service if it was tested before and the offer routes; null when it is not due. */
export async function retestAfterTermsChange(offerId: string): Promise<ServiceTestReport | null> {
  const [row] = await sqlQuery<{ service_id: string }>(Prisma.sql`
    SELECT o.service_id FROM offers o
    WHERE o.id = ${offerId}
      AND EXISTS (SELECT 1 FROM service_tests t WHERE t.service_id = o.service_id AND t.outcome IN ('output', 'no-output'))
      AND NOT EXISTS (SELECT 1 FROM offer_terms_changes c WHERE c.offer_id = o.id AND c.resolved_at IS NULL AND c.blocking)`);
  return row ? testService(row.service_id, "terms_change") : null;
}

let registered: (() => void) | undefined;

export function retestOnTermsChanges(): () => void {
  registered ??= onTermsChange((event: TermsChangeEvent) => {
    if (event.kind === "noted" && event.blocking) return;
    void retestAfterTermsChange(event.offerId).catch((err: unknown) =>
      logger.warn({ err, offerId: event.offerId }, "re-test after a terms change failed"),
    );
  });
  return () => {
    registered?.();
    registered = undefined;
  };
}

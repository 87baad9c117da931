// The operators' list of open payment-terms changes (the moderation page): each with its service and
// offer, what differs, the catalogued and observed terms, when it was seen, and the latest probe's
// verdict as evidence. Operators only.
import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { isOperator } from "../accounts/actor";
import { db } from "../db";
import { AppError } from "../errors";
import { termsChangeSchema } from "./health-schema";
import { CONFORMANCE_CHECKS, type ConformanceCheck } from "./conformance-checks";
import { termsChangeObject } from "./offer-health";

export const openTermsChangeSchema = termsChangeSchema.extend({
  id: z.string(),
  service: z.object({ slug: z.string(), name: z.string() }),
  offer: z.object({ id: z.string(), method: z.string(), path: z.string(), protocol: z.string() }),
  latestProbe: z
    .object({
      probedAt: z.iso.datetime(),
      verdict: z.enum(["conformant", "non_conformant", "unreachable"]),
      status: z.int().nullable(),
      failedChecks: z.array(z.enum(CONFORMANCE_CHECKS)),
      detail: z.string().nullable(),
    })
    .nullable(),
});
export type OpenTermsChange = z.infer<typeof openTermsChangeSchema>;

// At most one open change per offer; a page shows the oldest first (longest waiting), bounded.
const LIST_LIMIT = 100;

export function assertTermsOperator(actor: Actor): asserts actor is Extract<Actor, { type: "human" }> {
  if (!isOperator(actor))
    throw new AppError("forbidden", "Only marketplace operators may handle payment-terms changes.");
}

export async function listOpenTermsChanges(actor: Actor): Promise<OpenTermsChange[]> {
  assertTermsOperator(actor);
  const rows = await db.offerTermsChange.findMany({
    where: { resolvedAt: null },
    orderBy: [{ detectedAt: "asc" }, { id: "asc" }],
    take: LIST_LIMIT,
    include: {
      offer: {
        select: {
          id: true,
          method: true,
          path: true,
          protocol: true,
          service: { select: { slug: true, name: true } },
          // The latest probe only: served by the (offer_id, probed_at) index.
          probes: {
            orderBy: { probedAt: "desc" },
            take: 1,
            select: { probedAt: true, verdict: true, status: true, failedChecks: true, detail: true },
          },
        },
      },
    },
  });
  return rows.map((r) => {
    const { service, probes, ...offer } = r.offer;
    const p = probes[0];
    return {
      id: r.id,
      service,
      offer,
      ...termsChangeObject(r),
      latestProbe: p
        ? {
            probedAt: p.probedAt.toISOString(),
            verdict: p.verdict as "conformant" | "non_conformant" | "unreachable",
            status: p.status,
            failedChecks: p.failedChecks as ConformanceCheck[],
            detail: p.detail,
          }
        : null,
    };
  });
}

// One service by slug: the API's service record, and the profile the UI shows (record + evidence).
import { z } from "zod";
import { db } from "../db";
import { AppError } from "../errors";
import { recordCallStats } from "../observe/call-stats";
import { offerHealthFor } from "../probes/offer-health";
import { getReviewStats } from "./review-stats";
import { serviceRecordSelect, toServiceRecord, type ServiceRecord } from "./service-record";

// Re-exported: the schema lives in the pure module (the MCP tools import it without the database).
import { serviceSlugSchema } from "./slug-schema";
export { serviceSlugSchema };

export const getServiceInput = z.object({ slug: serviceSlugSchema });

// A path segment is client input too: a malformed slug (U+0000 included, which the database
// would refuse with an error) names no service, so it is the same 404 as an unknown one.
function assertSlugForm(slug: string): void {
  if (!serviceSlugSchema.safeParse(slug).success) throw new AppError("not_found", `No service with slug "${slug}".`);
}

// A withdrawn listing's service answers 404 like one never listed (docs/decisions.md "Listing
// review"); a paused one still answers, its offers not routed.
export async function getServiceRecord(slug: string): Promise<ServiceRecord> {
  assertSlugForm(slug);
  const row = await db.service.findUnique({ where: { slug }, select: serviceRecordSelect });
  if (!row || row.listingState === "withdrawn") throw new AppError("not_found", `No service with slug "${slug}".`);
  const [stats, calls, health] = await Promise.all([
    getReviewStats([row.id]),
    recordCallStats(row.id),
    offerHealthFor(row.offers.map((o) => o.id)),
  ]);
  return toServiceRecord(row, stats.get(row.id)!, calls, health);
}

export interface ServiceProfile {
  record: ServiceRecord;
  slug: string;
  facts: { key: string; value: unknown; text: string; source: string }[];
  evidence: { text: string; source: string }[];
}

export async function getServiceProfile(slug: string): Promise<ServiceProfile> {
  assertSlugForm(slug);
  const row = await db.service.findUnique({
    where: { slug },
    select: {
      ...serviceRecordSelect,
      facts: { select: { key: true, value: true, text: true, source: true }, orderBy: { key: "asc" } },
      evidence: { select: { text: true, source: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
  if (!row || row.listingState === "withdrawn") throw new AppError("not_found", `No service with slug "${slug}".`);
  const [stats, calls, health] = await Promise.all([
    getReviewStats([row.id]),
    recordCallStats(row.id),
    offerHealthFor(row.offers.map((o) => o.id)),
  ]);
  return {
    record: toServiceRecord(row, stats.get(row.id)!, calls, health),
    slug: row.slug,
    facts: row.facts,
    evidence: row.evidence,
  };
}

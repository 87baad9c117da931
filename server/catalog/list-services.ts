// Browse the catalog: filters, most-called first, keyset pagination with an opaque cursor.
import { z } from "zod";
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { cursorInt4, cursorText, decodeCursor, encodeCursor } from "../input/cursor";
import { storableText } from "../input/storable-text";
import { priceLimitAtomic } from "../money";
import { serviceCallCounts } from "../observe/call-stats";
import type { OfferHealthObject } from "../probes/health-schema";
import { offerHealthFor } from "../probes/offer-health";
import { LISTED_SERVICE } from "../search/unlisted-services";
import { healthOfService, healthWhere } from "./health-filter";
import { getReviewStats, ratingFields, roundRating } from "./review-stats";
import { catalogFields, offerProtocols } from "./service-record";
import { urls } from "./urls";
import { CAPABILITIES, PAYMENT_PROTOCOLS } from "./vocabulary";
import { serviceSummarySchema, type ServiceSummary } from "./service-summary-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export { serviceSummarySchema } from "./service-summary-schema";
export type { ServiceSummary } from "./service-summary-schema";

// `tested`: "true" = any tested status, "false" = untested, "output" / "no-output" = that outcome.
import { HEALTHY_FILTERS, TESTED_FILTERS } from "./search-input-schema";
export { TESTED_FILTERS };

export const listServicesInput = z.object({
  q: storableText().trim().min(1).max(200).optional(),
  capability: z.enum(CAPABILITIES).optional(),
  protocol: z.enum(PAYMENT_PROTOCOLS).optional(),
  maxPriceUsd: z.coerce.number().min(0).max(1_000_000).optional(),
  tested: z.enum(TESTED_FILTERS).optional(),
  healthy: z.enum(HEALTHY_FILTERS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: storableText().max(400).optional(),
});
export type ListServicesInput = z.input<typeof listServicesInput>;

export const serviceListSchema = z.object({
  services: z.array(serviceSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ServiceList = z.infer<typeof serviceListSchema>;

// (calls30d, id) of the last row: an int4 and a service id.
const cursorSchema = z.tuple([cursorInt4(), cursorText(200)]);

const TESTED_WHERE: Record<(typeof TESTED_FILTERS)[number], Prisma.ServiceWhereInput> = {
  true: { testStatus: { not: "untested" } },
  false: { testStatus: "untested" },
  output: { testStatus: "tested-output" },
  "no-output": { testStatus: "tested-no-output" },
};

function textWhere(q: string): Prisma.ServiceWhereInput[] {
  // Every word must appear in the name, description, vendor name or tags.
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 12)
    .map((word) => ({
      OR: [
        { name: { contains: word, mode: "insensitive" } },
        { description: { contains: word, mode: "insensitive" } },
        { entityName: { contains: word, mode: "insensitive" } },
        { tags: { has: word } },
        { capabilities: { has: word } },
      ],
    }));
}

export async function listServices(rawInput: ListServicesInput): Promise<ServiceList> {
  const input = listServicesInput.parse(rawInput);
  // Paused and withdrawn listings are not browsed (unlisted-services.ts).
  const and: Prisma.ServiceWhereInput[] = [LISTED_SERVICE];
  if (input.q) and.push(...textWhere(input.q));
  if (input.capability) and.push({ capabilities: { has: input.capability } });
  // By the offers' own protocols, as the record and the summaries show them.
  if (input.protocol) and.push({ offers: { some: { protocol: input.protocol } } });
  if (input.maxPriceUsd !== undefined)
    and.push({ offers: { some: { priceAtomic: { lte: priceLimitAtomic(input.maxPriceUsd) } } } });
  if (input.tested) and.push(TESTED_WHERE[input.tested]);
  if (input.healthy) and.push(healthWhere(input.healthy));
  if (input.cursor) {
    const [calls, id] = decodeCursor(cursorSchema, input.cursor);
    and.push({ OR: [{ calls30d: { lt: calls } }, { calls30d: calls, id: { gt: id } }] });
  }

  const rows = await db.service.findMany({
    where: { AND: and },
    orderBy: [{ calls30d: "desc" }, { id: "asc" }],
    take: input.limit + 1,
    select: summarySelect,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    services: await toSummaries(page),
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.calls30d, last.id]) : null,
  };
}

const summarySelect = {
  id: true,
  slug: true,
  name: true,
  description: true,
  primaryCapability: true,
  capabilities: true,
  tags: true,
  testStatus: true,
  calls30d: true,
  offers: { select: { id: true, priceAtomic: true, protocol: true } },
} satisfies Prisma.ServiceSelect;
type SummaryRow = Prisma.ServiceGetPayload<{ select: typeof summarySelect }>;

/** Summaries of the given services, in the given order. One statement (services, offers, review
 * figures) beside the call counts, then the page's offer health in one more: this is the free
 * search's hot path, where the four Prisma queries of toSummaries cost most of a search's CPU. */
export async function summariesFor(ids: string[]): Promise<ServiceSummary[]> {
  if (ids.length === 0) return [];
  const [rows, calls] = await Promise.all([
    sqlQuery<SummarySqlRow>(Prisma.sql`
      SELECT s.id, s.slug, s.name, s.description, s.primary_capability, s.capabilities, s.tags, s.test_status, s.calls_30d,
        coalesce((SELECT json_agg(json_build_object('id', o.id, 'priceAtomic', o.price_atomic, 'protocol', o.protocol)) FROM offers o WHERE o.service_id = s.id), '[]'::json) AS offers,
        r.review_count, r.rating
      FROM services s
      CROSS JOIN LATERAL (SELECT count(*)::int AS review_count, avg(rating)::float8 AS rating FROM reviews WHERE service_id = s.id AND status = 'published') r
      WHERE s.id = ANY(${ids}::text[])`),
    serviceCallCounts(ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const health = await offerHealthFor(rows.flatMap((r) => r.offers.map((o) => o.id)));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const row: SummaryRow = {
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      primaryCapability: r.primary_capability,
      capabilities: r.capabilities,
      tags: r.tags,
      testStatus: r.test_status,
      calls30d: r.calls_30d,
      offers: r.offers,
    };
    return [
      toSummary(row, { reviewCount: r.review_count, reviewRating: roundRating(r.rating) }, calls.get(id) ?? 0, health),
    ];
  });
}

interface SummarySqlRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  primary_capability: string;
  capabilities: string[];
  tags: string[];
  test_status: string;
  calls_30d: number;
  offers: { id: string; priceAtomic: number; protocol: string }[];
  review_count: number;
  rating: number | null;
}

async function toSummaries(page: SummaryRow[]): Promise<ServiceSummary[]> {
  const ids = page.map((r) => r.id);
  const [stats, calls, health] = await Promise.all([
    getReviewStats(ids),
    serviceCallCounts(ids),
    offerHealthFor(page.flatMap((r) => r.offers.map((o) => o.id))),
  ]);
  return page.map((r) => toSummary(r, stats.get(r.id)!, calls.get(r.id) ?? 0, health));
}

function toSummary(
  r: SummaryRow,
  s: { reviewRating: number | null; reviewCount: number },
  observedCalls: number,
  health: Map<string, OfferHealthObject>,
): ServiceSummary {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    ...catalogFields(r),
    protocols: offerProtocols(r.offers),
    testStatus: r.testStatus as ServiceSummary["testStatus"],
    ...ratingFields(r.testStatus, s.reviewRating),
    reviewCount: s.reviewCount,
    // As in the record: the source's figure plus observed calls. The order (and cursor) stays on
    // the source's figure, an indexed column.
    calls30d: r.calls30d + observedCalls,
    profileUrl: urls.serviceProfile(r.slug),
    recordUrl: urls.serviceRecord(r.slug),
    health: healthOfService(health, r.offers),
  };
}

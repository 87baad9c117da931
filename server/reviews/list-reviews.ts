// Published reviews, optionally for one service and filtered by rating, tag and author type,
// newest first, most liked first, or verified purchases first; keyset pagination for every order.
import { z } from "zod";
import { db, sqlQuery } from "../db";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { cursorInt4, cursorTimeMs, decodeCursor, encodeCursor } from "../input/cursor";
import { reviewRowSelect, toReviewListItems } from "./review-record";
import type { ReviewList } from "./review-schema";

// Re-exported: the schema lives in the pure module (the MCP tools import it without the database).
import { listReviewsInput, type ListReviewsInput } from "./review-input-schema";
export { REVIEW_SORTS, listReviewsInput, type ListReviewsInput, type ReviewSort } from "./review-input-schema";

// Re-exported: the schema lives in the pure module (the typed client imports it without the database or env).
export { reviewListSchema, type ReviewList } from "./review-schema";

// The keyset of the last row: newest = (createdAt ms, id); liked = (like count, createdAt ms, id).
// The shapes differ, so a cursor of one order is refused (400) by the other.
const newestCursor = z.tuple([cursorTimeMs(), z.uuid()]);
const likedCursor = z.tuple([cursorInt4(), cursorTimeMs(), z.uuid()]);
// verified = ("v", 1 for a verified purchase else 0, createdAt ms, id): verified purchases first, each part newest first.
const verifiedCursor = z.tuple([z.literal("v"), z.union([z.literal(0), z.literal(1)]), cursorTimeMs(), z.uuid()]);

interface KeyRow {
  id: string;
  created_at: Date;
  likes: number;
  verified: number;
}

export async function listReviews(rawInput: ListReviewsInput): Promise<ReviewList> {
  const input = listReviewsInput.parse(rawInput);
  const filters: Prisma.Sql[] = [Prisma.sql`r.status = 'published'`];
  if (input.service) {
    const service = await db.service.findUnique({ where: { slug: input.service }, select: { id: true } });
    if (!service) throw new AppError("not_found", `No service with slug "${input.service}".`);
    filters.push(Prisma.sql`r.service_id = ${service.id}`);
  }
  if (input.rating !== undefined) filters.push(Prisma.sql`r.rating = ${input.rating}`);
  if (input.tag !== undefined) filters.push(Prisma.sql`${input.tag} = ANY (r.tags)`);
  // Rows store "human" or an agent's type; everything that is not human is shown as an agent.
  if (input.actor === "human") filters.push(Prisma.sql`r.actor_type = 'human'`);
  if (input.actor === "llm") filters.push(Prisma.sql`r.actor_type <> 'human'`);

  // Ties on the like count fall back to the newest order, so both orders end on (created_at, id).
  let after = Prisma.empty;
  if (input.cursor && input.sort === "liked") {
    const [likes, ms, id] = decodeCursor(likedCursor, input.cursor);
    const at = new Date(ms);
    after = Prisma.sql`AND (likes < ${likes} OR (likes = ${likes} AND (created_at < ${at} OR (created_at = ${at} AND id > ${id}::uuid))))`;
  } else if (input.cursor && input.sort === "verified") {
    const [, verified, ms, id] = decodeCursor(verifiedCursor, input.cursor);
    const at = new Date(ms);
    after = Prisma.sql`AND (verified < ${verified} OR (verified = ${verified} AND (created_at < ${at} OR (created_at = ${at} AND id > ${id}::uuid))))`;
  } else if (input.cursor) {
    const [ms, id] = decodeCursor(newestCursor, input.cursor);
    const at = new Date(ms);
    after = Prisma.sql`AND (created_at < ${at} OR (created_at = ${at} AND id > ${id}::uuid))`;
  }
  const order =
    input.sort === "liked"
      ? Prisma.sql`likes DESC, created_at DESC, id ASC`
      : input.sort === "verified"
        ? Prisma.sql`verified DESC, created_at DESC, id ASC`
        : Prisma.sql`created_at DESC, id ASC`;
  // The like count is counted only for the most-liked order; the newest order stays on its index.
  const likes =
    input.sort === "liked"
      ? Prisma.sql`(SELECT count(*)::int FROM review_engagements e WHERE e.review_id = r.id AND e.kind = 'like')`
      : Prisma.sql`0`;
  const keys = await sqlQuery<KeyRow>(Prisma.sql`
    SELECT id, created_at, likes, verified FROM (
      SELECT r.id, r.created_at, ${likes} AS likes, (r.receipt_call_id IS NOT NULL OR r.provider_receipt_key IS NOT NULL)::int AS verified FROM reviews r WHERE ${Prisma.join(filters, " AND ")}
    ) k
    WHERE true ${after}
    ORDER BY ${order}
    LIMIT ${input.limit + 1}`);

  const page = keys.slice(0, input.limit);
  const ids = page.map((k) => k.id);
  const rows = await db.review.findMany({ where: { id: { in: ids }, status: "published" }, select: reviewRowSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A review hidden between the two reads drops out of the page rather than failing it.
  const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (keys.length > input.limit && last) {
    const ms = last.created_at.getTime();
    nextCursor = encodeCursor(
      input.sort === "liked"
        ? [last.likes, ms, last.id]
        : input.sort === "verified"
          ? ["v", last.verified, ms, last.id]
          : [ms, last.id],
    );
  }
  return {
    reviews: await toReviewListItems(ordered),
    nextCursor,
  };
}

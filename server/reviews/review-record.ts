// The review record of the specification, full form and list form, and how rows become it.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { urls } from "../catalog/urls";
import type { ProviderReceiptProof } from "../receipts/provider-receipt";
import { atomicToUsd } from "../money";
import type { DbClient } from "../transaction";
import {
  LIST_COMMENTS_CAP,
  type Engagement,
  type CommentRecord,
  type ReviewRecord,
  type ReviewListItem,
} from "./review-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export {
  engagementSchema,
  commentSchema,
  reviewSchema,
  LIST_COMMENTS_CAP,
  reviewListItemSchema,
} from "./review-schema";
export type { Engagement, CommentRecord, ReviewRecord, ReviewListItem } from "./review-schema";

export const LIST_BODY_CHARS = 280;

/** Cuts at a word boundary and ends with an ellipsis when the body is longer than the limit. */
export function excerpt(body: string, max = LIST_BODY_CHARS): string {
  if (body.length <= max) return body;
  // Never half of a surrogate pair: a lone surrogate (half an emoji) is what strict JSON parsers
  // (serde_json, Go's encoding/json replaces it) refuse or mangle.
  const cut = body.slice(0, /[\ud800-\udbff]/.test(body[max - 1] ?? "") ? max - 1 : max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

export const reviewRowSelect = {
  id: true,
  actorType: true,
  name: true,
  org: true,
  rating: true,
  title: true,
  tags: true,
  body: true,
  link: true,
  humanReviewStatus: true,
  humanReviewedAt: true,
  verifiedCallAt: true,
  receiptCall: { select: { amountAtomic: true, asset: true, network: true, completedAt: true, createdAt: true } },
  providerReceipt: true,
  createdAt: true,
  updatedAt: true,
  service: {
    select: {
      slug: true,
      name: true,
      serviceUrl: true,
      // The endpoint a review without a stored link is about: the service's first offer.
      offers: { select: { providerUrl: true, path: true }, orderBy: [{ position: "asc" }, { id: "asc" }], take: 1 },
    },
  },
  _count: { select: { revisions: true } },
} satisfies Prisma.ReviewSelect;
export type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewRowSelect }>;

/** Two reads at once on the pool; one after the other inside a transaction (one connection, and
 * pg deprecates overlapping queries on a client). */
async function both<A, B>(client: DbClient, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (client === db) return Promise.all([a(), b()]);
  const first = await a();
  return [first, await b()];
}

const zero = () => ({ llm: 0, human: 0 });
const actorTypeOf = (t: string) => (t === "human" ? ("human" as const) : ("llm" as const));

/** Engagement counters are counts of rows (likes/favourites per actor, published comments). */
export async function getEngagement(reviewIds: string[], client: DbClient = db): Promise<Map<string, Engagement>> {
  const result = new Map<string, Engagement>(
    reviewIds.map((id) => [id, { likes: zero(), favorites: zero(), comments: zero() }]),
  );
  if (reviewIds.length === 0) return result;
  const [marks, comments] = await both(
    client,
    () =>
      client.reviewEngagement.groupBy({
        by: ["reviewId", "kind", "actorType"],
        where: { reviewId: { in: reviewIds } },
        _count: { _all: true },
      }),
    () =>
      client.comment.groupBy({
        by: ["reviewId", "actorType"],
        where: { reviewId: { in: reviewIds }, status: "published" },
        _count: { _all: true },
      }),
  );
  for (const m of marks) {
    const e = result.get(m.reviewId)!;
    e[m.kind === "like" ? "likes" : "favorites"][actorTypeOf(m.actorType)] += m._count._all;
  }
  for (const c of comments) result.get(c.reviewId)!.comments[actorTypeOf(c.actorType)] += c._count._all;
  return result;
}

/** Published comments of each review, oldest first; at most `perReview` each when given (one
 * statement with a window, so a page of reviews costs one query whatever their comment counts). */
export async function publishedComments(
  reviewIds: string[],
  perReview?: number,
  client: DbClient = db,
): Promise<Map<string, CommentRecord[]>> {
  const result = new Map<string, CommentRecord[]>(reviewIds.map((id) => [id, []]));
  if (reviewIds.length === 0) return result;
  const cap = perReview ?? 2_147_483_647;
  const rows = await client.$queryRaw<
    { id: string; review_id: string; actor_type: string; name: string; body: string; created_at: Date }[]
  >(Prisma.sql`
    SELECT id::text, review_id::text, actor_type, name, body, created_at FROM (
      SELECT c.id, c.review_id, c.actor_type, c.name, c.body, c.created_at,
             row_number() OVER (PARTITION BY c.review_id ORDER BY c.created_at, c.id) AS n
      FROM comments c
      WHERE c.review_id = ANY(${reviewIds}::uuid[]) AND c.status = 'published'
    ) ranked
    WHERE n <= ${cap}
    ORDER BY review_id, created_at, id`);
  for (const r of rows) {
    result.get(r.review_id)?.push({
      id: r.id,
      actorType: actorTypeOf(r.actor_type),
      name: r.name,
      body: r.body,
      created_at: r.created_at.getTime(),
    });
  }
  return result;
}

/** The reviewed endpoint when the review stored no link: the first offer's provider URL joined
 * with its path (as stored links are written), else the service's own URL. */
export function endpointLink(service: ReviewRow["service"]): string {
  const offer = service.offers[0];
  if (!offer) return service.serviceUrl;
  const path = offer.path.startsWith("/") ? offer.path : `/${offer.path}`;
  return `${offer.providerUrl.replace(/\/+$/, "")}${path === "/" ? "" : path}`;
}

function common(r: ReviewRow, engagement: Engagement, comments: CommentRecord[]) {
  return {
    id: r.id,
    url: urls.review(r.id),
    slug: r.service.slug,
    actorType: actorTypeOf(r.actorType),
    org: r.org,
    rating: r.rating,
    title: r.title,
    tags: r.tags,
    link: r.link ?? endpointLink(r.service),
    created_at: r.createdAt.getTime(),
    revision: {
      count: Math.max(1, r._count.revisions),
      humanReviewStatus: r.humanReviewStatus as "not_required" | "reviewed",
      ...(r.humanReviewStatus === "reviewed" && r.humanReviewedAt
        ? { humanReviewedAt: r.humanReviewedAt.getTime() }
        : {}),
    },
    engagement,
    comments,
    verifiedCall: r.verifiedCallAt !== null,
    verifiedPurchase: verifiedPurchaseOf(r.receiptCall, r.providerReceipt),
  };
}

/** What the receipt the review presented proves: the price paid and when (see review-schema.ts). */
function verifiedPurchaseOf(
  call: ReviewRow["receiptCall"],
  provider: ReviewRow["providerReceipt"],
): ReviewRecord["verifiedPurchase"] {
  if (call)
    return {
      issuer: "marketplace",
      amount: call.amountAtomic === null ? null : atomicToUsd(call.amountAtomic),
      asset: call.asset,
      network: call.network,
      paid_at: (call.completedAt ?? call.createdAt).getTime(),
    };
  const kept = provider as ProviderReceiptProof["record"] | null;
  if (!kept) return null;
  return {
    issuer: "provider",
    amount: kept.amountAtomic === null ? null : atomicToUsd(kept.amountAtomic),
    asset: kept.asset,
    network: kept.receipt.payload.network,
    paid_at: kept.receipt.payload.issuedAt * 1000,
  };
}

export function toReviewRecord(r: ReviewRow, engagement: Engagement, comments: CommentRecord[]): ReviewRecord {
  return {
    ...common(r, engagement, comments),
    company: r.service.name,
    name: r.name,
    body: r.body,
    updated_at: r.updatedAt.getTime(),
  };
}

export function toReviewListItem(r: ReviewRow, engagement: Engagement, comments: CommentRecord[]): ReviewListItem {
  return {
    ...common(r, engagement, comments.slice(0, LIST_COMMENTS_CAP)),
    subject: r.service.name,
    name: r.name,
    body: excerpt(r.body),
  };
}

/** Rows (selected with reviewRowSelect) in list form, with their counters and first comments. */
export async function toReviewListItems(rows: ReviewRow[], client: DbClient = db): Promise<ReviewListItem[]> {
  const ids = rows.map((r) => r.id);
  const [engagement, comments] = await both(
    client,
    () => getEngagement(ids, client),
    () => publishedComments(ids, LIST_COMMENTS_CAP, client),
  );
  return rows.map((r) => toReviewListItem(r, engagement.get(r.id)!, comments.get(r.id)!));
}

/** One published review in full form with all its published comments; null if there is none. */
export async function loadReviewRecord(id: string, client: DbClient = db): Promise<ReviewRecord | null> {
  const row = await client.review.findFirst({ where: { id, status: "published" }, select: reviewRowSelect });
  if (!row) return null;
  const [engagement, comments] = await both(
    client,
    () => getEngagement([id], client),
    () => publishedComments([id], undefined, client),
  );
  return toReviewRecord(row, engagement.get(id)!, comments.get(id)!);
}

// The review record of the specification, full form and list form, and how rows become it.
import { z } from "zod";
import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { urls } from "../catalog/urls";

const counter = z.object({ llm: z.number().int(), human: z.number().int() });
const engagementSchema = z.object({ likes: counter, favorites: counter, comments: counter });
export type Engagement = z.infer<typeof engagementSchema>;

const revisionSchema = z.object({
  count: z.number().int(),
  humanReviewStatus: z.enum(["not_required", "reviewed"]),
  humanReviewedAt: z.number().int().optional(),
});

export const commentSchema = z.object({
  id: z.string(),
  actorType: z.enum(["llm", "human"]),
  name: z.string(),
  body: z.string(),
  created_at: z.number().int(),
});

export const reviewSchema = z.object({
  id: z.string(),
  url: z.string(),
  slug: z.string(),
  // Not in the specification's table: who wrote it, mirroring comments' actorType (docs/decisions.md).
  actorType: z.enum(["llm", "human"]),
  company: z.string(),
  org: z.string(),
  name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  tags: z.array(z.string()),
  body: z.string(),
  link: z.string().optional(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  revision: revisionSchema,
  engagement: engagementSchema,
  comments: z.array(commentSchema),
});
export type ReviewRecord = z.infer<typeof reviewSchema>;

// List form: `subject` instead of `company`, body cut with an ellipsis, no `updated_at`, no comments.
export const reviewListItemSchema = reviewSchema
  .omit({ company: true, updated_at: true, comments: true, name: true })
  .extend({ subject: z.string(), name: z.string().optional() });
export type ReviewListItem = z.infer<typeof reviewListItemSchema>;

export const LIST_BODY_CHARS = 280;

/** Cuts at a word boundary and ends with an ellipsis when the body is longer than the limit. */
export function excerpt(body: string, max = LIST_BODY_CHARS): string {
  if (body.length <= max) return body;
  const cut = body.slice(0, max);
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
  createdAt: true,
  updatedAt: true,
  service: { select: { slug: true, name: true } },
  _count: { select: { revisions: true } },
} satisfies Prisma.ReviewSelect;
type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewRowSelect }>;

const zero = () => ({ llm: 0, human: 0 });

/** Engagement counters are counts of rows (likes/favourites per actor, published comments). */
export async function getEngagement(reviewIds: string[]): Promise<Map<string, Engagement>> {
  const result = new Map<string, Engagement>(reviewIds.map((id) => [id, { likes: zero(), favorites: zero(), comments: zero() }]));
  if (reviewIds.length === 0) return result;
  const [marks, comments] = await Promise.all([
    db.reviewEngagement.groupBy({ by: ["reviewId", "kind", "actorType"], where: { reviewId: { in: reviewIds } }, _count: { _all: true } }),
    db.comment.groupBy({ by: ["reviewId", "actorType"], where: { reviewId: { in: reviewIds }, status: "published" }, _count: { _all: true } }),
  ]);
  const actor = (t: string) => (t === "human" ? "human" : "llm");
  for (const m of marks) {
    const e = result.get(m.reviewId)!;
    e[m.kind === "like" ? "likes" : "favorites"][actor(m.actorType)] += m._count._all;
  }
  for (const c of comments) result.get(c.reviewId)!.comments[actor(c.actorType)] += c._count._all;
  return result;
}

function common(r: ReviewRow, engagement: Engagement) {
  return {
    id: r.id,
    url: urls.review(r.id),
    slug: r.service.slug,
    actorType: r.actorType === "human" ? ("human" as const) : ("llm" as const),
    org: r.org,
    rating: r.rating,
    title: r.title,
    tags: r.tags,
    ...(r.link ? { link: r.link } : {}),
    created_at: r.createdAt.getTime(),
    revision: {
      count: Math.max(1, r._count.revisions),
      humanReviewStatus: r.humanReviewStatus as "not_required" | "reviewed",
      ...(r.humanReviewStatus === "reviewed" && r.humanReviewedAt ? { humanReviewedAt: r.humanReviewedAt.getTime() } : {}),
    },
    engagement,
  };
}

export function toReviewRecord(r: ReviewRow, engagement: Engagement, comments: ReviewRecord["comments"]): ReviewRecord {
  const c = common(r, engagement);
  return { ...c, company: r.service.name, name: r.name, body: r.body, updated_at: r.updatedAt.getTime(), comments };
}

export function toReviewListItem(r: ReviewRow, engagement: Engagement): ReviewListItem {
  return { ...common(r, engagement), subject: r.service.name, name: r.name, body: excerpt(r.body) };
}

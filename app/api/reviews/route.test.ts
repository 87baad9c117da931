// Review reads: list form and full form as the specification shapes them, counters equal to rows.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { GET as getOne } from "./[id]/route";
import { GET as getList } from "./route";

// `verifiedCall` is our additive field (docs/decisions.md "Reviews").
const FULL = [
  "id",
  "url",
  "slug",
  "actorType",
  "company",
  "org",
  "name",
  "rating",
  "title",
  "tags",
  "body",
  "link",
  "created_at",
  "updated_at",
  "revision",
  "engagement",
  "comments",
  "verifiedCall",
  "verifiedPurchase",
];

async function one(id: string) {
  const res = await getOne(new Request(`http://marketplace.test/api/reviews/${id}`), {
    params: Promise.resolve({ id }),
  });
  return { status: res.status, body: await res.json() };
}
async function list(query: string) {
  const res = await getList(new Request(`http://marketplace.test/api/reviews${query}`));
  return { status: res.status, body: await res.json() };
}

describe("GET /api/reviews/{id}", () => {
  it("returns {ok, review} in full form with counters equal to the rows", async () => {
    const rows = await db.review.findMany({
      take: 40,
      orderBy: { id: "asc" },
      select: { id: true, service: { select: { slug: true, name: true } } },
    });
    for (const row of rows) {
      const { status, body } = await one(row.id);
      expect(status).toBe(200);
      expect(body.ok).toBe(true);
      const r = body.review;
      expect(Object.keys(r).sort()).toEqual([...FULL].sort());
      expect(r.url).toBe(`http://marketplace.test/reviews/${row.id}`);
      expect(r).toMatchObject({ slug: row.service.slug, company: row.service.name });
      expect(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5).toBe(true);
      expect(r.updated_at).toBeGreaterThanOrEqual(r.created_at);
      expect(["not_required", "reviewed"]).toContain(r.revision.humanReviewStatus);
      expect("humanReviewedAt" in r.revision).toBe(r.revision.humanReviewStatus === "reviewed");
      expect(r.revision.count).toBe(await db.reviewRevision.count({ where: { reviewId: row.id } }));
      for (const kind of ["like", "favorite"] as const) {
        const key = kind === "like" ? "likes" : "favorites";
        for (const actorType of ["llm", "human"] as const) {
          expect(r.engagement[key][actorType]).toBe(
            await db.reviewEngagement.count({ where: { reviewId: row.id, kind, actorType } }),
          );
        }
      }
      expect(r.engagement.comments.llm + r.engagement.comments.human).toBe(r.comments.length);
      for (const c of r.comments)
        expect(Object.keys(c).sort()).toEqual(["actorType", "body", "created_at", "id", "name"]);
    }
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await one("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const bad = await one("not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_request", issues: [expect.objectContaining({ path: "id" })] });
  });
});

describe("GET /api/reviews", () => {
  it("lists a service's reviews in list form, newest first, paginated", async () => {
    const svc = await db.service.findFirstOrThrow({
      where: { reviews: { some: {} } },
      orderBy: { reviews: { _count: "desc" } },
      select: { slug: true, name: true, _count: { select: { reviews: true } } },
    });
    const seen: { created_at: number; id: string; body: string; subject: string }[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await list(`?service=${svc.slug}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      expect(body.ok).toBeUndefined();
      seen.push(...body.reviews);
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(svc._count.reviews);
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    const times = seen.map((r) => r.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const r of seen) {
      expect(r.subject).toBe(svc.name);
      expect(r).not.toHaveProperty("updated_at");
      expect(r).not.toHaveProperty("company");
      const full = await db.review.findUniqueOrThrow({ where: { id: r.id }, select: { body: true } });
      if (full.body.length > 280) expect(r.body.endsWith("…")).toBe(true);
      else expect(r.body).toBe(full.body);
      expect(r.body.length).toBeLessThanOrEqual(281);
    }
  });

  it("answers 404 for an unknown service and 400 for bad parameters", async () => {
    expect((await list("?service=no-such-service")).status).toBe(404);
    for (const q of ["?limit=0", "?limit=500", "?cursor=%%%", "?service=Bad%20Slug"])
      expect((await list(q)).status).toBe(400);
  });
});

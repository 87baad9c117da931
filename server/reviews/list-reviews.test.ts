// listReviews: filters (rating, tag, author type), both orders with keyset cursors (no duplicate or
// gap across pages, ties included), and the REST list taking the same parameters.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/reviews/route";
import { db } from "../db";
import { AppError } from "../errors";
import { listReviews, type ListReviewsInput } from "./list-reviews";

type Page = Awaited<ReturnType<typeof listReviews>>;

/** Every page of a listing, following nextCursor. */
async function allPages(input: Omit<ListReviewsInput, "cursor">): Promise<Page["reviews"]> {
  const seen: Page["reviews"] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await listReviews({ ...input, cursor });
    seen.push(...page.reviews);
    if (!page.nextCursor) return seen;
    expect(page.reviews.length).toBe(input.limit ?? 20);
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

async function likesOf(ids: string[]): Promise<Map<string, number>> {
  const groups = await db.reviewEngagement.groupBy({
    by: ["reviewId"],
    where: { reviewId: { in: ids }, kind: "like" },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.reviewId, g._count._all]));
}

const byNewest = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// Reviews of one service under a tag of their own, with equal times and equal like counts, so the
// ties of both orders are exercised and nothing else in the seeded data interferes.
const TAG = `tie-test-${randomUUID().slice(0, 8)}`;
let slug: string;
let serviceId: string;
const ours: { id: string; createdAt: Date; rating: number; actorType: string }[] = [];

beforeAll(async () => {
  const service = await db.service.findFirstOrThrow({
    where: { reviews: { some: {} } },
    select: { id: true, slug: true },
  });
  slug = service.slug;
  serviceId = service.id;
  const times = [new Date("2026-01-01T00:00:00.000Z"), new Date("2026-01-02T00:00:00.000Z")];
  for (let i = 0; i < 14; i++) {
    const row = await db.review.create({
      data: {
        serviceId,
        actorType: i % 3 === 0 ? "human" : "llm",
        name: `Tester ${i}`,
        org: "Test org",
        rating: (i % 5) + 1,
        title: `Tie review ${i}`,
        body: "A review written for the pagination test.",
        tags: [TAG, i % 2 === 0 ? "even" : "odd"],
        createdAt: times[i % 2]!,
        updatedAt: times[i % 2]!,
      },
      select: { id: true, createdAt: true, rating: true, actorType: true },
    });
    ours.push(row);
  }
  // Like counts 0, 1 or 2, so many reviews share a count and, within it, a time.
  for (const [i, r] of ours.entries()) {
    for (let n = 0; n < i % 3; n++) {
      await db.reviewEngagement.create({
        data: { reviewId: r.id, kind: "like", actorType: n % 2 ? "human" : "llm", actorKey: `person:like-${i}-${n}` },
      });
    }
    // Favourites must not count as likes.
    if (i % 4 === 0)
      await db.reviewEngagement.create({
        data: { reviewId: r.id, kind: "favorite", actorType: "human", actorKey: `person:fav-${i}` },
      });
  }
});

describe("listReviews filters", () => {
  it("filters by tag, rating and author type, alone and together", async () => {
    const expectIds = (got: Page["reviews"], want: typeof ours) =>
      expect(got.map((r) => r.id).sort()).toEqual(want.map((r) => r.id).sort());
    expectIds(await allPages({ service: slug, tag: TAG, limit: 100 }), ours);
    for (const rating of [1, 2, 3, 4, 5])
      expectIds(
        await allPages({ service: slug, tag: TAG, rating, limit: 100 }),
        ours.filter((r) => r.rating === rating),
      );
    expectIds(
      await allPages({ service: slug, tag: TAG, actor: "human", limit: 100 }),
      ours.filter((r) => r.actorType === "human"),
    );
    expectIds(
      await allPages({ service: slug, tag: TAG, actor: "llm", limit: 100 }),
      ours.filter((r) => r.actorType !== "human"),
    );
    expectIds(
      await allPages({ service: slug, tag: TAG, actor: "llm", rating: 2, limit: 100 }),
      ours.filter((r) => r.actorType !== "human" && r.rating === 2),
    );
  });

  it("matches the seeded rows for every rating and author type across the whole catalog", async () => {
    for (const rating of [1, 5]) {
      const got = await allPages({ rating, limit: 100 });
      expect(got.length).toBe(await db.review.count({ where: { status: "published", rating } }));
      expect(got.every((r) => r.rating === rating)).toBe(true);
    }
    const humans = await allPages({ actor: "human", limit: 100 });
    expect(humans.length).toBe(await db.review.count({ where: { status: "published", actorType: "human" } }));
    expect(humans.every((r) => r.actorType === "human")).toBe(true);
    const tag = "reliable";
    const tagged = await allPages({ tag, limit: 100 });
    expect((await allPages({ tag: " RELIABLE ", limit: 100 })).map((r) => r.id)).toEqual(tagged.map((r) => r.id));
    expect(tagged.length).toBe(await db.review.count({ where: { status: "published", tags: { has: tag } } }));
    expect(tagged.length).toBeGreaterThan(0);
  });

  it("leaves out reviews that are not published", async () => {
    const hidden = ours[0]!;
    await db.review.update({ where: { id: hidden.id }, data: { status: "hidden" } });
    try {
      const got = await allPages({ service: slug, tag: TAG, sort: "liked", limit: 5 });
      expect(got.map((r) => r.id)).not.toContain(hidden.id);
      expect(got.length).toBe(ours.length - 1);
    } finally {
      await db.review.update({ where: { id: hidden.id }, data: { status: "published" } });
    }
  });

  it("refuses out-of-range and unstorable filter values", async () => {
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { actor: "robot" },
      { sort: "oldest" },
      { tag: "a\u0000b" },
      { tag: "\ud800" },
      { tag: "x".repeat(101) },
    ]) {
      // Refused by the input schema (a 400 naming the field), not by the database.
      const field = Object.keys(bad)[0]!;
      await expect(listReviews({ service: slug, ...(bad as object) }), field).rejects.toMatchObject({
        name: "ZodError",
        issues: [expect.objectContaining({ path: [field] })],
      });
    }
  });
});

describe("listReviews orders and cursors", () => {
  it("newest first: every row once, in (created_at desc, id) order, at every page size", async () => {
    const expected = [...ours].sort(byNewest).map((r) => r.id);
    for (const limit of [1, 2, 3, 5, 13, 14, 100]) {
      const got = await allPages({ service: slug, tag: TAG, limit });
      expect(got.map((r) => r.id)).toEqual(expected);
    }
  });

  it("most liked first: likes desc, then newest, then id, every row once at every page size", async () => {
    const likes = await likesOf(ours.map((r) => r.id));
    const expected = [...ours]
      .sort((a, b) => (likes.get(b.id) ?? 0) - (likes.get(a.id) ?? 0) || byNewest(a, b))
      .map((r) => r.id);
    for (const limit of [1, 2, 3, 4, 7, 14, 100]) {
      const got = await allPages({ service: slug, tag: TAG, sort: "liked", limit });
      expect(got.map((r) => r.id)).toEqual(expected);
      // The counters shown agree with the order.
      const shown = got.map((r) => r.engagement.likes.llm + r.engagement.likes.human);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
    }
  });

  it("most liked across a whole service matches the rows", async () => {
    const rows = await db.review.findMany({
      where: { serviceId, status: "published" },
      select: { id: true, createdAt: true },
    });
    const likes = await likesOf(rows.map((r) => r.id));
    const expected = rows
      .sort((a, b) => (likes.get(b.id) ?? 0) - (likes.get(a.id) ?? 0) || byNewest(a, b))
      .map((r) => r.id);
    expect((await allPages({ service: slug, sort: "liked", limit: 4 })).map((r) => r.id)).toEqual(expected);
  });

  it("refuses a cursor of the other order, and forged cursors, with 400 on cursor", async () => {
    const newest = await listReviews({ service: slug, tag: TAG, limit: 2 });
    const liked = await listReviews({ service: slug, tag: TAG, sort: "liked", limit: 2 });
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const cases: [ListReviewsInput["sort"], string][] = [
      ["liked", newest.nextCursor!],
      ["newest", liked.nextCursor!],
      ["liked", forged([-1, 0, randomUUID()])],
      ["liked", forged([2 ** 31, 0, randomUUID()])],
      ["liked", forged([1, 1e16, randomUUID()])],
      ["liked", forged([1, 0, "not-a-uuid"])],
    ];
    for (const [sort, cursor] of cases) {
      const err = await listReviews({ service: slug, sort, cursor }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "invalid_request", issues: [{ path: "cursor" }] });
    }
  });
});

describe("GET /api/reviews with filters", () => {
  async function get(query: string) {
    const res = await listRoute(new Request(`http://marketplace.test/api/reviews${query}`));
    return { status: res.status, body: await res.json() };
  }

  it("takes rating, tag, actor and sort as query parameters", async () => {
    const likes = await likesOf(ours.map((r) => r.id));
    const expected = ours
      .filter((r) => r.actorType !== "human")
      .sort((a, b) => (likes.get(b.id) ?? 0) - (likes.get(a.id) ?? 0) || byNewest(a, b))
      .map((r) => r.id);
    const seen: string[] = [];
    let cursor = "";
    do {
      const { status, body } = await get(
        `?service=${slug}&tag=${TAG}&actor=llm&sort=liked&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(status).toBe(200);
      seen.push(...body.reviews.map((r: { id: string }) => r.id));
      cursor = body.nextCursor ?? "";
    } while (cursor);
    expect(seen).toEqual(expected);
    const rated = await get(`?service=${slug}&tag=${TAG}&rating=3`);
    expect(rated.body.reviews.map((r: { id: string }) => r.id).sort()).toEqual(
      ours
        .filter((r) => r.rating === 3)
        .map((r) => r.id)
        .sort(),
    );
    // Empty parameters, as an HTML form sends them, count as absent.
    expect((await get(`?service=${slug}&tag=${TAG}&rating=&actor=&sort=&limit=100`)).body.reviews.length).toBe(
      ours.length,
    );
  });

  it("answers 400 JSON with the parameter's issue for bad values", async () => {
    for (const [query, path] of [
      ["?rating=9", "rating"],
      ["?rating=abc", "rating"],
      ["?actor=robot", "actor"],
      ["?sort=oldest", "sort"],
      ["?tag=%00", "tag"],
    ] as const) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.error).toBe("invalid_request");
      expect(
        body.issues.map((i: { path: string }) => i.path),
        query,
      ).toContain(path);
    }
  });
});

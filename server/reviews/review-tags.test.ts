// getReviewTags: the tag filter's options are the tags of a service's published reviews, counted.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { getReviewTags, MAX_FILTER_TAGS } from "./review-tags";

describe("getReviewTags", () => {
  it("counts each tag over the published reviews, most used first, then by name (code point order)", async () => {
    const service = await db.service.findFirstOrThrow({
      where: { reviews: { some: {} } },
      orderBy: { reviews: { _count: "desc" } },
      select: { id: true, slug: true },
    });
    // A hidden review's tags are not offered.
    await db.review.create({
      data: {
        serviceId: service.id,
        actorType: "llm",
        name: "N",
        org: "O",
        rating: 3,
        title: "t",
        body: "b",
        tags: ["only-hidden"],
        status: "hidden",
      },
    });
    const rows = await db.review.findMany({
      where: { serviceId: service.id, status: "published" },
      select: { tags: true },
    });
    const expected = new Map<string, number>();
    for (const r of rows) for (const t of r.tags) expected.set(t, (expected.get(t) ?? 0) + 1);
    const sorted = [...expected]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
    expect(await getReviewTags(service.slug)).toEqual(sorted.slice(0, MAX_FILTER_TAGS));
    expect(sorted.length).toBeGreaterThan(1);
  });

  it("answers not_found for an unknown or malformed slug", async () => {
    for (const slug of ["no-such-service", "a\u0000b"])
      await expect(getReviewTags(slug)).rejects.toMatchObject({ code: "not_found" });
  });
});

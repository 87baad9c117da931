// getRatingDistribution: the counts of ratings 1 to 5 equal the published rows.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { getRatingDistribution } from "./rating-distribution";

async function rowCounts(serviceId: string) {
  const counts = [];
  for (const rating of [5, 4, 3, 2, 1])
    counts.push({ rating, count: await db.review.count({ where: { serviceId, rating, status: "published" } }) });
  return counts;
}

describe("getRatingDistribution", () => {
  it("equals the published rows for every service, five entries from 5 down to 1", async () => {
    const services = await db.service.findMany({ select: { id: true, slug: true } });
    let withReviews = 0;
    for (const s of services) {
      const d = await getRatingDistribution(s.slug);
      const counts = await rowCounts(s.id);
      expect(d.counts).toEqual(counts);
      expect(d.total).toBe(counts.reduce((n, c) => n + c.count, 0));
      if (d.total > 0) withReviews++;
    }
    expect(withReviews).toBeGreaterThan(0);
  });

  it("leaves out hidden reviews and counts new ones", async () => {
    const s = await db.service.findFirstOrThrow({
      where: { reviews: { some: { rating: 2 } } },
      select: { id: true, slug: true },
    });
    const before = await getRatingDistribution(s.slug);
    const two = (d: typeof before) => d.counts.find((c) => c.rating === 2)!.count;
    const review = await db.review.findFirstOrThrow({
      where: { serviceId: s.id, rating: 2, status: "published" },
      select: { id: true },
    });
    await db.review.update({ where: { id: review.id }, data: { status: "hidden" } });
    const hidden = await getRatingDistribution(s.slug);
    expect(two(hidden)).toBe(two(before) - 1);
    expect(hidden.total).toBe(before.total - 1);
    await db.review.create({
      data: { serviceId: s.id, actorType: "human", name: "N", org: "O", rating: 5, title: "t", body: "b", tags: [] },
    });
    const added = await getRatingDistribution(s.slug);
    expect(added.counts[0]!.count).toBe(hidden.counts[0]!.count + 1);
  });

  it("answers not_found for an unknown or malformed slug", async () => {
    for (const slug of ["no-such-service", "Bad Slug", "a\u0000b", ""]) {
      await expect(getRatingDistribution(slug)).rejects.toMatchObject({ code: "not_found" });
    }
  });
});

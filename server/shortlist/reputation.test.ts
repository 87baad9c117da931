// The prior's mean rating (the Bayesian average's pull in `all` mode) is read once per
// MEAN_RECHECK_MS per process, not once per shortlist: a change shows after that time, not before.
import { describe, expect, it } from "vitest";
import { db, sqlQuery } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { catalogMeanRating } from "./reputation";

const meanOfPublished = async () =>
  (
    await sqlQuery<{ mean: number }>(
      Prisma.sql`SELECT avg(rating)::float8 AS mean FROM reviews WHERE status = 'published'`,
    )
  )[0]!.mean;

describe("catalogMeanRating", () => {
  it("is the published reviews' mean, reread after 30 s, and concurrent callers share one read", async () => {
    // Far from any earlier call in this process, so the first read is fresh.
    const t = Date.now() + 1e9;
    const before = await meanOfPublished();
    expect(before).not.toBe(1);
    const [a, b] = await Promise.all([catalogMeanRating(t), catalogMeanRating(t)]);
    expect(a).toBeCloseTo(before, 12);
    expect(b).toBe(a);
    await db.review.updateMany({ where: { status: "published" }, data: { rating: 1 } });
    expect(await catalogMeanRating(t + 29_999)).toBe(a);
    expect(await catalogMeanRating(t + 30_000)).toBe(1);
  });
});

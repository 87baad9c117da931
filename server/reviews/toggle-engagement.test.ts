// Likes and favourites: counters are counts of rows and stay equal to them under concurrency.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { actorKey } from "@/server/accounts/actor";
import { createAgent, createPerson, someReview } from "@/server/reviews/test-actors";
import { getReview } from "./get-review";
import { toggleEngagement } from "./toggle-engagement";
import { viewerEngagement } from "./viewer-engagement";

async function rows(reviewId: string, kind: "like" | "favorite") {
  const [llm, human] = await Promise.all(
    ["llm", "human"].map((actorType) => db.reviewEngagement.count({ where: { reviewId, kind, actorType } })),
  );
  return { llm: llm!, human: human! };
}

describe("toggleEngagement", () => {
  it("toggles one row per actor and answers the new state and counters", async () => {
    const reviewId = await someReview(10);
    const person = await createPerson();
    const before = (await getReview(reviewId)).engagement;
    const on = await toggleEngagement(person, reviewId, "like");
    expect(on).toMatchObject({ kind: "like", active: true });
    expect(on.engagement.likes).toEqual({ llm: before.likes.llm, human: before.likes.human + 1 });
    expect(on.engagement.favorites).toEqual(before.favorites);
    expect((await viewerEngagement(person, [reviewId])).get(reviewId)).toEqual({ liked: true, favorited: false });
    const off = await toggleEngagement(person, reviewId, "like");
    expect(off.active).toBe(false);
    expect(off.engagement).toEqual(before);
    // Setting is idempotent.
    for (let i = 0; i < 3; i++)
      expect((await toggleEngagement(person, reviewId, "favorite", true)).engagement.favorites.human).toBe(
        before.favorites.human + 1,
      );
    for (let i = 0; i < 3; i++)
      expect((await toggleEngagement(person, reviewId, "favorite", false)).engagement.favorites).toEqual(
        before.favorites,
      );
  });

  it("50 concurrent toggles by 50 different people and 50 agents: counters equal the rows", async () => {
    const reviewId = await someReview(11);
    const before = await rows(reviewId, "like");
    const people = await Promise.all(Array.from({ length: 50 }, () => createPerson()));
    const agents = await Promise.all(Array.from({ length: 50 }, () => createAgent(null)));
    const results = await Promise.all([...people, ...agents].map((a) => toggleEngagement(a, reviewId, "like")));
    expect(results.every((r) => r.active)).toBe(true);
    const after = await rows(reviewId, "like");
    expect(after).toEqual({ llm: before.llm + 50, human: before.human + 50 });
    expect((await getReview(reviewId)).engagement.likes).toEqual(after);
  });

  it("50 concurrent toggles by one person: 0 or 1 row for that person, counters equal the rows", async () => {
    const reviewId = await someReview(12);
    const person = await createPerson();
    const agent = await createAgent();
    for (const actor of [person, agent]) {
      await Promise.all(Array.from({ length: 50 }, () => toggleEngagement(actor, reviewId, "favorite")));
      const mine = await db.reviewEngagement.count({
        where: { reviewId, kind: "favorite", actorKey: actorKey(actor) },
      });
      expect([0, 1]).toContain(mine);
      expect((await getReview(reviewId)).engagement.favorites).toEqual(await rows(reviewId, "favorite"));
      // Setting concurrently lands on exactly the state asked for.
      await Promise.all(Array.from({ length: 20 }, () => toggleEngagement(actor, reviewId, "favorite", true)));
      expect(
        await db.reviewEngagement.count({ where: { reviewId, kind: "favorite", actorKey: actorKey(actor) } }),
      ).toBe(1);
    }
  });

  it("1,000 sequential toggles by one person move the counter by at most 1", async () => {
    const reviewId = await someReview(13);
    const person = await createPerson();
    const start = (await rows(reviewId, "like")).human;
    for (let i = 0; i < 1000; i++) {
      const { engagement } = await toggleEngagement(person, reviewId, "like");
      expect(Math.abs(engagement.likes.human - start)).toBeLessThanOrEqual(1);
    }
    expect((await rows(reviewId, "like")).human).toBe(start);
  }, 120_000);

  it("404 for unknown, malformed and hidden reviews", async () => {
    const person = await createPerson();
    await expect(toggleEngagement(person, "00000000-0000-4000-8000-000000000000", "like")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(toggleEngagement(person, "nope", "like")).rejects.toMatchObject({ code: "not_found" });
    const reviewId = await someReview(14);
    await db.review.update({ where: { id: reviewId }, data: { status: "hidden" } });
    await expect(toggleEngagement(person, reviewId, "like")).rejects.toMatchObject({ code: "not_found" });
  });
});

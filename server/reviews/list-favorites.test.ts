// A person's favourites for the account page: their own only (not likes, not other people's),
// the most recently favourited first, in list form, without reviews that are no longer published.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { listFavorites } from "./list-favorites";
import { createAgent, createPerson, someReview } from "./test-actors";
import { toggleEngagement } from "./toggle-engagement";

describe("listFavorites", () => {
  it("lists the actor's favourites, newest first, published only", async () => {
    const person = await createPerson();
    const other = await createPerson();
    const [a, b, c, liked] = await Promise.all([someReview(0), someReview(1), someReview(2), someReview(3)]);
    expect(await listFavorites(person)).toEqual([]);
    await toggleEngagement(person, a, "favorite", true);
    await toggleEngagement(person, b, "favorite", true);
    await toggleEngagement(person, c, "favorite", true);
    await toggleEngagement(person, liked, "like", true);
    await toggleEngagement(other, liked, "favorite", true);
    // Favourited in the order a, b, c: make the times distinct whatever the clock's resolution.
    const base = Date.now() - 60_000;
    for (const [i, id] of [a, b, c].entries())
      await db.reviewEngagement.updateMany({
        where: { reviewId: id, actorKey: `person:${person.personId}`, kind: "favorite" },
        data: { createdAt: new Date(base + i * 1000) },
      });

    const favorites = await listFavorites(person);
    expect(favorites.map((r) => r.id)).toEqual([c, b, a]);
    for (const r of favorites) {
      expect(r).toMatchObject({
        url: expect.stringContaining(`/reviews/${r.id}`),
        subject: expect.any(String),
        title: expect.any(String),
      });
      expect(r.engagement.favorites.human).toBeGreaterThanOrEqual(1);
    }

    await toggleEngagement(person, b, "favorite", false);
    await db.review.update({ where: { id: c }, data: { status: "hidden" } });
    expect((await listFavorites(person)).map((r) => r.id)).toEqual([a]);

    // Agents have favourites of their own, kept apart from their owner's.
    const agent = await createAgent(person);
    expect(await listFavorites(agent)).toEqual([]);
  });
});

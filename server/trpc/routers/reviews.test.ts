// The review page's tRPC procedures with a signed-in person: likes and favourites set or toggle one
// row per person (counters equal rows, also under concurrent clicks), comments are the author's own
// to edit and delete, the viewer's state, the history; signed-out callers are refused.
import { describe, expect, it } from "vitest";
import { db } from "../../db";
import { callerFor, createPerson, signedOutCaller } from "../test-callers";

async function someReview() {
  return db.review.findFirstOrThrow({ where: { status: "published" }, orderBy: { id: "asc" }, select: { id: true } });
}

async function rows(reviewId: string, kind: "like" | "favorite") {
  const human = await db.reviewEngagement.count({ where: { reviewId, kind, actorType: "human" } });
  const llm = await db.reviewEngagement.count({ where: { reviewId, kind, actorType: { not: "human" } } });
  return { human, llm };
}

describe("reviews.like and reviews.favorite", () => {
  it("set the chosen state (idempotent), toggle without it, and answer counters equal to the rows", async () => {
    const { id } = await someReview();
    const person = await createPerson();
    const caller = await callerFor(person);
    for (const kind of ["like", "favorite"] as const) {
      const call = kind === "like" ? caller.reviews.like : caller.reviews.favorite;
      const counter = kind === "like" ? "likes" : "favorites";
      const before = await rows(id, kind);
      const on = await call({ id, active: true });
      expect(on.active).toBe(true);
      expect(on.engagement[counter]).toEqual({ human: before.human + 1, llm: before.llm });
      // Setting it again changes nothing.
      expect((await call({ id, active: true })).engagement[counter]).toEqual(await rows(id, kind));
      expect(await rows(id, kind)).toEqual({ human: before.human + 1, llm: before.llm });
      const off = await call({ id });
      expect(off.active).toBe(false);
      expect(off.engagement[counter]).toEqual(before);
      expect(await rows(id, kind)).toEqual(before);
      // The review's own record agrees.
      expect((await caller.reviews.byId({ id })).engagement[counter]).toEqual(before);
    }
  });

  it("keep counters equal to rows under concurrent clicks by many people and by one", async () => {
    const { id } = await someReview();
    const before = await rows(id, "like");
    const people = await Promise.all(Array.from({ length: 25 }, () => createPerson()));
    const callers = await Promise.all(people.map(callerFor));
    await Promise.all(callers.map((c) => c.reviews.like({ id, active: true })));
    expect(await rows(id, "like")).toEqual({ human: before.human + 25, llm: before.llm });
    // One person clicking 30 times at once (set to liked): one row.
    const one = callers[0]!;
    await Promise.all(Array.from({ length: 30 }, () => one.reviews.like({ id, active: true })));
    expect(await rows(id, "like")).toEqual({ human: before.human + 25, llm: before.llm });
    // And 31 concurrent toggles by one person move the counter by at most one.
    await Promise.all(Array.from({ length: 31 }, () => one.reviews.like({ id })));
    const after = await rows(id, "like");
    expect(Math.abs(after.human - (before.human + 25))).toBeLessThanOrEqual(1);
    expect((await one.reviews.byId({ id })).engagement.likes).toEqual(after);
  });

  it("refuse signed-out callers with UNAUTHORIZED and unknown reviews with NOT_FOUND", async () => {
    const { id } = await someReview();
    const anon = await signedOutCaller();
    await expect(anon.reviews.like({ id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anon.reviews.favorite({ id, active: true })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anon.reviews.comment.add({ reviewId: id, body: "hi" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const caller = await callerFor(await createPerson());
    await expect(caller.reviews.like({ id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(caller.reviews.like({ id: "not-a-uuid" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("reviews.comment.*", () => {
  it("adds, edits and deletes one's own comment; counters and the record follow the rows", async () => {
    const { id } = await someReview();
    const author = await createPerson();
    const caller = await callerFor(author);
    const countBefore = (await caller.reviews.byId({ id })).engagement.comments;
    const added = await caller.reviews.comment.add({ reviewId: id, body: "  Useful review, <b>thanks</b>  " });
    expect(added).toMatchObject({ actorType: "human", name: author.name, body: "Useful review, <b>thanks</b>" });
    let review = await caller.reviews.byId({ id });
    expect(review.comments.map((c) => c.id)).toContain(added.id);
    expect(review.engagement.comments).toEqual({ ...countBefore, human: countBefore.human + 1 });
    expect((await caller.reviews.viewer({ id })).ownCommentIds).toEqual([added.id]);

    const edited = await caller.reviews.comment.edit({ commentId: added.id, body: "Edited" });
    expect(edited.body).toBe("Edited");
    expect((await db.comment.findUniqueOrThrow({ where: { id: added.id } })).body).toBe("Edited");

    // Someone else may neither edit nor delete it, and does not see it as theirs.
    const other = await callerFor(await createPerson());
    await expect(other.reviews.comment.edit({ commentId: added.id, body: "mine now" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(other.reviews.comment.delete({ commentId: added.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await other.reviews.viewer({ id })).ownCommentIds).toEqual([]);

    expect(await caller.reviews.comment.delete({ commentId: added.id })).toEqual({ deleted: true });
    review = await caller.reviews.byId({ id });
    expect(review.comments.map((c) => c.id)).not.toContain(added.id);
    expect(review.engagement.comments).toEqual(countBefore);
    const published = await db.comment.count({ where: { reviewId: id, status: "published" } });
    expect(review.engagement.comments.human + review.engagement.comments.llm).toBe(published);
    expect((await db.comment.findUniqueOrThrow({ where: { id: added.id } })).status).toBe("deleted");
  });

  it("refuses empty, oversized and unstorable comments with BAD_REQUEST", async () => {
    const { id } = await someReview();
    const caller = await callerFor(await createPerson());
    for (const body of ["", "   ", "x".repeat(2001), "a\u0000b", "\udc00"]) {
      await expect(caller.reviews.comment.add({ reviewId: id, body })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect((await caller.reviews.comment.add({ reviewId: id, body: "x".repeat(2000) })).body).toHaveLength(2000);
  });
});

describe("reviews.viewer and reviews.history", () => {
  it("says who is signed in and what they marked; nothing when signed out", async () => {
    const { id } = await someReview();
    expect(await (await signedOutCaller()).reviews.viewer({ id })).toEqual({
      person: null,
      liked: false,
      favorited: false,
      ownCommentIds: [],
    });
    const person = await createPerson();
    const caller = await callerFor(person);
    await caller.reviews.favorite({ id, active: true });
    expect(await caller.reviews.viewer({ id })).toEqual({
      person: { id: person.personId, name: person.name, role: "member" },
      liked: false,
      favorited: true,
      ownCommentIds: [],
    });
  });

  it("lists every revision newest first, as many as revision.count", async () => {
    const row = await db.review.findFirstOrThrow({
      where: { status: "published", revisions: { some: { number: 2 } } },
      select: { id: true },
    });
    const caller = await signedOutCaller();
    const history = await caller.reviews.history({ id: row.id });
    expect(history.map((h) => h.number)).toEqual(history.map((_, i) => history.length - i));
    expect(history.length).toBe((await caller.reviews.byId({ id: row.id })).revision.count);
    expect(history.length).toBeGreaterThanOrEqual(2);
  });
});

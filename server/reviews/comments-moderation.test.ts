// Comments (author-only edits and deletes) and moderation (operator only): the queue, marking a
// review reviewed, hiding comments that then leave the counters and both forms but stay stored.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createAgent, createPerson, someReview } from "@/server/reviews/test-actors";
import { addComment, deleteComment, editComment } from "./comments";
import { getReview } from "./get-review";
import { listReviews } from "./list-reviews";
import { hideComment, listHiddenComments, listModerationQueue, markReviewed } from "./moderation";

async function listed(reviewId: string) {
  const { service } = await db.review.findUniqueOrThrow({
    where: { id: reviewId },
    select: { service: { select: { slug: true } } },
  });
  const { reviews } = await listReviews({ service: service.slug, limit: 100 });
  return reviews.find((r) => r.id === reviewId)!;
}

describe("comments", () => {
  it("people and agents comment; bodies are trimmed plain text of 1–2000 characters", async () => {
    const reviewId = await someReview(20);
    const before = (await getReview(reviewId)).engagement.comments;
    const person = await createPerson();
    const agent = await createAgent();
    const mine = await addComment(person, reviewId, { body: "  <script>alert(1)</script> stays text  " });
    expect(mine).toMatchObject({ actorType: "human", name: person.name, body: "<script>alert(1)</script> stays text" });
    const theirs = await addComment(agent, reviewId, { body: "Confirmed with 40 calls." });
    expect(theirs).toMatchObject({ actorType: "llm", name: agent.name });
    const review = await getReview(reviewId);
    expect(review.engagement.comments).toEqual({ llm: before.llm + 1, human: before.human + 1 });
    expect(review.comments.slice(-2).map((c) => c.id)).toEqual([mine.id, theirs.id]);
    for (const body of ["", "   ", "x".repeat(2001), "a\u0000", "\udfff"]) {
      await expect(addComment(person, reviewId, { body })).rejects.toMatchObject({ name: "ZodError" });
    }
    await expect(addComment(person, reviewId, { body: "ok", extra: 1 } as never)).rejects.toMatchObject({
      name: "ZodError",
    });
    await expect(addComment(person, "00000000-0000-4000-8000-000000000000", { body: "ok" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("only the author edits or deletes; deleted comments leave the API and the counters but stay stored", async () => {
    const reviewId = await someReview(21);
    const person = await createPerson();
    const agent = await createAgent(person);
    const c = await addComment(person, reviewId, { body: "first" });
    const a = await addComment(agent, reviewId, { body: "agent says" });
    expect((await editComment(person, c.id, { body: "edited" })).body).toBe("edited");
    // Another person, the person's own agent, an operator: not the author.
    for (const other of [await createPerson(), agent, await createPerson("operator")]) {
      await expect(editComment(other, c.id, { body: "x" })).rejects.toMatchObject({ code: "forbidden" });
      await expect(deleteComment(other, c.id)).rejects.toMatchObject({ code: "forbidden" });
    }
    // The agent's comment belongs to its token, not to the person who owns it.
    await expect(editComment(person, a.id, { body: "x" })).rejects.toMatchObject({ code: "forbidden" });
    expect((await editComment(agent, a.id, { body: "agent edited" })).body).toBe("agent edited");
    // On the wrong review: 404.
    await expect(editComment(person, c.id, { body: "x" }, { reviewId: await someReview(22) })).rejects.toMatchObject({
      code: "not_found",
    });

    const counted = (await getReview(reviewId)).engagement.comments.human;
    await deleteComment(person, c.id);
    await deleteComment(person, c.id); // again: nothing changes
    const review = await getReview(reviewId);
    expect(review.comments.map((x) => x.id)).not.toContain(c.id);
    expect(review.engagement.comments.human).toBe(counted - 1);
    expect((await listed(reviewId)).comments.map((x) => x.id)).not.toContain(c.id);
    expect(
      await db.comment.findUniqueOrThrow({
        where: { id: c.id },
        select: { status: true, body: true, deletedAt: true },
      }),
    ).toMatchObject({ status: "deleted", body: "edited", deletedAt: expect.any(Date) });
    await expect(editComment(person, c.id, { body: "back" })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("moderation", () => {
  it("is for operators only", async () => {
    const member = await createPerson();
    const agent = await createAgent();
    const reviewId = await someReview(30);
    for (const actor of [member, agent]) {
      await expect(listModerationQueue(actor, {})).rejects.toMatchObject({ code: "forbidden" });
      await expect(markReviewed(actor, reviewId)).rejects.toMatchObject({ code: "forbidden" });
      await expect(hideComment(actor, "00000000-0000-4000-8000-000000000000", "spam")).rejects.toMatchObject({
        code: "forbidden",
      });
      await expect(listHiddenComments(actor)).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it("the queue lists published, not yet reviewed reviews oldest first, paginated and filtered", async () => {
    const operator = await createPerson("operator");
    const all: { id: string; created_at: number; actorType: string; rating: number; slug: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await listModerationQueue(operator, { limit: 100, cursor });
      all.push(...page.reviews);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(all.length).toBe(
      await db.review.count({ where: { status: "published", humanReviewStatus: "not_required" } }),
    );
    expect(all.length).toBeGreaterThan(50);
    const keys = all.map((r) => [r.created_at, r.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);

    const { reviews: low } = await listModerationQueue(operator, { rating: 2, actorType: "llm", limit: 100 });
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((r) => r.rating === 2 && r.actorType === "llm")).toBe(true);
    expect(low.length).toBe(all.filter((r) => r.rating === 2 && r.actorType === "llm").length);
    const slug = all[0]!.slug;
    const { reviews: one } = await listModerationQueue(operator, { service: slug, limit: 100 });
    expect(one.map((r) => r.id)).toEqual(all.filter((r) => r.slug === slug).map((r) => r.id));
    await expect(listModerationQueue(operator, { service: "no-such-service" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(listModerationQueue(operator, { cursor: "garbage" })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });

  it("markReviewed sets the status, time and operator; again keeps the first time; the review leaves the queue", async () => {
    const operator = await createPerson("operator");
    const { reviews } = await listModerationQueue(operator, { limit: 1 });
    const id = reviews[0]!.id;
    const before = Date.now();
    const marked = await markReviewed(operator, id);
    expect(marked.revision.humanReviewStatus).toBe("reviewed");
    expect(marked.revision.humanReviewedAt).toBeGreaterThanOrEqual(before - 5);
    expect(await db.review.findUniqueOrThrow({ where: { id }, select: { humanReviewedById: true } })).toEqual({
      humanReviewedById: operator.personId,
    });
    const again = await markReviewed(await createPerson("operator"), id);
    expect(again.revision.humanReviewedAt).toBe(marked.revision.humanReviewedAt);
    expect(await db.review.findUniqueOrThrow({ where: { id }, select: { humanReviewedById: true } })).toEqual({
      humanReviewedById: operator.personId,
    });
    expect((await listModerationQueue(operator, { limit: 5 })).reviews.map((r) => r.id)).not.toContain(id);
    expect((await listed(id)).revision.humanReviewStatus).toBe("reviewed");
    await expect(markReviewed(operator, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("a hidden comment leaves the counters, the list form and the full form, and stays in the table for the audit view", async () => {
    const operator = await createPerson("operator");
    const reviewId = await someReview(31);
    const author = await createPerson();
    const c = await addComment(author, reviewId, { body: "abusive words" });
    const shown = await getReview(reviewId);
    expect(shown.comments.map((x) => x.id)).toContain(c.id);
    await hideComment(operator, c.id, "  abuse ");
    await hideComment(await createPerson("operator"), c.id, "second reason ignored");
    const after = await getReview(reviewId);
    expect(after.comments.map((x) => x.id)).not.toContain(c.id);
    expect(after.engagement.comments.human).toBe(shown.engagement.comments.human - 1);
    const item = await listed(reviewId);
    expect(item.comments.map((x) => x.id)).not.toContain(c.id);
    expect(item.engagement.comments).toEqual(after.engagement.comments);
    expect(await db.comment.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({
      status: "hidden",
      body: "abusive words",
      hiddenById: operator.personId,
      hiddenReason: "abuse",
      hiddenAt: expect.any(Date),
    });
    const audit = await listHiddenComments(operator);
    expect(audit[0]).toMatchObject({
      id: c.id,
      reviewId,
      body: "abusive words",
      hiddenReason: "abuse",
      hiddenBy: { id: operator.personId, name: operator.name },
    });
    // Its author can no longer edit it; unknown and deleted comments are 404; a reason is required.
    await expect(editComment(author, c.id, { body: "x" })).rejects.toMatchObject({ code: "not_found" });
    await expect(hideComment(operator, "00000000-0000-4000-8000-000000000000", "x")).rejects.toMatchObject({
      code: "not_found",
    });
    const d = await addComment(author, reviewId, { body: "bye" });
    await deleteComment(author, d.id);
    await expect(hideComment(operator, d.id, "x")).rejects.toMatchObject({ code: "not_found" });
    await expect(hideComment(operator, c.id, "  ")).rejects.toMatchObject({ name: "ZodError" });
  });
});

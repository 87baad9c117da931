// The moderation procedures: operators only (members FORBIDDEN, signed out UNAUTHORIZED); the queue
// is oldest first and filterable; marking reviewed shows everywhere; hidden comments leave the
// review and its counters and appear in the audit list.
import { describe, expect, it } from "vitest";
import { db } from "../../db";
import { callerFor, createPerson, signedOutCaller } from "../test-callers";

const SOME_ID = "00000000-0000-4000-8000-000000000000";

describe("moderation procedures refuse everyone but operators", () => {
  it("FORBIDDEN for members, UNAUTHORIZED when signed out, for every procedure", async () => {
    for (const [caller, code] of [
      [await callerFor(await createPerson("member")), "FORBIDDEN"],
      [await signedOutCaller(), "UNAUTHORIZED"],
    ] as const) {
      await expect(caller.moderation.queue({})).rejects.toMatchObject({ code });
      await expect(caller.moderation.hiddenComments()).rejects.toMatchObject({ code });
      await expect(caller.moderation.markReviewed({ id: SOME_ID })).rejects.toMatchObject({ code });
      await expect(caller.moderation.hideComment({ commentId: SOME_ID, reason: "spam" })).rejects.toMatchObject({
        code,
      });
    }
  });
});

describe("moderation for an operator", () => {
  it("lists unreviewed published reviews oldest first, filtered, without gaps across pages", async () => {
    const op = await callerFor(await createPerson("operator"));
    const seen: { id: string; created_at: number; rating: number; actorType: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await op.moderation.queue({ actorType: "human", rating: 4, limit: 7, cursor });
      seen.push(...page.reviews);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const expected = await db.review.findMany({
      where: { status: "published", humanReviewStatus: "not_required", actorType: "human", rating: 4 },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(seen.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(seen.length).toBeGreaterThan(7);
  });

  it("marks a review reviewed: it leaves the queue and carries the badge in every form", async () => {
    const op = await callerFor(await createPerson("operator"));
    const first = (await op.moderation.queue({ limit: 1 })).reviews[0]!;
    const marked = await op.moderation.markReviewed({ id: first.id });
    expect(marked.revision.humanReviewStatus).toBe("reviewed");
    expect(marked.revision.humanReviewedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await op.moderation.queue({ limit: 100 })).reviews.map((r) => r.id)).not.toContain(first.id);
    const anon = await signedOutCaller();
    expect((await anon.reviews.byId({ id: first.id })).revision).toEqual(marked.revision);
    const list = await anon.reviews.list({ service: first.slug, limit: 100 });
    expect(list.reviews.find((r) => r.id === first.id)?.revision).toEqual(marked.revision);
  });

  it("hides a comment with a reason: gone from the review and its counters, listed for audit", async () => {
    const operator = await createPerson("operator");
    const op = await callerFor(operator);
    const review = await db.review.findFirstOrThrow({ where: { status: "published" }, select: { id: true } });
    const member = await callerFor(await createPerson());
    const comment = await member.reviews.comment.add({ reviewId: review.id, body: "Buy cheap tokens at spam.example" });
    const before = (await member.reviews.byId({ id: review.id })).engagement.comments;
    await expect(op.moderation.hideComment({ commentId: comment.id, reason: "   " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await op.moderation.hideComment({ commentId: comment.id, reason: "Spam" })).toEqual({ hidden: true });
    const after = await member.reviews.byId({ id: review.id });
    expect(after.comments.map((c) => c.id)).not.toContain(comment.id);
    expect(after.engagement.comments).toEqual({ ...before, human: before.human - 1 });
    const audit = await op.moderation.hiddenComments();
    expect(audit[0]).toMatchObject({
      id: comment.id,
      reviewId: review.id,
      body: comment.body,
      hiddenReason: "Spam",
      hiddenBy: { id: operator.personId, name: operator.name },
    });
    // Its author can no longer edit it.
    await expect(member.reviews.comment.edit({ commentId: comment.id, body: "again" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

// Writing and revising reviews at the service layer, on the real database.
import { describe, expect, it } from "vitest";
import { revokeMarketplaceToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";
import { AppError } from "@/server/errors";
import { createAgent, createPerson, someReview, someService } from "@/server/reviews/test-actors";
import { createReview } from "./create-review";
import { getReview } from "./get-review";
import { markReviewed } from "./moderation";
import { getReviewHistory } from "./review-history";
import { reviseReview } from "./revise-review";

const review = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  rating: 4,
  title: "Fast and correct",
  body: "Answered every call within 200 ms.",
  ...extra,
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    if (err instanceof Error && err.name === "ZodError") return "invalid_request";
    throw err;
  }
  return "ok";
}

describe("createReview", () => {
  it("stores the review and its first revision for the token's agent", async () => {
    const agent = await createAgent();
    const slug = await someService(1);
    const created = await createReview(
      agent,
      review(slug, { tags: ["Latency", "latency", " JSON "], link: "https://api.example.com/v1/forecast" }),
    );
    expect(created).toMatchObject({
      slug,
      actorType: "llm",
      name: agent.name,
      org: agent.org,
      rating: 4,
      tags: ["latency", "json"],
      link: "https://api.example.com/v1/forecast",
    });
    expect(created.revision).toEqual({ count: 1, humanReviewStatus: "not_required" });
    expect(created.created_at).toBe(created.updated_at);
    const row = await db.review.findUniqueOrThrow({
      where: { id: created.id },
      select: { personId: true, tokenId: true, revisions: true },
    });
    expect(row).toMatchObject({ personId: agent.personId, tokenId: agent.tokenId });
    expect(row.revisions).toHaveLength(1);
    expect(row.revisions[0]).toMatchObject({ number: 1, rating: 4, tokenId: agent.tokenId, tags: ["latency", "json"] });
    expect(await getReview(created.id)).toEqual(created);
  });

  it("refuses people (403), unknown services (404), bad input (400) and a second review by the same token (409 naming the first)", async () => {
    const agent = await createAgent();
    const slug = await someService(2);
    expect(await codeOf(createReview(await createPerson(), review(slug)))).toBe("forbidden");
    expect(await codeOf(createReview(agent, review("no-such-service")))).toBe("not_found");
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: "4" },
      { title: "  " },
      { body: "x".repeat(5001) },
      { tags: Array(11).fill("a") },
      { tags: ["x".repeat(41)] },
      { link: "javascript:alert(1)" },
      { link: "/relative" },
      { title: "a\u0000b" },
      { body: "\ud800" },
      { extra: 1 },
    ]) {
      expect(await codeOf(createReview(agent, review(slug, bad))), JSON.stringify(bad)).toBe("invalid_request");
    }
    const first = await createReview(agent, review(slug));
    const again = createReview(agent, review(slug, { title: "Second try" }));
    await expect(again).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining(`PATCH /api/reviews/${first.id}`),
    });
    // Another token of the same person may review it.
    expect((await createReview(await createAgent(), review(slug))).slug).toBe(slug);
  });

  it("concurrent creates by one token for one service: exactly one review, the rest 409", async () => {
    const agent = await createAgent();
    const slug = await someService(3);
    const results = await Promise.all(Array.from({ length: 8 }, () => codeOf(createReview(agent, review(slug)))));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "conflict")).toHaveLength(7);
    expect(await db.review.count({ where: { tokenId: agent.tokenId } })).toBe(1);
  });
});

describe("reviseReview", () => {
  it("adds one revision per PATCH, keeps the earlier ones and updates the review", async () => {
    const agent = await createAgent();
    const created = await createReview(agent, review(await someService(4)));
    let latest = created;
    for (let n = 2; n <= 4; n++) {
      await new Promise((r) => setTimeout(r, 5));
      latest = await reviseReview(agent, created.id, { title: `Version ${n}`, rating: n });
      expect(latest.revision.count).toBe(n);
      expect(latest).toMatchObject({ title: `Version ${n}`, rating: n, body: created.body });
      expect(latest.updated_at).toBeGreaterThan(created.updated_at);
      expect(latest.created_at).toBe(created.created_at);
    }
    const history = await getReviewHistory(created.id);
    expect(history.map((h) => [h.number, h.title])).toEqual([
      [4, "Version 4"],
      [3, "Version 3"],
      [2, "Version 2"],
      [1, "Fast and correct"],
    ]);
    // link: null removes the stored link; the review then shows its service's endpoint.
    const withLink = await reviseReview(agent, created.id, { link: "https://example.com/x" });
    expect(withLink.link).toBe("https://example.com/x");
    const cleared = await reviseReview(agent, created.id, { link: null });
    expect(cleared.link).not.toBe("https://example.com/x");
    expect(cleared.revision.count).toBe(6);
  });

  it("concurrent PATCHes get distinct, consecutive numbers", async () => {
    const agent = await createAgent();
    const created = await createReview(agent, review(await someService(5)));
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => reviseReview(agent, created.id, { body: `Concurrent edit ${i}` })),
    );
    const numbers = (
      await db.reviewRevision.findMany({
        where: { reviewId: created.id },
        select: { number: true },
        orderBy: { number: "asc" },
      })
    ).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect((await getReview(created.id)).revision.count).toBe(13);
  });

  it("only its author revises it: the same token, or another token of the same owner; else 403", async () => {
    const owner = await createPerson();
    const agent = await createAgent(owner);
    const sibling = await createAgent(owner);
    const created = await createReview(agent, review(await someService(6)));
    expect((await reviseReview(sibling, created.id, { rating: 2 })).rating).toBe(2);
    expect(await codeOf(reviseReview(await createAgent(), created.id, { rating: 3 }))).toBe("forbidden");
    expect(await codeOf(reviseReview(owner, created.id, { rating: 3 }))).toBe("forbidden");
    // An owner-less token's reviews belong to that token alone.
    const loner = await createAgent(null);
    const own = await createReview(loner, review(await someService(7)));
    expect(await codeOf(reviseReview(await createAgent(null), own.id, { rating: 1 }))).toBe("forbidden");
    // Seeded reviews have no token: nobody's.
    expect(await codeOf(reviseReview(agent, await someReview(), { rating: 1 }))).toBe("forbidden");
    // A revoked token does not authenticate at all (authenticateToken, tested with the routes).
    await revokeMarketplaceToken(owner.personId, sibling.tokenId);
  });

  it("404 for unknown and malformed ids, 400 without any field", async () => {
    const agent = await createAgent();
    expect(await codeOf(reviseReview(agent, "00000000-0000-4000-8000-000000000000", { rating: 3 }))).toBe("not_found");
    expect(await codeOf(reviseReview(agent, "not-a-uuid", { rating: 3 }))).toBe("not_found");
    const created = await createReview(agent, review(await someService(8)));
    expect(await codeOf(reviseReview(agent, created.id, {}))).toBe("invalid_request");
    expect(await codeOf(reviseReview(agent, created.id, { ratin: 3 } as never))).toBe("invalid_request");
  });

  it("a revised review needs a new human review (status back to not_required)", async () => {
    const agent = await createAgent();
    const operator = await createPerson("operator");
    const created = await createReview(agent, review(await someService(9)));
    expect((await markReviewed(operator, created.id)).revision.humanReviewStatus).toBe("reviewed");
    const revised = await reviseReview(agent, created.id, { body: "Changed after the check." });
    expect(revised.revision).toEqual({ count: 2, humanReviewStatus: "not_required" });
  });
});

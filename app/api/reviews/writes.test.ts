// The REST review writes end to end (Request in, Response out) on the real database: token rules,
// status codes and shapes, idempotent retries, and hostile input on every new route.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { revokeMarketplaceToken } from "@/server/accounts/marketplace-tokens";
import { db } from "@/server/db";
import { createAgent, someService, type Agent } from "@/server/reviews/test-actors";
import * as one from "./[id]/route";
import * as comments from "./[id]/comments/route";
import * as comment from "./[id]/comments/[commentId]/route";
import * as favorite from "./[id]/favorite/route";
import * as like from "./[id]/like/route";
import * as list from "./route";

const BASE = "http://marketplace.test";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Call {
  token?: string | null;
  body?: string | unknown;
  key?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
}

async function send(handler: Handler, method: string, path: string, params: Record<string, string>, call: Call = {}) {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers["x-marketplace-token"] = call.token;
  if (call.key) headers["idempotency-key"] = call.key;
  const body =
    call.body === undefined ? undefined : typeof call.body === "string" ? call.body : JSON.stringify(call.body);
  if (body !== undefined && call.contentType !== null) headers["content-type"] = call.contentType ?? "application/json";
  const res = await handler(new Request(`${BASE}${path}`, { method, headers, body }), {
    params: Promise.resolve(params),
  });
  const text = await res.text();
  expect(res.headers.get("content-type"), `${method} ${path} ${res.status}`).toMatch(/^application\/json/);
  // Answers are checked field by field below; their shapes are the routes' zod schemas.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, text, body: JSON.parse(text) as Record<string, any>, headers: res.headers };
}

const post = (call: Call) => send(list.POST as Handler, "POST", "/api/reviews", {}, call);
const patch = (id: string, call: Call) => send(one.PATCH as Handler, "PATCH", `/api/reviews/${id}`, { id }, call);
const toggle = (kind: "like" | "favorite", id: string, call: Call) =>
  send((kind === "like" ? like.POST : favorite.POST) as Handler, "POST", `/api/reviews/${id}/${kind}`, { id }, call);
const addComment = (id: string, call: Call) =>
  send(comments.POST as Handler, "POST", `/api/reviews/${id}/comments`, { id }, call);
const editComment = (id: string, commentId: string, call: Call) =>
  send(comment.PATCH as Handler, "PATCH", `/api/reviews/${id}/comments/${commentId}`, { id, commentId }, call);
const deleteComment = (id: string, commentId: string, call: Call) =>
  send(comment.DELETE as Handler, "DELETE", `/api/reviews/${id}/comments/${commentId}`, { id, commentId }, call);

const reviewBody = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  rating: 5,
  title: "Reliable",
  body: "Every call answered.",
  ...extra,
});
let serviceIndex = 40;
const nextService = () => someService(serviceIndex++);

async function reviewBy(agent: Agent) {
  const res = await post({ token: agent.token, body: reviewBody(await nextService()) });
  expect(res.status).toBe(201);
  return res.body.review as { id: string; revision: { count: number } };
}

describe("X-Marketplace-Token", () => {
  it("missing, malformed or unknown: 401; revoked: 403; checked before the rate limit and the body", async () => {
    const owner = await createAgent();
    const reviewId = (await reviewBy(owner)).id;
    const calls = [
      () => post({ body: reviewBody("x") }),
      () => patch(reviewId, { body: { rating: 1 } }),
      () => toggle("like", reviewId, {}),
      () => toggle("favorite", reviewId, {}),
      () => addComment(reviewId, { body: { body: "hi" } }),
      () => editComment(reviewId, "00000000-0000-4000-8000-000000000000", { body: { body: "hi" } }),
      () => deleteComment(reviewId, "00000000-0000-4000-8000-000000000000", {}),
    ];
    for (const token of [null, "", "apmt_short", `apmt_${"A".repeat(43)}`, "Bearer x", `apmt_${"A".repeat(8000)}`]) {
      for (const make of [post, (c: Call) => toggle("like", reviewId, c), (c: Call) => addComment(reviewId, c)]) {
        // A huge or broken body does not matter yet: no token, no reading.
        for (const body of [{ body: "ok" }, "x".repeat(70_000), "{not json"]) {
          const res = await make({ token, body });
          expect(res.status, `${String(token)}`).toBe(401);
          expect(res.body).toMatchObject({ error: "unauthorized", message: expect.any(String) });
        }
      }
    }
    for (const call of calls) expect((await call()).status).toBe(401);
    const revoked = await createAgent();
    await revokeMarketplaceToken(revoked.personId!, revoked.tokenId);
    for (const res of [
      await post({ token: revoked.token, body: reviewBody(await nextService()) }),
      await toggle("like", reviewId, { token: revoked.token }),
      await patch(reviewId, { token: revoked.token, body: "x".repeat(70_000) }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("forbidden");
    }
  });

  it("a write sets the token's last use", async () => {
    const agent = await createAgent();
    expect((await db.marketplaceToken.findUniqueOrThrow({ where: { id: agent.tokenId } })).lastUsedAt).not.toBeNull(); // authenticated once by createAgent
    await db.marketplaceToken.update({ where: { id: agent.tokenId }, data: { lastUsedAt: null } });
    const before = Date.now();
    await reviewBy(agent);
    const { lastUsedAt } = await db.marketplaceToken.findUniqueOrThrow({ where: { id: agent.tokenId } });
    expect(lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 5);
  });
});

describe("the writes", () => {
  it("POST /api/reviews: 201 {ok, review} in full form; 404 unknown slug; 409 second review naming the first; 400 with issues", async () => {
    const agent = await createAgent();
    const slug = await nextService();
    const created = await post({
      token: agent.token,
      body: reviewBody(slug, { tags: ["Speed"], link: "https://api.example.com/v1" }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ok: true,
      review: {
        slug,
        rating: 5,
        tags: ["speed"],
        link: "https://api.example.com/v1",
        actorType: "llm",
        name: agent.name,
        revision: { count: 1 },
      },
    });
    const again = await post({ token: agent.token, body: reviewBody(slug) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "conflict", message: expect.stringContaining(created.body.review.id) });
    expect((await post({ token: agent.token, body: reviewBody("no-such-service") })).status).toBe(404);
    const bad = await post({ token: agent.token, body: { slug, rating: "5", titel: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_request");
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ["body", "rating", "title", "titel"].sort(),
    );
    expect(bad.body.issues.find((i: { path: string }) => i.path === "titel").message).toContain('did you mean "title"');
    expect(bad.body.issues.find((i: { path: string }) => i.path === "rating").message).toBe(
      'Expected a number (without quotes); got the string "5".',
    );
  });

  it("PATCH /api/reviews/{id}: 200 with a new revision; 403 for another token; 404; 400", async () => {
    const agent = await createAgent();
    const created = await reviewBy(agent);
    const revised = await patch(created.id, { token: agent.token, body: { rating: 3, body: "Slower this week." } });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({
      ok: true,
      review: { id: created.id, rating: 3, body: "Slower this week.", revision: { count: 2 } },
    });
    expect((await patch(created.id, { token: (await createAgent()).token, body: { rating: 1 } })).status).toBe(403);
    expect(
      (await patch("00000000-0000-4000-8000-000000000000", { token: agent.token, body: { rating: 1 } })).status,
    ).toBe(404);
    const malformed = await patch("not-a-uuid", { token: agent.token, body: { rating: 1 } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([expect.objectContaining({ path: "id" })]);
    expect((await patch(created.id, { token: agent.token, body: {} })).status).toBe(400);
    // A retried PATCH with its Idempotency-Key adds one revision, however often it is sent.
    const retries = await Promise.all(
      Array.from({ length: 5 }, () =>
        patch(created.id, { token: agent.token, body: { title: "Retried" }, key: "patch-retry-0001" }),
      ),
    );
    expect(new Set(retries.map((r) => r.text)).size).toBe(1);
    expect(retries[0]!.body.review.revision.count).toBe(3);
    expect(await db.reviewRevision.count({ where: { reviewId: created.id } })).toBe(3);
  });

  it("POST like/favorite: an empty body toggles, {active} sets; answers the state and counters", async () => {
    const agent = await createAgent();
    const { id } = await reviewBy(await createAgent());
    const on = await toggle("like", id, { token: agent.token });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({
      ok: true,
      kind: "like",
      active: true,
      engagement: { likes: { llm: 1, human: 0 }, favorites: { llm: 0, human: 0 }, comments: { llm: 0, human: 0 } },
    });
    expect((await toggle("like", id, { token: agent.token, body: "" })).body).toMatchObject({
      active: false,
      engagement: { likes: { llm: 0 } },
    });
    for (let i = 0; i < 2; i++)
      expect((await toggle("favorite", id, { token: agent.token, body: { active: true } })).body).toMatchObject({
        kind: "favorite",
        active: true,
        engagement: { favorites: { llm: 1 } },
      });
    expect((await toggle("favorite", id, { token: agent.token, body: { active: false } })).body).toMatchObject({
      active: false,
      engagement: { favorites: { llm: 0 } },
    });
    expect((await toggle("favorite", id, { token: agent.token, body: { active: "yes" } })).status).toBe(400);
    expect((await toggle("like", "00000000-0000-4000-8000-000000000000", { token: agent.token })).status).toBe(404);
  });

  it("comments: POST 201 {ok, comment}; PATCH and DELETE on the agent's own comment; 403 on another's; 404 on the wrong review", async () => {
    const agent = await createAgent();
    const other = await createAgent();
    const { id } = await reviewBy(await createAgent());
    const added = await addComment(id, { token: agent.token, body: { body: " Agreed. " } });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      ok: true,
      comment: {
        id: expect.any(String),
        actorType: "llm",
        name: agent.name,
        body: "Agreed.",
        created_at: expect.any(Number),
      },
    });
    const cid = added.body.comment.id as string;
    expect((await editComment(id, cid, { token: other.token, body: { body: "no" } })).status).toBe(403);
    expect((await deleteComment(id, cid, { token: other.token })).status).toBe(403);
    const { id: elsewhere } = await reviewBy(await createAgent());
    expect((await editComment(elsewhere, cid, { token: agent.token, body: { body: "x" } })).status).toBe(404);
    const edited = await editComment(id, cid, { token: agent.token, body: { body: "Agreed, twice." } });
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toMatchObject({ id: cid, body: "Agreed, twice." });
    expect((await deleteComment(id, cid, { token: agent.token })).body).toEqual({ ok: true });
    const review = await send(one.GET as Handler, "GET", `/api/reviews/${id}`, { id });
    expect(review.body.review.comments).toEqual([]);
    expect(review.body.review.engagement.comments).toEqual({ llm: 0, human: 0 });
  });
});

describe("Idempotency-Key", () => {
  it("a retried POST /api/reviews with the same key: one row, the same status and bytes", async () => {
    const agent = await createAgent();
    const body = reviewBody(await nextService());
    const first = await post({ token: agent.token, body, key: "retry-key-0001" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (let i = 0; i < 3; i++) {
      const again = await post({ token: agent.token, body, key: "retry-key-0001" });
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
    }
    expect(await db.review.count({ where: { tokenId: agent.tokenId } })).toBe(1);
    expect(await db.writeRequest.count({ where: { actorKey: `token:${agent.tokenId}` } })).toBe(1);
    // Without the key the same body is a new request: 409, the review exists.
    expect((await post({ token: agent.token, body })).status).toBe(409);
  });

  it("20 concurrent duplicates: one review, one answer for all", async () => {
    const agent = await createAgent();
    const body = reviewBody(await nextService());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post({ token: agent.token, body, key: "concurrent-key-1" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await db.review.count({ where: { tokenId: agent.tokenId } })).toBe(1);
    // Toggles too: 20 concurrent likes with one key are one toggle.
    const { id } = answers[0]!.body.review;
    const likes = await Promise.all(
      Array.from({ length: 20 }, () => toggle("like", id, { token: agent.token, key: "like-key-0001" })),
    );
    expect(new Set(likes.map((a) => a.text)).size).toBe(1);
    expect(likes[0]!.body.active).toBe(true);
    expect(await db.reviewEngagement.count({ where: { reviewId: id } })).toBe(1);
  });

  it("the same key with another body or operation: 422 idempotency_key_reused; keys are per token; bad keys 400", async () => {
    const agent = await createAgent();
    const slug = await nextService();
    const created = await post({ token: agent.token, body: reviewBody(slug), key: "reused-key-0001" });
    const other = await post({ token: agent.token, body: reviewBody(slug, { rating: 1 }), key: "reused-key-0001" });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: "idempotency_key_reused", message: expect.any(String) });
    const id = created.body.review.id as string;
    expect((await patch(id, { token: agent.token, body: { rating: 2 }, key: "reused-key-0001" })).status).toBe(422);
    expect((await toggle("like", id, { token: agent.token, key: "reused-key-0001" })).status).toBe(422);
    // Another token may use the same key for its own request.
    const stranger = await createAgent();
    expect((await post({ token: stranger.token, body: reviewBody(slug), key: "reused-key-0001" })).status).toBe(201);
    for (const key of ["short", "x".repeat(201), "has space", "slash/key", "ü-not-ascii-key"]) {
      const res = await post({ token: agent.token, body: reviewBody(slug), headers: { "idempotency-key": key } });
      expect(res.status, key).toBe(400);
      expect(res.body.issues).toEqual([expect.objectContaining({ path: "Idempotency-Key" })]);
    }
    // A failed write stores nothing: the same key then works for a good request.
    expect(
      (await post({ token: agent.token, body: reviewBody("no-such-service"), key: "failed-key-0001" })).status,
    ).toBe(404);
    expect((await patch(id, { token: agent.token, body: { rating: 4 }, key: "failed-key-0001" })).status).toBe(200);
  });
});

describe("hostile input on every write route", () => {
  async function routes() {
    const agent = await createAgent();
    const { id } = await reviewBy(agent);
    const cid = (await addComment(id, { token: agent.token, body: { body: "mine" } })).body.comment.id as string;
    return {
      agent,
      all: [
        (c: Call) => post({ token: agent.token, ...c }),
        (c: Call) => patch(id, { token: agent.token, ...c }),
        (c: Call) => toggle("like", id, { token: agent.token, ...c }),
        (c: Call) => toggle("favorite", id, { token: agent.token, ...c }),
        (c: Call) => addComment(id, { token: agent.token, ...c }),
        (c: Call) => editComment(id, cid, { token: agent.token, ...c }),
      ],
    };
  }

  it("deep nesting, invalid JSON, NUL, lone surrogates, huge bodies, non-JSON content types", async () => {
    const { all } = await routes();
    for (const call of all) {
      const deep = await call({ body: `{"body":${"[".repeat(5000)}${"]".repeat(5000)}}` });
      expect(deep.status).toBe(400);
      expect(deep.body.issues).toEqual([expect.objectContaining({ path: "(body)" })]);
      expect((await call({ body: "{not json" })).body.error).toBe("invalid_json");
      for (const text of [
        '{"body":"a\\u0000b","title":"a\\u0000b","slug":"x","rating":1}',
        '{"body":"\\ud800","title":"\\udc00x","rating":1}',
      ]) {
        const res = await call({ body: text });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe("invalid_request");
      }
      const huge = await call({ body: JSON.stringify({ body: "x".repeat(70_000) }) });
      expect(huge.status).toBe(413);
      expect(huge.body.error).toBe("payload_too_large");
      // Also when Content-Length is absent (a stream): counted while reading.
      for (const contentType of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        null,
      ]) {
        const res = await call({ body: '{"body":"hello"}', contentType });
        expect(res.status, String(contentType)).toBe(415);
        expect(res.body.error).toBe("unsupported_media_type");
      }
      expect([200, 201, 400, 404, 409]).toContain(
        (await call({ body: '{"body":"hello"}', contentType: "application/json; charset=utf-8" })).status,
      );
    }
  });

  it("a streamed body over the cap without Content-Length: 413", async () => {
    const agent = await createAgent();
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const req = new Request(`${BASE}/api/reviews`, {
      method: "POST",
      headers: { "x-marketplace-token": agent.token, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await (list.POST as Handler)(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });

  it("property: any body, content type and key on any route answers a JSON 4xx or success, never 5xx", async () => {
    const { all } = await routes();
    const json = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            slug: fc.string(),
            rating: fc.oneof(fc.integer(), fc.double(), fc.string()),
            title: fc.string({ unit: "binary" }),
            body: fc.string({ unit: "binary" }),
            tags: fc.array(fc.string({ unit: "binary" })),
            link: fc.oneof(fc.webUrl(), fc.string()),
            active: fc.anything(),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
      fc.string({ unit: "binary" }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: all.length - 1 }),
        json,
        fc.constantFrom("application/json", "text/plain", null),
        fc.option(fc.string({ unit: "grapheme-ascii", maxLength: 60 }), { nil: undefined }),
        async (route, body, contentType, key) => {
          let keyHeader: Record<string, string> = {};
          try {
            if (key !== undefined) keyHeader = Object.fromEntries(new Headers({ "idempotency-key": key }));
          } catch {
            keyHeader = {};
          }
          const res = await all[route]!({ body, contentType, headers: keyHeader });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.error).toBe("string");
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

// The listing routes end to end (Request in, Response out) on the real database, with the settings
// of the environment (local payments, OBSERVER_TEST_PORTS): token rules, owner-only reads, the URL
// limit, hostile bodies, and concurrent submits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { listingListSchema, listingResponseSchema } from "@/server/listings/listing-schema";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { signUp, SITE } from "@/test/accounts/people";
import { startCanary, startTestProvider, type Canary, type TestProvider } from "@/test/listings/test-provider";
import * as one from "./[id]/route";
import * as submit from "./[id]/submit/route";
import * as list from "./route";

const BASE = "http://marketplace.test";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Call {
  token?: string | null;
  body?: string | unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
}

async function send(handler: unknown, method: string, path: string, params: Record<string, string>, call: Call = {}) {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers["x-marketplace-token"] = call.token;
  const body =
    call.body === undefined ? undefined : typeof call.body === "string" ? call.body : JSON.stringify(call.body);
  if (body !== undefined && call.contentType !== null) headers["content-type"] = call.contentType ?? "application/json";
  const res = await (handler as Handler)(new Request(`${BASE}${path}`, { method, headers, body }), {
    params: Promise.resolve(params),
  });
  const text = await res.text();
  expect(res.headers.get("content-type"), `${method} ${path} ${res.status}`).toMatch(/^application\/json/);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: JSON.parse(text) as Record<string, any> };
}

const create = (call: Call) => send(list.POST, "POST", "/api/listings", {}, call);
const listOwn = (call: Call) => send(list.GET, "GET", "/api/listings", {}, call);
const getOne = (id: string, call: Call) => send(one.GET, "GET", `/api/listings/${id}`, { id }, call);
const patch = (id: string, call: Call) => send(one.PATCH, "PATCH", `/api/listings/${id}`, { id }, call);
const submitOne = (id: string, call: Call) => send(submit.POST, "POST", `/api/listings/${id}/submit`, { id }, call);

let provider: TestProvider;
let canary: Canary;
let agent: Agent;
beforeAll(async () => {
  canary = await startCanary();
  provider = await startTestProvider(() => `${canary.url}/x`);
  agent = await createAgent();
});
afterAll(async () => {
  await Promise.all([provider.close(), canary.close()]);
});

async function draft(token = agent.token, urls = [`${provider.url}/forecast`]) {
  const res = await create({ token, body: { resourceUrls: urls } });
  expect(res.status).toBe(201);
  return listingResponseSchema.parse(res.body).listing;
}

describe("who may", () => {
  it("no token or an unknown one: 401, nothing probed", async () => {
    const body = { resourceUrls: [`${canary.url}/x`] };
    expect((await create({ body })).body.error).toBe("unauthorized");
    expect((await create({ body })).status).toBe(401);
    expect((await create({ token: "apmt_" + "x".repeat(40), body })).status).toBe(401);
    expect((await listOwn({})).status).toBe(401);
    expect(canary.hits()).toBe(0);
  });

  it("the account's tokens see its listings; another account's token gets 404 for each route", async () => {
    const listing = await draft();
    const sibling = await createAgent({
      type: "human",
      personId: agent.personId!,
      name: "owner",
      role: "member",
    });
    expect((await getOne(listing.id, { token: sibling.token })).status).toBe(200);
    const listed = listingListSchema.parse((await listOwn({ token: sibling.token })).body);
    expect(listed.listings.map((l) => l.id)).toContain(listing.id);

    const stranger = await createAgent();
    expect((await getOne(listing.id, { token: stranger.token })).status).toBe(404);
    expect((await patch(listing.id, { token: stranger.token, body: { name: "Mine" } })).status).toBe(404);
    expect((await submitOne(listing.id, { token: stranger.token })).status).toBe(404);
    expect(listingListSchema.parse((await listOwn({ token: stranger.token })).body).listings).toEqual([]);
    expect((await getOne("not-a-uuid", { token: agent.token })).status).toBe(400);
  });
});

describe("a person's session", () => {
  it("writes only from the site's own origin (403 otherwise), reads with the cookie alone; the account's tokens share them", async () => {
    const person = await signUp();
    const body = { resourceUrls: [`${provider.url}/plain`] };
    for (const origin of ["https://evil.example", "null"]) {
      const refused = await create({ headers: { cookie: person.cookie, origin }, body });
      expect([refused.status, refused.body.error], origin).toEqual([403, "forbidden"]);
    }
    expect((await create({ headers: { cookie: person.cookie }, body })).status).toBe(403);
    const created = await create({ headers: { cookie: person.cookie, origin: SITE }, body });
    expect(created.status).toBe(201);
    const id = listingResponseSchema.parse(created.body).listing.id;
    expect((await getOne(id, { headers: { cookie: person.cookie } })).status).toBe(200);
    const token = await createAgent({ type: "human", personId: person.id, name: person.name, role: "member" });
    expect(listingListSchema.parse((await listOwn({ token: token.token })).body).listings.map((l) => l.id)).toEqual([
      id,
    ]);
  });
});

describe("draft, edit, submit", () => {
  it("POST drafts from the probe (201), PATCH edits, submit keeps a revision", async () => {
    const listing = await draft();
    expect(listing).toMatchObject({ status: "draft", revision: 0, resourceUrls: [`${provider.url}/forecast`] });
    expect(listing.draft.offers[0]!.inputSchema).not.toBeNull();

    const edited = await patch(listing.id, {
      token: agent.token,
      body: {
        website: "https://weather.example.com",
        docsUrl: "https://weather.example.com/docs",
        tags: ["Weather", "weather", "forecast"],
        facts: [{ text: "Covers 200 countries.", source: "https://weather.example.com/coverage" }],
        description: "<script>alert(1)</script> is kept as text",
      },
    });
    expect(edited.status).toBe(200);
    const after = listingResponseSchema.parse(edited.body).listing;
    expect(after.draft).toMatchObject({
      website: "https://weather.example.com",
      tags: ["weather", "forecast"],
      description: "<script>alert(1)</script> is kept as text",
    });

    const submitted = await submitOne(listing.id, { token: agent.token });
    expect(submitted.status).toBe(200);
    expect(listingResponseSchema.parse(submitted.body).listing).toMatchObject({
      status: "pending_review",
      revision: 1,
    });
    expect(await db.listingRevision.count({ where: { listingId: listing.id } })).toBe(1);
  });

  it("two concurrent submits: both answered, one revision each, nothing lost", async () => {
    const listing = await draft();
    const answers = await Promise.all([
      submitOne(listing.id, { token: agent.token }),
      submitOne(listing.id, { token: agent.token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.listing.revision).sort()).toEqual([1, 2]);
    const row = await db.listing.findUniqueOrThrow({ where: { id: listing.id } });
    expect(row.revision).toBe(2);
    expect(await db.listingRevision.count({ where: { listingId: listing.id } })).toBe(2);
  });

  it("a refused or unreachable URL is a finding of the draft (201), never a 5xx", async () => {
    const listing = await draft(agent.token, ["https://169.254.169.254/latest", `${provider.url}/free`]);
    expect(listing.probes.map((p) => p.outcome)).toEqual(["refused", "not_402"]);
    expect((await submitOne(listing.id, { token: agent.token })).status).toBe(409);
  });
});

describe("limits and hostile bodies", () => {
  it("over LISTING_MAX_URLS, a duplicate URL, not a URL, an unknown field: 400 before any probe", async () => {
    const urls = Array.from({ length: env.LISTING_MAX_URLS + 1 }, (_, i) => `${canary.url}/x${i}`);
    for (const body of [
      { resourceUrls: urls },
      { resourceUrls: [`${canary.url}/x`, `${canary.url}/x`] },
      { resourceUrls: ["ftp://example.com/x"] },
      { resourceUrls: [] },
      { resourceUrls: [`${canary.url}/x`], extra: 1 },
      { resourceUrls: [`${canary.url}/x\u0000`] },
    ]) {
      const res = await create({ token: agent.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect(canary.hits()).toBe(0);
  });

  it("deep nesting, invalid JSON, a huge body, another media type, NUL and lone surrogates: 4xx", async () => {
    const listing = await draft();
    const deep = `{"name":${"[".repeat(200)}${"]".repeat(200)}}`;
    const cases: [Call["body"], number, string, string | null | undefined][] = [
      [deep, 400, "invalid_request", undefined],
      ["{not json", 400, "invalid_json", undefined],
      [JSON.stringify({ description: "x".repeat(70 * 1024) }), 413, "payload_too_large", undefined],
      [JSON.stringify({ name: "x" }), 415, "unsupported_media_type", "text/plain"],
      [{ name: "a\u0000b" }, 400, "invalid_request", undefined],
      ['{"name":"a\\ud800b"}', 400, "invalid_request", undefined],
      [{ facts: [{ text: "x", source: "javascript:alert(1)" }] }, 400, "invalid_request", undefined],
      [{ website: "http://insecure.example.com" }, 400, "invalid_request", undefined],
      [{ primaryCapability: "weather" }, 400, "invalid_request", undefined],
      [{}, 400, "invalid_request", undefined],
      [{ offers: [] }, 400, "invalid_request", undefined],
    ];
    for (const [body, status, error, contentType] of cases) {
      const res = await patch(listing.id, { token: agent.token, body, contentType });
      expect(
        [res.status, res.body.error],
        String(typeof body === "string" ? body : JSON.stringify(body)).slice(0, 60),
      ).toEqual([status, error]);
    }
    // Nothing of it was stored.
    expect(
      listingResponseSchema.parse((await getOne(listing.id, { token: agent.token })).body).listing.draft.name,
    ).toBe(listing.draft.name);
  });

  it("a person's session without a token: 401 for a stranger's cookie", async () => {
    const res = await create({
      headers: { cookie: "better-auth.session_token=forged.value" },
      body: { resourceUrls: [`${canary.url}/x`] },
    });
    expect(res.status).toBe(401);
    expect(canary.hits()).toBe(0);
  });
});

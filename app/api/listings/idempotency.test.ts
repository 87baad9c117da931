// POST /api/listings with an Idempotency-Key, end to end (Request in, Response out) against a slow,
// counting provider: a retry answers the first status and bytes (the same listing) and probes nothing,
// another body under the key is 422, ten concurrent duplicates make one listing and one probe (the
// others 409 write_in_progress with Retry-After, or the replay), keys are per actor, a malformed key is
// 400 before any probe, and a creation that failed keeps nothing under its key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { listingResponseSchema } from "@/server/listings/listing-schema";
import { createListingIdempotently, probeDepsFromEnv } from "@/server/listings/listings";
import { createAgent, type Agent } from "@/server/reviews/test-actors";
import { encode, paymentRequired, startHostile, type Hostile } from "@/test/probes/hostile-provider";
import * as list from "./route";

const BASE = "http://marketplace.test";
const PROBE_MS = 400;

let provider: Hostile;
let hits = 0;
beforeAll(async () => {
  // A provider whose 402 takes PROBE_MS: long enough for duplicates to arrive while the first probes.
  provider = await startHostile((req, res) => {
    hits++;
    const url = `http://${req.headers.host}${req.url}`;
    setTimeout(() => res.writeHead(402, { "payment-required": encode(paymentRequired(url)) }).end("{}"), PROBE_MS);
  });
});
afterAll(() => provider.close());

async function create(agent: Agent, body: unknown, key?: string) {
  const headers: Record<string, string> = { "x-marketplace-token": agent.token, "content-type": "application/json" };
  if (key !== undefined) headers["idempotency-key"] = key;
  const res = await list.POST(
    new Request(`${BASE}/api/listings`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return { status: res.status, text: await res.text(), headers: res.headers };
}
const urls = (path: string) => ({ resourceUrls: [`${provider.url}/${path}`] });
const listingsOf = (agent: Agent) => db.listing.count({ where: { tokenId: agent.tokenId } });

describe("POST /api/listings with an Idempotency-Key", () => {
  it("a retry answers the same status and bytes (the same listing), probing nothing; another body is 422", async () => {
    const agent = await createAgent(null);
    const before = hits;
    const first = await create(agent, urls("retry"), "create-key-0001");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const listing = listingResponseSchema.parse(JSON.parse(first.text)).listing;
    expect(hits - before).toBe(1);

    const again = await create(agent, urls("retry"), "create-key-0001");
    expect([again.status, again.text, again.headers.get("idempotent-replayed")]).toEqual([201, first.text, "true"]);
    expect(hits - before).toBe(1);

    const other = await create(agent, urls("other"), "create-key-0001");
    expect([other.status, JSON.parse(other.text).error]).toEqual([422, "idempotency_key_reused"]);
    expect(hits - before).toBe(1);
    expect(await listingsOf(agent)).toBe(1);
    expect(listing.id).toBe(listingResponseSchema.parse(JSON.parse(again.text)).listing.id);
  });

  it("ten concurrent duplicates: one listing, one probe; the others 409 write_in_progress (Retry-After) or the replay", async () => {
    const agent = await createAgent(null);
    const before = hits;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => create(agent, urls("concurrent"), "concurrent-key-01")),
    );
    expect(await listingsOf(agent)).toBe(1);
    expect(hits - before).toBe(1);
    const created = answers.filter((a) => a.status === 201);
    expect(created.filter((a) => a.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(new Set(created.map((a) => a.text)).size).toBe(1);
    const waiting = answers.filter((a) => a.status === 409);
    expect(waiting.length).toBeGreaterThan(0);
    for (const a of waiting) {
      expect(JSON.parse(a.text).error).toBe("write_in_progress");
      expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(created.length + waiting.length).toBe(10);
    // Asking again after the first finished gets its answer.
    const later = await create(agent, urls("concurrent"), "concurrent-key-01");
    expect([later.status, later.text]).toEqual([201, created[0]!.text]);
  });

  it("keys are per actor: another token of nobody, same key and body, makes its own listing", async () => {
    const [a, b] = [await createAgent(null), await createAgent(null)];
    const first = await create(a, urls("per-actor"), "shared-key-0001");
    const second = await create(b, urls("per-actor"), "shared-key-0001");
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(JSON.parse(first.text).listing.id).not.toBe(JSON.parse(second.text).listing.id);
  });

  it("a malformed key is 400 naming the header, before any probe; without a key every POST creates", async () => {
    const agent = await createAgent(null);
    const before = hits;
    for (const key of ["short", "has space in it", "x".repeat(201), "ünïcödé-key", "semi;colon-key"]) {
      const res = await create(agent, urls("bad-key"), key);
      expect([res.status, JSON.parse(res.text).error], key).toEqual([400, "invalid_request"]);
      expect(JSON.parse(res.text).issues[0].path).toBe("Idempotency-Key");
    }
    expect(hits - before).toBe(0);
    expect((await create(agent, urls("no-key"))).status).toBe(201);
    expect((await create(agent, urls("no-key"))).status).toBe(201);
    expect(await listingsOf(agent)).toBe(2);
  });

  it("a creation refused at the account's cap keeps nothing under its key: the retry with room runs", async () => {
    const agent = await createAgent(null);
    const deps = probeDepsFromEnv();
    await expect(createListingIdempotently(agent, urls("capped"), "capped-key-0001", deps, 0)).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await db.writeRequest.count({ where: { key: "capped-key-0001" } })).toBe(0);
    const retried = await createListingIdempotently(agent, urls("capped"), "capped-key-0001", deps, 5);
    expect([retried.status, retried.replayed]).toEqual([201, false]);
  });
});

// A replay of an observed call whose stored answer the retention removed (server/retention/,
// OBSERVER_ANSWER_RETENTION_DAYS): 410 observed_answer_expired with the recorded status, and no
// provider call, whether the answer was read from the database or this instance still had it in
// memory; the call's record stays. Also through a routing stop, and in the OpenAPI document.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { ERROR_TABLE } from "@/server/errors";
import { buildOpenApiDocument } from "@/server/http/openapi-document";
import { forgetReplays } from "@/server/observe/call-claims";
import { forgetObservedOffers } from "@/server/observe/observed-offer";
import { RETENTION_JOBS } from "@/server/retention/retention-jobs";
import { healthRows } from "@/test/catalog/health-rows";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";
import { startProvider, type TestProvider } from "./providers";

const { createOffer, observedRow } = observerFixtures(db);
const { addChange } = healthRows(db);
const purge = RETENTION_JOBS.find((j) => j.name === "observed_answers")!;
const DAY = 86_400_000;

let provider: TestProvider;
let agent: { token: string; tokenId: string };
beforeAll(async () => {
  provider = await startProvider();
  agent = await newToken("answer retention agent");
});
afterAll(() => provider.close());
afterEach(() => vi.useRealTimers());

/** Moves the call's completion `days` back, as if that long had passed. */
const age = (offerId: string, key: string, days: number) =>
  db.observedCall.update({
    where: { tokenId_offerId_idempotencyKey: { tokenId: agent.tokenId, offerId, idempotencyKey: key } },
    data: { completedAt: new Date(Date.now() - days * DAY) },
  });

async function expectExpired(res: Response, recordedStatus: number): Promise<void> {
  expect(res.status).toBe(410);
  expect(res.headers.get("content-type")).toBe("application/json");
  expect(res.headers.get("idempotent-replayed")).toBeNull();
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ error: "observed_answer_expired", recordedStatus });
  expect(typeof body.completedAt).toBe("string");
  expect(body.message).toContain(`${env.OBSERVER_ANSWER_RETENTION_DAYS} days`);
}

describe("an observed answer past its retention", () => {
  it("is replayed until the purge, then answers 410 with the recorded status and no provider call", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/status/201", testMode: true });
    const key = newKey();
    expect((await callObserver(offer, { token: agent.token, key })).status).toBe(201);
    const hits = provider.hits("/status/201");
    await age(offer, key, env.OBSERVER_ANSWER_RETENTION_DAYS + 1);
    forgetReplays(); // another instance, or this one after its memory copy aged out
    // Past the age but not purged yet: still the recorded answer.
    const before = await callObserver(offer, { token: agent.token, key });
    expect([before.status, before.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect((await purge.run({ observerAnswerDays: env.OBSERVER_ANSWER_RETENTION_DAYS, probeDays: 30 })).purged).toBe(1);
    forgetReplays();
    for (let i = 0; i < 2; i++) await expectExpired(await callObserver(offer, { token: agent.token, key }), 201);
    expect(provider.hits("/status/201")).toBe(hits);
    // The record stays: status, outcome, latency, amounts; only the answer went.
    const row = await observedRow(agent.tokenId, offer, key);
    expect([row.state, row.status, row.outcome]).toEqual(["completed", 201, "provider"]);
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    expect([row.responseBody, row.responseHeaders]).toEqual([null, null]);
    // Another request under the key is still 422, a new key calls the provider.
    expect((await callObserver(offer, { token: agent.token, key, query: "?other" })).status).toBe(422);
    expect((await callObserver(offer, { token: agent.token, key: newKey() })).status).toBe(201);
  });

  it("is not replayed from an instance's memory once it is older than the retention", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/status/200", testMode: true });
    const key = newKey();
    expect((await callObserver(offer, { token: agent.token, key })).status).toBe(200);
    const hits = provider.hits("/status/200");
    // The memory copy holds the answer; the clock moves past the retention and the purge runs.
    const later = new Date(Date.now() + (env.OBSERVER_ANSWER_RETENTION_DAYS + 1) * DAY);
    await purge.run({ observerAnswerDays: env.OBSERVER_ANSWER_RETENTION_DAYS, probeDays: 30, at: later });
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    await expectExpired(await callObserver(offer, { token: agent.token, key }), 200);
    expect(provider.hits("/status/200")).toBe(hits);
  });

  it("answers 410 through a routing stop too, and nothing is forwarded", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/status/202", testMode: true });
    const key = newKey();
    expect((await callObserver(offer, { token: agent.token, key })).status).toBe(202);
    const hits = provider.hits("/status/202");
    await age(offer, key, env.OBSERVER_ANSWER_RETENTION_DAYS + 1);
    await purge.run({ observerAnswerDays: env.OBSERVER_ANSWER_RETENTION_DAYS, probeDays: 30 });
    forgetReplays();
    await addChange(offer, { blocking: true, fields: ["payTo"], detectedAt: new Date() });
    forgetObservedOffers();
    await expectExpired(await callObserver(offer, { token: agent.token, key }), 202);
    expect((await callObserver(offer, { token: agent.token, key: newKey() })).status).toBe(409);
    expect(provider.hits("/status/202")).toBe(hits);
  });

  it("is a 410 of the error table, documented on both methods with the error body's fields", () => {
    expect(ERROR_TABLE.observed_answer_expired.status).toBe(410);
    const doc = buildOpenApiDocument("http://marketplace.test");
    const item = doc.paths["/api/x402/observe/{offerId}"]!;
    for (const op of [item.get!, item.post!]) {
      const gone = op.responses["410"]!;
      expect(gone.description).toContain("`observed_answer_expired`");
      expect(gone.description).toContain(ERROR_TABLE.observed_answer_expired.description);
      expect(JSON.stringify(gone.content)).toContain("observed_answer_expired");
    }
    const apiError = doc.components.schemas.ApiError as { properties: Record<string, unknown> };
    expect(Object.keys(apiError.properties)).toEqual(expect.arrayContaining(["recordedStatus", "completedAt"]));
  });
});

// A payment-terms change stops routing: while an offer has an open blocking change (a probe saw the
// provider ask another payee, network or asset), the observer answers 409 offer_terms_changed,
// saying what changed and when, and forwards nothing; an agent whose call already completed (and
// paid) under the same key still gets its recorded answer; a price change alone does not stop
// routing; once the change is resolved the offer routes again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { ERROR_TABLE } from "@/server/errors";
import { buildOpenApiDocument } from "@/server/http/openapi-document";
import { forgetReplays } from "@/server/observe/call-claims";
import { forgetObservedOffers } from "@/server/observe/observed-offer";
import { termsChangeSchema } from "@/server/probes/health-schema";
import { CATALOGUED_TERMS, OBSERVED_TERMS, healthRows } from "@/test/catalog/health-rows";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";
import { startProvider, type TestProvider } from "./providers";

const { createOffer, observedRow } = observerFixtures(db);
const { addChange } = healthRows(db);

let provider: TestProvider;
let agent: { token: string; tokenId: string };
beforeAll(async () => {
  provider = await startProvider();
  agent = await newToken("terms change agent");
});
afterAll(() => provider.close());

const SIGNATURE = { "payment-signature": "signed-by-the-agent" };
const DETECTED = new Date("2026-11-28T02:40:00.000Z");

async function stop(offerId: string): Promise<string> {
  const id = await addChange(offerId, { blocking: true, fields: ["payTo"], detectedAt: DETECTED });
  forgetObservedOffers(); // what each instance does by itself within OFFER_CACHE_MS
  return id;
}

const resolve = (changeId: string) =>
  db.offerTermsChange.update({
    where: { id: changeId },
    data: { resolvedAt: new Date(), resolution: "confirmed", resolvedBy: "test" },
  });

describe("the observer while an offer's payment terms changed", () => {
  it("409 offer_terms_changed: what changed and when, the change in the body, nothing forwarded or claimed", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/json", testMode: true });
    await stop(offer);
    const key = newKey();
    const hits = provider.hits("/json");
    const res = await callObserver(offer, { token: agent.token, key });
    expect(res.status).toBe(ERROR_TABLE.offer_terms_changed.status);
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body.error).toBe("offer_terms_changed");
    expect(body.message).toContain(DETECTED.toISOString());
    expect(body.message).toContain(`payee ${CATALOGUED_TERMS.payTo} → ${OBSERVED_TERMS.payTo}`);
    expect(termsChangeSchema.parse(body.termsChange)).toEqual({
      detectedAt: DETECTED.toISOString(),
      fields: ["payTo"],
      blocking: true,
      catalogued: CATALOGUED_TERMS,
      observed: OBSERVED_TERMS,
      resolvedAt: null,
      resolution: null,
    });
    expect(provider.hits("/json")).toBe(hits);
    expect(await db.observedCall.count({ where: { offerId: offer, idempotencyKey: key } })).toBe(0);
    // A paid retry (PAYMENT-SIGNATURE) is refused alike: the signature never reaches the provider.
    const paid = await callObserver(offer, { token: agent.token, key, headers: SIGNATURE });
    expect(paid.status).toBe(409);
    expect(provider.seen.some((r) => r.headers["payment-signature"] === SIGNATURE["payment-signature"])).toBe(false);
  });

  it("an agent that already paid is answered from the record (memory and database), without a provider call", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/paid", testMode: true });
    const key = newKey();
    const first = await callObserver(offer, { token: agent.token, key, headers: SIGNATURE });
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({ state: "completed", paid: true });

    await stop(offer);
    const hits = provider.hits("/paid");
    const replay = await callObserver(offer, { token: agent.token, key, headers: SIGNATURE });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    expect(await replay.text()).toBe(firstBody);
    // From the database too (another instance, or after the memory let it go).
    forgetReplays();
    const fromRow = await callObserver(offer, { token: agent.token, key, headers: SIGNATURE });
    expect([fromRow.status, fromRow.headers.get("idempotent-replayed"), await fromRow.text()]).toEqual([
      200,
      "true",
      firstBody,
    ]);
    expect(provider.hits("/paid")).toBe(hits);

    // Another key, or another request under the paid key: refused, not forwarded.
    expect((await callObserver(offer, { token: agent.token, key: newKey(), headers: SIGNATURE })).status).toBe(409);
    const other = await callObserver(offer, { token: agent.token, key, query: "?other=1", headers: SIGNATURE });
    expect((await other.json()).error).toBe("offer_terms_changed");
    expect(provider.hits("/paid")).toBe(hits);
  });

  it("a 402 answered before the change leaves no completed call: its paid retry is refused and not forwarded", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/paid", testMode: true });
    const key = newKey();
    expect((await callObserver(offer, { token: agent.token, key })).status).toBe(402);
    await stop(offer);
    const hits = provider.hits("/paid");
    const retry = await callObserver(offer, { token: agent.token, key, headers: SIGNATURE });
    expect([retry.status, (await retry.json()).error]).toEqual([409, "offer_terms_changed"]);
    expect(provider.hits("/paid")).toBe(hits);
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({ state: "retryable", status: 402 });
  });

  it("a price change alone does not stop routing", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/json", testMode: true });
    await addChange(offer, {
      blocking: false,
      fields: ["price"],
      observed: { ...CATALOGUED_TERMS, amountAtomic: "2000" },
    });
    forgetObservedOffers();
    expect((await callObserver(offer, { token: agent.token, key: newKey() })).status).toBe(200);
  });

  it("after the change is resolved the offer routes again, even before the instance's cached offer expires", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/json", testMode: true });
    const change = await stop(offer);
    const key = newKey();
    expect((await callObserver(offer, { token: agent.token, key })).status).toBe(409);
    await resolve(change);
    // The cached offer still says "stopped"; the change is read again before refusing.
    const hits = provider.hits("/json");
    const res = await callObserver(offer, { token: agent.token, key });
    expect(res.status).toBe(200);
    expect(provider.hits("/json")).toBe(hits + 1);
    forgetObservedOffers();
    expect((await callObserver(offer, { token: agent.token, key: newKey() })).status).toBe(200);
    // A new blocking change stops it again.
    await stop(offer);
    expect((await callObserver(offer, { token: agent.token, key: newKey() })).status).toBe(409);
  });

  it("is documented: 409 offer_terms_changed on both methods, and the error body's termsChange", () => {
    const doc = buildOpenApiDocument("http://marketplace.test");
    const item = doc.paths["/api/x402/observe/{offerId}"]!;
    for (const op of [item.get!, item.post!]) {
      const conflict = op.responses["409"]!;
      expect(conflict.description).toContain("`offer_terms_changed`");
      expect(conflict.description).toContain(ERROR_TABLE.offer_terms_changed.description);
      expect(JSON.stringify(conflict.content)).toContain("offer_terms_changed");
    }
    const apiError = doc.components.schemas.ApiError as { properties: Record<string, { $ref?: string }> };
    expect(apiError.properties.termsChange).toEqual({ $ref: "#/components/schemas/TermsChange" });
  });
});

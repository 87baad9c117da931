// The observer route against real loopback providers (offers registered in test mode, so loopback
// is allowed while the local facilitator is active): statuses and headers pass through, the
// provider sees only what it should, a completed call is replayed without a second provider call,
// a 402 is not replayed and its paid retry is forwarded, and every call leaves its record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProvider, type TestProvider } from "./providers";
import { db } from "@/server/db";
import { forgetReplays } from "@/server/observe/call-claims";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";

const { createOffer, observedRow } = observerFixtures(db);

let provider: TestProvider;
let agent: { token: string; tokenId: string };
beforeAll(async () => {
  provider = await startProvider();
  agent = await newToken();
});
afterAll(async () => {
  await provider.close();
});

const offerAt = (path: string, method: "GET" | "POST" = "GET", extra: { protocol?: "x402" | "mpp" } = {}) =>
  createOffer({ providerUrl: provider.origin, path, method, testMode: true, ...extra });

describe("pass-through", () => {
  it.each([200, 201, 204, 400, 404, 409, 429, 500, 503])(
    "relays a provider %i with its body and headers",
    async (status) => {
      const offer = await offerAt(`/status/${status}`);
      const res = await callObserver(offer, { token: agent.token, key: newKey() });
      expect(res.status).toBe(status);
      expect(res.headers.get("x-provider")).toBe("yes");
      if (status === 204) expect(await res.text()).toBe("");
      else expect(await res.json()).toEqual({ providerStatus: status });
    },
  );

  it("relays a 402 unchanged with PAYMENT-REQUIRED", async () => {
    const offer = await offerAt("/status/402");
    const res = await callObserver(offer, { token: agent.token, key: newKey() });
    expect(res.status).toBe(402);
    expect(res.headers.get("payment-required")).toBe((await import("./providers")).PAYMENT_REQUIRED_VALUE);
    expect(await res.json()).toEqual({ providerStatus: 402 });
  });

  it("forwards the method, query, body, Content-Type, Accept and PAYMENT-SIGNATURE, and nothing of the agent's own", async () => {
    const offer = await offerAt("/json", "POST");
    const key = newKey();
    const res = await callObserver(offer, {
      method: "POST",
      token: agent.token,
      key,
      query: "?q=weather&units=metric",
      body: '{"city":"Oslo"}',
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "payment-signature": "c2lnbmF0dXJl",
        cookie: "session=secret",
        authorization: "Bearer secret",
        "x-forwarded-for": "203.0.113.9",
        "x-forwarded-host": "evil.test",
        "x-custom": "not forwarded",
      },
    });
    expect(res.status).toBe(200);
    const seen = (await res.json()) as { method: string; query: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe("POST");
    expect(seen.query).toBe("?q=weather&units=metric");
    expect(seen.body).toBe('{"city":"Oslo"}');
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(seen.headers.accept).toBe("application/json");
    expect(seen.headers["payment-signature"]).toBe("c2lnbmF0dXJl");
    for (const name of [
      "x-marketplace-token",
      "cookie",
      "authorization",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-custom",
    ])
      expect(seen.headers[name], name).toBeUndefined();
    expect(JSON.stringify(seen.headers)).not.toContain(agent.token);
    // The provider's key is derived, not the agent's.
    expect(seen.headers["idempotency-key"]).toMatch(/^obs_[A-Za-z0-9_-]{43}$/);
    expect(seen.headers["idempotency-key"]).not.toContain(key);
  });

  it("forwards an Authorization: Payment credential to an MPP offer only", async () => {
    const mpp = await offerAt("/json", "GET", { protocol: "mpp" });
    const x402 = await offerAt("/json?x402", "GET");
    const credential = "Payment eyJjaGFsbGVuZ2UiOnt9fQ";
    const toMpp = (await (
      await callObserver(mpp, { token: agent.token, key: newKey(), headers: { authorization: credential } })
    ).json()) as { headers: Record<string, string> };
    expect(toMpp.headers.authorization).toBe(credential);
    const bearer = (await (
      await callObserver(mpp, { token: agent.token, key: newKey(), headers: { authorization: "Bearer abc" } })
    ).json()) as { headers: Record<string, string> };
    expect(bearer.headers.authorization).toBeUndefined();
    const toX402 = (await (
      await callObserver(x402, { token: agent.token, key: newKey(), headers: { authorization: credential } })
    ).json()) as { headers: Record<string, string> };
    expect(toX402.headers.authorization).toBeUndefined();
  });

  it("drops hop-by-hop headers, Set-Cookie and origin-scoped headers, and keeps end-to-end ones", async () => {
    const offer = await offerAt("/hop");
    const res = await callObserver(offer, { token: agent.token, key: newKey() });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hop answer");
    for (const name of [
      "connection",
      "keep-alive",
      "x-hop-named",
      "set-cookie",
      "strict-transport-security",
      "alt-svc",
      "clear-site-data",
      "access-control-allow-origin",
      "idempotent-replayed",
    ]) {
      expect(res.headers.get(name), name).toBeNull();
    }
    expect(res.headers.getSetCookie()).toEqual([]);
    // The provider said "public, max-age=3600": a shared cache must never serve one token's answer to another.
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("www-authenticate")).toBe('Payment id="abc", method="tempo"');
    expect(res.headers.get("x-end-to-end")).toBe("kept");
    expect(res.headers.get("content-type")).toBe("text/plain");
  });

  it("passes a provider's 302 through without following it", async () => {
    const target = await offerAt("/json?target");
    const offer = await offerAt(`/redirect?to=${encodeURIComponent(`${provider.origin}/json`)}`);
    const before = provider.hits("/json");
    const res = await callObserver(offer, { token: agent.token, key: newKey() });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${provider.origin}/json`);
    expect(provider.hits("/json")).toBe(before);
    expect(target).toBeTruthy();
  });
});

describe("derived provider key", () => {
  it("is stable for a retry and differs per token and per offer", async () => {
    const offer = await offerAt("/status/402");
    const other = await newToken("second agent");
    const key = newKey();
    const keyFor = async (token: string, offerId = offer) => {
      await callObserver(offerId, { token, key });
      return provider.seen.at(-1)!.headers["idempotency-key"];
    };
    const first = await keyFor(agent.token);
    expect(await keyFor(agent.token)).toBe(first); // 402: retryable, so called again
    expect(await keyFor(other.token)).not.toBe(first);
    expect(await keyFor(agent.token, await offerAt("/status/402?other"))).not.toBe(first);
  });
});

describe("idempotency", () => {
  it("replays a completed call with the same key: the recorded answer, no second provider call", async () => {
    const offer = await offerAt("/json?replay");
    const key = newKey();
    const first = await callObserver(offer, { token: agent.token, key, query: "?a=1" });
    const firstBody = await first.text();
    const hits = provider.hits("/json");
    for (let i = 0; i < 3; i++) {
      const again = await callObserver(offer, { token: agent.token, key, query: "?a=1" });
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("content-type")).toBe("application/json");
      expect(await again.text()).toBe(firstBody);
    }
    expect(provider.hits("/json")).toBe(hits);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 422 to the same key with another request", async () => {
    const offer = await offerAt("/json", "POST");
    const key = newKey();
    const send = (body: string) =>
      callObserver(offer, {
        method: "POST",
        token: agent.token,
        key,
        body,
        headers: { "content-type": "application/json" },
      });
    expect((await send('{"a":1}')).status).toBe(200);
    const hits = provider.hits("/json");
    const reused = await send('{"a":2}');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ error: "idempotency_key_reused" });
    expect(provider.hits("/json")).toBe(hits);
  });

  it("does not replay a 402: the paid retry with the same key reaches the provider, and the record shows the payment", async () => {
    const payer = "0x00000000000000000000000000000000000000Bb";
    const offer = await offerAt(`/paid?payer=${payer}`);
    const key = newKey();
    const unpaid = await callObserver(offer, { token: agent.token, key });
    expect(unpaid.status).toBe(402);
    expect(unpaid.headers.get("payment-required")).toBeTruthy();
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({
      state: "retryable",
      status: 402,
      paid: false,
    });
    const paid = await callObserver(offer, { token: agent.token, key, headers: { "payment-signature": "cGFpZA" } });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ product: "paid result", signature: "cGFpZA" });
    expect(provider.hits("/paid")).toBe(2);
    const row = await observedRow(agent.tokenId, offer, key);
    expect(row).toMatchObject({
      state: "completed",
      status: 200,
      outcome: "provider",
      paid: true,
      payer: payer.toLowerCase(),
      transaction: `0x${"ab".repeat(32)}`,
      network: "eip155:84532",
    });
    // The paid answer is now final: replayed, even with another (or no) signature.
    const replay = await callObserver(offer, { token: agent.token, key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("payment-response")).toBe(paid.headers.get("payment-response"));
    expect(provider.hits("/paid")).toBe(2);
  });

  it("makes one provider call for 20 concurrent duplicates; the others get 409 call_in_progress or the replay", async () => {
    const offer = await offerAt("/slow?ms=300");
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callObserver(offer, { token: agent.token, key })),
    );
    expect(provider.hits("/slow")).toBe(1);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const busy = answers.filter((a) => a.status === 409);
    expect(busy).toHaveLength(19);
    for (const b of busy) {
      expect(b.headers.get("retry-after")).toBe("1");
      expect(await b.json()).toMatchObject({ error: "call_in_progress" });
    }
    const after = await callObserver(offer, { token: agent.token, key });
    expect(after.headers.get("idempotent-replayed")).toBe("true");
    expect(provider.hits("/slow")).toBe(1);
  });
});

describe("abandoned claims", () => {
  it("a claim in flight is 409 until it is stale; a stale one (its process died) is taken over", async () => {
    const offer = await offerAt("/json?stale");
    const key = newKey();
    expect((await callObserver(offer, { token: agent.token, key })).status).toBe(200);
    const row = await observedRow(agent.tokenId, offer, key);
    // As a process killed mid-call leaves it (this process's memory of the answer forgotten too).
    await db.observedCall.update({ where: { id: row.id }, data: { state: "in_flight", claimedAt: new Date() } });
    forgetReplays();
    const busy = await callObserver(offer, { token: agent.token, key });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ error: "call_in_progress" });
    const hits = provider.hits("/json");
    await db.observedCall.update({ where: { id: row.id }, data: { claimedAt: new Date(Date.now() - 10 * 60_000) } });
    const taken = await callObserver(offer, { token: agent.token, key });
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    expect(provider.hits("/json")).toBe(hits + 1);
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({ state: "completed", status: 200 });
  });
});

describe("recorded rows", () => {
  it("records status, latency, bytes and the stored answer of a call", async () => {
    const offer = await offerAt("/json", "POST");
    const key = newKey();
    const body = '{"input":"value"}';
    const res = await callObserver(offer, {
      method: "POST",
      token: agent.token,
      key,
      body,
      headers: { "content-type": "application/json" },
    });
    const text = await res.text();
    const row = await observedRow(agent.tokenId, offer, key);
    expect(row).toMatchObject({
      state: "completed",
      method: "POST",
      status: 200,
      outcome: "provider",
      paid: false,
      payer: null,
      transaction: null,
      requestBytes: body.length,
      responseBytes: Buffer.byteLength(text),
    });
    expect(row.serviceId).toBeTruthy();
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    expect(row.completedAt).not.toBeNull();
    expect(Buffer.from(row.responseBody!).toString("utf8")).toBe(text);
  });
});

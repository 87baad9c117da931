// The observer's own answers, in the order of its checks (token → offer → method → key → rate
// limit → body → routable → claim → call), and the provider failures it turns into 502/504: each a
// JSON {error, message} from the error table, never a 500 or a hang. Short limits for this file.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.OBSERVER_TIMEOUT_MS = "700";
  process.env.OBSERVER_MAX_RESPONSE_BYTES = String(64 * 1024);
  process.env.OBSERVER_MAX_REQUEST_BYTES = "2048";
  process.env.RATE_LIMIT_OBSERVE_PER_MINUTE = "5";
});

import fc from "fast-check";
import { db } from "@/server/db";
import { startProvider, type TestProvider } from "./providers";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";

const { createOffer, observedRow } = observerFixtures(db);

let provider: TestProvider;
let agent: { token: string; tokenId: string };
let getOffer: string;
let postOffer: string;
beforeAll(async () => {
  provider = await startProvider();
  agent = await newToken();
  getOffer = await createOffer({ providerUrl: provider.origin, path: "/json", testMode: true });
  postOffer = await createOffer({ providerUrl: provider.origin, path: "/json", method: "POST", testMode: true });
});
afterAll(async () => {
  await provider.close();
});
// A fresh token per test: the limit (5 per minute) counts every call that passes the key check.
beforeEach(async () => {
  agent = await newToken();
});

async function expectError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = (await res.json()) as { error: string; message: string };
  expect(body.error).toBe(error);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe("refusals before any provider call", () => {
  it("401 without a token, with a malformed or an unknown one; before the offer is looked up", async () => {
    await expectError(await callObserver(getOffer, { key: newKey() }), 401, "unauthorized");
    await expectError(await callObserver(getOffer, { token: "apmt_short", key: newKey() }), 401, "unauthorized");
    await expectError(
      await callObserver(getOffer, { token: `apmt_${"A".repeat(43)}`, key: newKey() }),
      401,
      "unauthorized",
    );
    await expectError(await callObserver("no-such-offer", { key: newKey() }), 401, "unauthorized");
  });

  it("403 with a revoked token", async () => {
    const revoked = await newToken("revoked");
    await db.marketplaceToken.update({ where: { id: revoked.tokenId }, data: { revokedAt: new Date() } });
    await expectError(await callObserver(getOffer, { token: revoked.token, key: newKey() }), 403, "forbidden");
  });

  it("404 for an unknown or malformed offer id, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "HEAD"]) {
      const res = await callObserver("no-such-offer", { method, token: agent.token, key: newKey() });
      expect(res.status, method).toBe(404);
      if (method !== "HEAD") expect((await res.json()).error).toBe("not_found");
    }
    await expectError(await callObserver("x".repeat(500), { token: agent.token, key: newKey() }), 404, "not_found");
    await expectError(await callObserver("bad\u0000id", { token: agent.token, key: newKey() }), 404, "not_found");
  });

  it("405 with Allow naming the offer's method for any other method; OPTIONS 204", async () => {
    for (const method of ["POST", "HEAD", "PUT", "DELETE", "PATCH"]) {
      const res = await callObserver(getOffer, { method, token: agent.token, key: newKey() });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, OPTIONS");
    }
    const wrong = await callObserver(postOffer, { method: "GET", token: agent.token, key: newKey() });
    await expectError(wrong, 405, "method_not_allowed");
    expect(wrong.headers.get("allow")).toBe("POST, OPTIONS");
    const options = await callObserver(postOffer, { method: "OPTIONS", token: agent.token });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST, OPTIONS");
    expect(provider.hits("/json")).toBe(0);
  });

  it("400 without an Idempotency-Key or with a malformed one", async () => {
    for (const key of [null, "short", "x".repeat(201), "has space here", "semi;colon!", "ümlaut-key"]) {
      const body = await expectError(
        await callObserver(getOffer, {
          token: agent.token,
          key: key === "ümlaut-key" ? null : key,
          headers: key === "ümlaut-key" ? { "idempotency-key": "umlaut\u00fc-key" } : {},
        }),
        400,
        "invalid_request",
      );
      expect(JSON.stringify(body)).toContain("Idempotency-Key");
    }
    expect(provider.hits("/json")).toBe(0);
  });

  it("413 for a body over the cap, declared or streamed, before the content type is judged", async () => {
    const big = "x".repeat(4096);
    await expectError(
      await callObserver(postOffer, {
        method: "POST",
        token: agent.token,
        key: newKey(),
        body: big,
        headers: { "content-type": "text/plain" },
      }),
      413,
      "payload_too_large",
    );
    // Streamed without a Content-Length.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode("y".repeat(1000)));
        c.close();
      },
    });
    const route = await import("@/app/api/x402/observe/[offerId]/route");
    const req = new Request(`http://marketplace.test/api/x402/observe/${postOffer}`, {
      method: "POST",
      headers: { "x-marketplace-token": agent.token, "idempotency-key": newKey(), "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectError(
      await route.POST(req, { params: Promise.resolve({ offerId: postOffer }) }),
      413,
      "payload_too_large",
    );
    expect(provider.hits("/json")).toBe(0);
  });

  it("415 for a POST without Content-Type: application/json", async () => {
    await expectError(
      await callObserver(postOffer, {
        method: "POST",
        token: agent.token,
        key: newKey(),
        body: "{}",
        headers: { "content-type": "text/plain" },
      }),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await callObserver(postOffer, { method: "POST", token: agent.token, key: newKey() }),
      415,
      "unsupported_media_type",
    );
    expect(provider.hits("/json")).toBe(0);
  });

  it("409 offer_not_routable for an offer the observer may not call, naming the reason", async () => {
    const notTest = await createOffer({ providerUrl: provider.origin, path: "/json" }); // http + loopback outside test mode
    const body = await expectError(
      await callObserver(notTest, { token: agent.token, key: newKey() }),
      409,
      "offer_not_routable",
    );
    expect(body.message).toContain("https");
    const metadata = await createOffer({ providerUrl: "https://169.254.169.254", path: "/latest/meta-data" });
    expect(
      (
        await expectError(
          await callObserver(metadata, { token: agent.token, key: newKey() }),
          409,
          "offer_not_routable",
        )
      ).message,
    ).toContain("public");
    expect(provider.hits("/json")).toBe(0);
  });

  it("429 past the per-token limit, with Retry-After; another token is not affected", async () => {
    const limited = await newToken("limited");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await callObserver(getOffer, { token: limited.token, key: newKey() })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const refused = await callObserver(getOffer, { token: limited.token, key: newKey() });
    await expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await callObserver(getOffer, { token: (await newToken("fresh")).token, key: newKey() })).status).toBe(200);
  });
});

describe("provider failures", () => {
  it("502 provider_unreachable when nothing listens; retryable: the same key calls again", async () => {
    const closed = await startProvider();
    const origin = closed.origin;
    await closed.close();
    const offer = await createOffer({ providerUrl: origin, path: "/json", testMode: true });
    const key = newKey();
    await expectError(await callObserver(offer, { token: agent.token, key }), 502, "provider_unreachable");
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({
      state: "retryable",
      status: 502,
      outcome: "provider_unreachable",
    });
    // Not replayed: a second try connects again (and fails again, since nothing listens).
    const again = await callObserver(offer, { token: agent.token, key });
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    await expectError(again, 502, "provider_unreachable");
  });

  it("502 provider_unreachable, final, when the provider drops the connection after the request was sent", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/reset", testMode: true });
    const key = newKey();
    await expectError(await callObserver(offer, { token: agent.token, key }), 502, "provider_unreachable");
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({ state: "completed", status: 502 });
    const replay = await callObserver(offer, { token: agent.token, key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(provider.hits("/reset")).toBe(1);
  });

  it("504 provider_timeout past OBSERVER_TIMEOUT_MS, final and replayed", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/slow", testMode: true });
    const key = newKey();
    const started = Date.now();
    await expectError(
      await callObserver(offer, { token: agent.token, key, query: "?ms=5000" }),
      504,
      "provider_timeout",
    );
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await observedRow(agent.tokenId, offer, key)).toMatchObject({
      state: "completed",
      status: 504,
      outcome: "provider_timeout",
    });
    const replay = await callObserver(offer, { token: agent.token, key, query: "?ms=5000" });
    expect(replay.status).toBe(504);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(provider.hits("/slow")).toBe(1);
  });

  it("502 provider_response_too_large past OBSERVER_MAX_RESPONSE_BYTES; an answer at the cap passes", async () => {
    const offer = await createOffer({ providerUrl: provider.origin, path: "/huge", testMode: true });
    await expectError(
      await callObserver(offer, { token: agent.token, key: newKey(), query: `?bytes=${64 * 1024 + 1}` }),
      502,
      "provider_response_too_large",
    );
    await expectError(
      await callObserver(offer, { token: agent.token, key: newKey(), query: `?bytes=${50 * 1024 * 1024}` }),
      502,
      "provider_response_too_large",
    );
    const atCap = await callObserver(offer, { token: agent.token, key: newKey(), query: `?bytes=${64 * 1024}` });
    expect(atCap.status).toBe(200);
    expect((await atCap.arrayBuffer()).byteLength).toBe(64 * 1024);
  });
});

describe("hostile input", () => {
  it("never answers 5xx to random offer ids, tokens, keys and bodies (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(getOffer, postOffer, "", "x", "a/b", "%00", "x".repeat(300)),
        fc.option(fc.string({ maxLength: 60 }), { nil: null }),
        fc.option(fc.string({ unit: "binary", maxLength: 220 }), { nil: null }),
        fc.constantFrom("GET", "POST", "PUT", "HEAD", "OPTIONS"),
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.boolean(),
        async (offerId, token, key, method, body, validToken) => {
          const headers: Record<string, string> = { "content-type": "application/json" };
          let res: Response;
          try {
            res = await callObserver(offerId, {
              method,
              token: validToken ? agent.token : token,
              key: key && /^[\x20-\x7e]*$/.test(key) ? key : null,
              body: method === "POST" ? body : undefined,
              headers,
            });
          } catch (err) {
            // A header value fetch's Headers refuses never reaches the route.
            if (err instanceof TypeError) return;
            throw err;
          }
          expect(res.status, `${method} ${offerId}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("forwards any body bytes as they are (deep nesting, NUL escapes, lone surrogates): the provider judges its input", async () => {
    const odd = `${"[".repeat(500)}${String.raw`"\u0000\ud800"`}${"]".repeat(500)}`;
    const res = await callObserver(postOffer, {
      method: "POST",
      token: agent.token,
      key: newKey(),
      body: odd,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { body: string }).body).toBe(odd);
  });
});

// The observer's metrics move per call: a call forwarded to the provider counts its status class and
// outcome ("provider", or the observer's error code) with the provider's time; a refusal of the
// observer's own counts its code, with no provider time; a replay counts nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.OBSERVER_TIMEOUT_MS = "700";
});

import { db } from "@/server/db";
import { deltas } from "@/test/metrics/metric-values";
import { startProvider, type TestProvider } from "./providers";
import { callObserver, newKey, newToken, observerFixtures } from "./observer";

const { createOffer } = observerFixtures(db);

let provider: TestProvider;
let agent: { token: string; tokenId: string };
beforeAll(async () => {
  provider = await startProvider();
  agent = await newToken();
});
afterAll(() => provider.close());

const calls = (status: string, outcome: string) =>
  ["marketplace_observer_calls_total", { status, outcome }] as [string, Record<string, string>];
const timed = (outcome: string) =>
  ["marketplace_observer_provider_duration_seconds_count", { outcome }] as [string, Record<string, string>];
const SAMPLES = {
  ok: calls("2xx", "provider"),
  notFound: calls("4xx", "provider"),
  timeout: calls("5xx", "provider_timeout"),
  reused: calls("4xx", "idempotency_key_reused"),
  providerTime: timed("provider"),
  timeoutTime: timed("provider_timeout"),
  reusedTime: timed("idempotency_key_reused"),
};
const none = { ok: 0, notFound: 0, timeout: 0, reused: 0, providerTime: 0, timeoutTime: 0, reusedTime: 0 };

describe("observer metrics", () => {
  it("a provider's answer counts its status class under outcome provider, with the provider's time; its replay counts nothing", async () => {
    const json = await createOffer({ providerUrl: provider.origin, path: "/json", testMode: true });
    const missing = await createOffer({ providerUrl: provider.origin, path: "/status/404", testMode: true });
    const key = newKey();
    const answered = await deltas(SAMPLES, async () => {
      expect((await callObserver(json, { token: agent.token, key })).status).toBe(200);
      expect((await callObserver(missing, { token: agent.token, key: newKey() })).status).toBe(404);
    });
    expect(answered).toEqual({ ...none, ok: 1, notFound: 1, providerTime: 2 });
    const replayed = await deltas(SAMPLES, async () => {
      const res = await callObserver(json, { token: agent.token, key });
      expect(res.headers.get("idempotent-replayed")).toBe("true");
    });
    expect(replayed).toEqual(none);
  });

  it("a provider past the timeout counts 5xx provider_timeout with its time; a reused key counts the observer's code only", async () => {
    const slow = await createOffer({ providerUrl: provider.origin, path: "/slow", testMode: true });
    const key = newKey();
    const moved = await deltas(SAMPLES, async () => {
      expect((await callObserver(slow, { token: agent.token, key, query: "?ms=3000" })).status).toBe(504);
      // The same key with another query: refused before anything is forwarded.
      expect((await callObserver(slow, { token: agent.token, key, query: "?ms=1" })).status).toBe(422);
    });
    expect(moved).toEqual({ ...none, timeout: 1, timeoutTime: 1, reused: 1 });
  });
});

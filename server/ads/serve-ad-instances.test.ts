// Two app instances, one database: the rotation and the one-serve-per-purchase rule hold across
// processes (each with its own memory), because both live in the database (one advisory lock,
// ad_serves keyed by purchase). Real authorizations, settled on the local ledger.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { activePlacement, servesOf } from "@/test/ads/placements";
import { createTestAgent } from "@/test/payments/agent";
import { startInstance, type AppInstance } from "@/test/payments/app-instance";

let a: AppInstance;
let b: AppInstance;

beforeAll(async () => {
  [a, b] = await Promise.all([startInstance("A"), startInstance("B")]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((i) => i.kill()));
});

// A 503 with Retry-After (every connection busy on this small test pool, 2 shared cores) is retried
// with the same request and signature, as the answer says; anything else is the answer.
async function post(
  instance: AppInstance,
  body: unknown,
  signature: string,
): Promise<{ status: number; text: string }> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${instance.origin}/api/shop/ads`, {
      method: "POST",
      headers: { "content-type": "application/json", "payment-signature": signature },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 503 || !res.headers.get("retry-after") || attempt === 20) return { status: res.status, text };
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("paid ads on two instances", () => {
  it("24 purchases at once, alternating instances, over 3 placements: 8 serves each, one charge each; replays on the other instance return the same ad", async () => {
    const words = `both${randomUUID().slice(0, 8)}`;
    const runtime = paymentRuntime();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(await activePlacement(runtime, { targeting: { query: words }, headline: `Ad ${i}` }));
    const agents = await Promise.all(Array.from({ length: 4 }, () => createTestAgent()));
    const header = (await fetch(`${a.origin}/api/shop/ads`)).headers.get("payment-required")!;
    const purchases = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => ({
        body: { request_id: `two-${i}-${randomUUID()}`, context: { query: words } },
        signature: await agents[i % 4]!.sign(header),
      })),
    );
    const answers = await Promise.all(purchases.map((p, i) => post(i % 2 ? b : a, p.body, p.signature)));
    expect(answers.filter((x) => x.status !== 200).map((x) => x.text)).toEqual([]);
    expect(await servesOf(ids)).toEqual([8, 8, 8]);
    for (const agent of agents) expect(await agent.balance()).toBe(1_000_000n - 6n * 2000n);

    const replays = await Promise.all(purchases.map((p, i) => post(i % 2 ? a : b, p.body, p.signature)));
    for (const [i, { text }] of replays.entries())
      expect(text).toBe(answers[i]!.text.replace('"idempotentReplay":false', '"idempotentReplay":true'));
    expect(await servesOf(ids)).toEqual([8, 8, 8]);
  });
});

// Issue 24 item 1, measured over real HTTP: routes behind a loopback server with the peer-address
// hook, default auth limits (10 POSTs per minute and address, 5 sign-in attempts per account, 1 s
// refusal delay). One client guesses one account's password for a bounded time, rotating
// X-Forwarded-For on every request, 8 at a time; counted: guesses checked (401) and refused (429).
// Before this change every guess was checked (the probe: 396 in 60.5 s).
import { describe, expect, it } from "vitest";

Object.assign(process.env, {
  RATE_LIMIT_AUTH_PER_MINUTE: "10",
  RATE_LIMIT_AUTH_INSTANCE_PER_SECOND: "20",
  RATE_LIMIT_REFUSAL_DELAY_MS: "1000",
  TRUST_PROXY_HOPS: "0",
});
const { startAppServer } = await import("@/test/http/app-server");

const GUESSING_MS = 20_000;
const PARALLEL = 8;

describe("sign-in guesses with a rotating X-Forwarded-For", () => {
  it("checks at most the account's allowance, however the header rotates", async () => {
    const app = await startAppServer();
    try {
      const email = `victim-${Date.now()}@example.com`;
      const post = (p: string, body: unknown, i: number) =>
        fetch(`${app.url}/api/auth${p}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: "http://marketplace.test",
            "x-forwarded-for": `10.99.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify(body),
        });
      expect(
        (await post("/sign-up/email", { email, password: "the right password 1", name: "Victim" }, 0)).status,
      ).toBe(200);
      const counts: Record<number, number> = {};
      let i = 1;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (Date.now() - started < GUESSING_MS) {
            const res = await post("/sign-in/email", { email, password: `guess ${i}` }, i++);
            await res.body?.cancel();
            counts[res.status] = (counts[res.status] ?? 0) + 1;
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[rotating X-Forwarded-For] ${i - 1} sign-in attempts in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}; checked per minute: ${(((counts[401] ?? 0) * 60) / seconds).toFixed(0)}`,
      );
      expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
      expect(counts[429]).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});

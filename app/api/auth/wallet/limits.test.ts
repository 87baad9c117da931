// The limits of wallet sign-in end to end: sign-ins per wallet (counted once the signature verified,
// so strangers naming a wallet use none of its sign-ins) and challenges and sign-ins per client
// address; 429 JSON with Retry-After.
import { describe, expect, it } from "vitest";

// Small limits for this file only (vitest.config.ts sets them high elsewhere); before server/env.ts loads.
Object.assign(process.env, { RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE: "2", RATE_LIMIT_AUTH_PER_MINUTE: "6" });
const { createSIWxPayload } = await import("@x402/extensions/sign-in-with-x");
const { generatePrivateKey, privateKeyToAccount } = await import("viem/accounts");
const { POST: challenge } = await import("./challenge/route");
const { POST: token } = await import("./token/route");

const SITE = "http://marketplace.test";
let peer = 0;
const freshPeer = () => `198.19.${Math.floor(++peer / 250)}.${(peer % 250) + 1}`;
const post = (handler: (r: Request) => Promise<Response>, path: string, body: unknown, from = freshPeer()) =>
  handler(
    new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-marketplace-peer": from },
      body: JSON.stringify(body),
    }),
  );

type Wallet = ReturnType<typeof privateKeyToAccount>;
async function payloadFor(wallet: Wallet) {
  const res = await post(challenge, "/api/auth/wallet/challenge", { address: wallet.address });
  expect(res.status).toBe(201);
  const { address: _a, ...info } = ((await res.json()) as { payload: Record<string, string> }).payload;
  return createSIWxPayload(info as never, wallet, `${SITE}/api/auth/wallet/challenge`);
}

describe("wallet sign-in limits", () => {
  it("RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE per wallet, from any address; strangers' bad payloads count for nothing", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    // Five payloads naming the wallet without its signature, from five addresses.
    for (let i = 0; i < 5; i++) {
      const forged = { ...(await payloadFor(wallet)), signature: `0x${"11".repeat(65)}` };
      expect((await post(token, "/api/auth/wallet/token", { payload: forged })).status).toBe(401);
    }
    for (let i = 0; i < 2; i++)
      expect((await post(token, "/api/auth/wallet/token", { payload: await payloadFor(wallet) })).status).toBe(201);
    const third = await post(token, "/api/auth/wallet/token", { payload: await payloadFor(wallet) });
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await third.json()) as { error: string }).error).toBe("rate_limited");
    // Another wallet is not affected.
    const other = privateKeyToAccount(generatePrivateKey());
    expect((await post(token, "/api/auth/wallet/token", { payload: await payloadFor(other) })).status).toBe(201);
  });

  it("RATE_LIMIT_AUTH_PER_MINUTE per client address, challenges and sign-ins together", async () => {
    const from = freshPeer();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    for (let i = 0; i < 5; i++)
      expect((await post(challenge, "/api/auth/wallet/challenge", { address }, from)).status).toBe(201);
    expect((await post(token, "/api/auth/wallet/token", { payload: {} }, from)).status).toBe(400);
    const refused = await post(challenge, "/api/auth/wallet/challenge", { address }, from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await post(challenge, "/api/auth/wallet/challenge", { address })).status).toBe(201);
  });
});

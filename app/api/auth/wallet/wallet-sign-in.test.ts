// Wallet sign-in end to end (Request in, Response out) on the real database, signed by the x402
// extension's own client code (createSIWxPayload with a viem account): a good sign-in and the token
// it gives (actor, observer-style use, the token API, revocation), every way a payload signs nothing
// (expired, too old, another origin, a replayed or unknown nonce, another chain, a changed field, a
// malformed signature), hostile bodies and methods, the per-wallet cap, many sign-ins racing one
// nonce, and attaching the wallet (with its agent's review) to an account.
import {
  createSIWxMessage,
  createSIWxPayload,
  type CompleteSIWxInfo,
  type SIWxPayload,
} from "@x402/extensions/sign-in-with-x";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authenticateToken } from "@/server/accounts/marketplace-tokens";
import { walletChallengeSchema, walletTokenSchema } from "@/server/accounts/wallet-sign-in-schema";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { createReview } from "@/server/reviews/create-review";
import { someService } from "@/server/reviews/test-actors";
import { signUp, SITE } from "@/test/accounts/people";
import * as attachRoute from "./attach/route";
import * as challengeRoute from "./challenge/route";
import * as tokenRoute from "./token/route";
import * as tokens from "../../tokens/route";
import * as oneToken from "../../tokens/[id]/route";
import * as revokeByPost from "../../tokens/[id]/revoke/route";

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

async function send(
  handler: unknown,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  const body =
    init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  if (body !== undefined && !("content-type" in headers)) headers["content-type"] = "application/json";
  const res = await (handler as Handler)(new Request(`${SITE}${path}`, { method, headers, body }), {
    params: Promise.resolve(init.params ?? {}),
  });
  const text = await res.text();
  expect(res.headers.get("content-type"), `${method} ${path} ${res.status}: ${text.slice(0, 200)}`).toMatch(
    /^application\/json/,
  );
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Body };
}

const challenge = (body: unknown) => send(challengeRoute.POST, "POST", "/api/auth/wallet/challenge", { body });
const exchange = (body: unknown) => send(tokenRoute.POST, "POST", "/api/auth/wallet/token", { body });

const newWallet = () => privateKeyToAccount(generatePrivateKey());
type Wallet = ReturnType<typeof newWallet>;

/** A challenge for `wallet`, as the extension's client reads it (info with the chain chosen). */
async function challengeFor(wallet: Wallet) {
  const res = await challenge({ address: wallet.address });
  expect(res.status).toBe(201);
  const parsed = walletChallengeSchema.parse(res.body);
  const { address: _address, ...info } = parsed.payload;
  return { ...parsed, info: info as CompleteSIWxInfo };
}

/** The signed payload, made by the extension's own client (origin binding checked on its side too). */
async function signedPayload(wallet: Wallet, change: (info: CompleteSIWxInfo) => CompleteSIWxInfo = (i) => i) {
  const { info } = await challengeFor(wallet);
  const changed = change(info);
  return createSIWxPayload(changed, wallet, new URL(changed.uri).origin + "/api/auth/wallet/challenge");
}

async function signIn(wallet: Wallet, name?: string) {
  const res = await exchange({ payload: await signedPayload(wallet), ...(name ? { name } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return walletTokenSchema.parse(res.body);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a good sign-in", () => {
  it("binds our origin, a stored nonce and an expiry; gives an llm token named by the address, shown once", async () => {
    const wallet = newWallet();
    const c = await challengeFor(wallet);
    expect(c.payload).toMatchObject({
      domain: "marketplace.test",
      uri: `${SITE}/api/auth/wallet/token`,
      address: wallet.address,
      chainId: "eip155:84532",
      type: "eip191",
      version: "1",
    });
    expect(c.message).toContain("marketplace.test wants you to sign in with your Ethereum account:");
    expect(c.message).toContain(`Nonce: ${c.nonce}`);
    expect(new Date(c.expiresAt).getTime() - new Date(c.payload.issuedAt).getTime()).toBe(
      env.WALLET_SIGN_IN_TTL_SECONDS * 1000,
    );
    const row = await db.walletSignInNonce.findUniqueOrThrow({ where: { nonce: c.nonce } });
    expect(row.usedAt).toBeNull();

    // The message the challenge shows is the one a plain `personal_sign` signs (cast wallet sign, viem).
    const signature = await wallet.signMessage({ message: c.message });
    const res = await exchange({ payload: { ...c.payload, signature } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const answer = walletTokenSchema.parse(res.body);
    expect(answer.token).toMatch(/^apmt_[A-Za-z0-9_-]{43}$/);
    expect(answer.wallet).toEqual({ address: wallet.address, attachedToAccount: false });
    expect(answer.tokenSummary).toMatchObject({ name: wallet.address, walletAddress: wallet.address });
    expect((await db.walletSignInNonce.findUniqueOrThrow({ where: { nonce: c.nonce } })).usedAt).not.toBeNull();

    const actor = await authenticateToken(answer.token);
    expect(actor).toMatchObject({
      type: "llm",
      personId: null,
      name: wallet.address,
      org: `Wallet ${wallet.address}`,
      wallet: wallet.address,
    });
    // Only the hash is stored.
    const stored = await db.marketplaceToken.findUniqueOrThrow({ where: { id: answer.tokenSummary.id } });
    expect(JSON.stringify(stored)).not.toContain(answer.token);
  });

  it("takes a chosen name, signed by the extension's client", async () => {
    const wallet = newWallet();
    const answer = await signIn(wallet, "forecast-agent");
    expect(await authenticateToken(answer.token)).toMatchObject({ name: "forecast-agent", wallet: wallet.address });
  });

  it("the token lists, creates and revokes the wallet's tokens; a revoked token is refused", async () => {
    const wallet = newWallet();
    const first = await signIn(wallet);
    const auth = { "x-marketplace-token": first.token };
    const listed = await send(tokens.GET, "GET", "/api/tokens", { headers: auth });
    expect(listed.status).toBe(200);
    expect(listed.body.tokens.map((t: Body) => t.id)).toEqual([first.tokenSummary.id]);

    const made = await send(tokens.POST, "POST", "/api/tokens", { headers: auth, body: { name: "second" } });
    expect(made.status).toBe(201);
    expect(made.body.tokenSummary).toMatchObject({ name: "second", walletAddress: wallet.address });
    expect(await authenticateToken(made.body.token)).toMatchObject({ wallet: wallet.address, name: "second" });

    // Another wallet's token cannot see or revoke these.
    const stranger = await signIn(newWallet());
    const strangerAuth = { authorization: `Bearer ${stranger.token}` };
    expect((await send(tokens.GET, "GET", "/api/tokens", { headers: strangerAuth })).body.tokens).toHaveLength(1);
    const id = made.body.tokenSummary.id as string;
    expect(
      (await send(oneToken.DELETE, "DELETE", `/api/tokens/${id}`, { headers: strangerAuth, params: { id } })).status,
    ).toBe(404);

    const revoked = await send(oneToken.DELETE, "DELETE", `/api/tokens/${id}`, { headers: auth, params: { id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.tokenSummary.revokedAt).not.toBeNull();
    await expect(authenticateToken(made.body.token)).rejects.toMatchObject({ code: "forbidden" });

    // A token revokes itself by POST too; from then on it is refused.
    const selfId = first.tokenSummary.id;
    const self = await send(revokeByPost.POST, "POST", `/api/tokens/${selfId}/revoke`, {
      headers: auth,
      params: { id: selfId },
    });
    expect(self.status).toBe(200);
    const after = await send(tokens.GET, "GET", "/api/tokens", { headers: auth });
    expect(after.status).toBe(403);
    expect(after.body.error).toBe("forbidden");
  });
});

describe("payloads that sign nothing: 401 wallet_sign_in_invalid, nonce kept", () => {
  const refused = async (payload: unknown, reason: RegExp) => {
    const res = await exchange({ payload });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body.error).toBe("wallet_sign_in_invalid");
    expect(res.body.message).toMatch(reason);
    return res;
  };

  it("expired, and issued too long ago", async () => {
    const wallet = newWallet();
    const c = await challengeFor(wallet);
    const payload = await createSIWxPayload(c.info, wallet, `${SITE}/api/auth/wallet/challenge`);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (env.WALLET_SIGN_IN_TTL_SECONDS + 1) * 1000 });
    await refused(payload, /invalid_siwx_(expired|issued_at_too_old)/);
    vi.useRealTimers();
    // A message that names a later expiry itself is still too old once the TTL passed.
    const longer = await signedPayload(wallet, (i) => ({
      ...i,
      expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
    }));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (env.WALLET_SIGN_IN_TTL_SECONDS + 1) * 1000 });
    await refused(longer, /invalid_siwx_(issued_at_too_old|nonce)/);
  });

  it("another origin (domain or uri), even signed by the wallet", async () => {
    const wallet = newWallet();
    await refused(
      await signedPayload(wallet, (i) => ({
        ...i,
        domain: "evil.test",
        uri: "https://evil.test/api/auth/wallet/token",
      })),
      /invalid_siwx_domain_mismatch/,
    );
    // Our domain but another uri: the extension's client refuses to sign it, so sign the message by hand.
    const { info } = await challengeFor(wallet);
    const offOrigin = { ...info, uri: "https://evil.test/api/auth/wallet/token" };
    const signature = await wallet.signMessage({ message: createSIWxMessage(offOrigin, wallet.address) });
    await refused({ ...offOrigin, address: wallet.address, signature }, /invalid_siwx_uri_mismatch/);
  });

  it("a replayed nonce, and a nonce the marketplace never issued", async () => {
    const wallet = newWallet();
    const payload = await signedPayload(wallet);
    expect((await exchange({ payload })).status).toBe(201);
    await refused(payload, /invalid_siwx_nonce/);
    const { info } = await challengeFor(wallet);
    const forged = await createSIWxPayload(
      { ...info, nonce: "a1b2c3d4e5f60718293a4b5c6d7e8f90" },
      wallet,
      `${SITE}/api/auth/wallet/challenge`,
    );
    await refused(forged, /invalid_siwx_nonce/);
  });

  it("another chain: refused at the challenge (400) and at the token (401)", async () => {
    const wallet = newWallet();
    const asked = await challenge({ address: wallet.address, chainId: "eip155:1" });
    expect(asked.status).toBe(400);
    expect(asked.body.issues[0].path).toBe("chainId");
    await refused(
      await signedPayload(wallet, (i) => ({ ...i, chainId: "eip155:1" })),
      /invalid_siwx_unsupported_chain/,
    );
    await refused(
      await signedPayload(wallet, (i) => ({
        ...i,
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        type: "ed25519",
      })).catch(async () => ({
        ...(await signedPayload(wallet)),
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        type: "ed25519",
      })),
      /invalid_siwx_unsupported_chain/,
    );
  });

  it("a changed field, another wallet's address, a malformed signature; the nonce stays usable", async () => {
    const wallet = newWallet();
    const payload = await signedPayload(wallet);
    await refused({ ...payload, statement: "Something else" }, /invalid_siwx_signature/);
    await refused({ ...payload, address: newWallet().address }, /invalid_siwx_signature/);
    await refused({ ...payload, signature: "0x1234" }, /invalid_siwx_(signature|malformed)/);
    await refused({ ...payload, signature: "not hex at all" }, /invalid_siwx_(signature|malformed)/);
    await refused({ ...payload, address: "0xnot-an-address" }, /invalid_siwx_signature/);
    await refused({ ...payload, issuedAt: "yesterday" }, /invalid_siwx_issued_at/);
    await refused({ ...payload, nonce: "no spaces allowed!" }, /invalid_siwx_nonce/);
    // None of those spent it.
    expect((await exchange({ payload })).status).toBe(201);
  });
});

describe("hostile input: 4xx JSON, never 5xx", () => {
  it("bodies and methods", async () => {
    const wallet = newWallet();
    const payload = (await signedPayload(wallet)) as SIWxPayload & Record<string, unknown>;
    const cases: [unknown, number][] = [
      ["", 400],
      ["{", 400],
      ["[]", 400],
      ["null", 400],
      [{}, 400],
      [{ payload: "x" }, 400],
      [{ payload: { ...payload, signature: undefined } }, 400],
      [{ payload, extra: 1 }, 400],
      [{ payload: { ...payload, type: "rsa" } }, 400],
      [{ payload: { ...payload, statement: "a\u0000b" } }, 400],
      [{ payload: { ...payload, nonce: "\ud800" } }, 400],
      [{ payload: { ...payload, uri: "x".repeat(5000) } }, 400],
      [{ payload: { ...payload, resources: Array(11).fill("https://a.test") } }, 400],
      [{ payload, name: "" }, 400],
      [{ payload, name: "n".repeat(61) }, 400],
      ["[".repeat(100) + "]".repeat(100), 400],
      ["x".repeat(70 * 1024), 413],
    ];
    for (const [body, status] of cases) {
      const res = await exchange(body);
      expect(res.status, `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(res.body)}`).toBe(status);
    }
    for (const body of [
      {},
      { address: "0x12" },
      { address: wallet.address, chainId: "eip155:x" },
      { address: "\u0000" },
      "nope",
    ])
      expect((await challenge(body)).status).toBe(400);
    // A mistyped checksum (mixed case) or all lower case: the challenge names the checksummed address.
    const mixed =
      wallet.address.slice(0, 2) +
      [...wallet.address.slice(2)]
        .map((c) => (/[a-f]/.test(c) ? c.toUpperCase() : /[A-F]/.test(c) ? c.toLowerCase() : c))
        .join("");
    for (const address of [mixed, wallet.address.toLowerCase()]) {
      const asked = await challenge({ address });
      expect(asked.status).toBe(201);
      expect(asked.body.payload.address).toBe(wallet.address);
    }
    const wrongType = await send(challengeRoute.POST, "POST", "/api/auth/wallet/challenge", {
      body: JSON.stringify({ address: wallet.address }),
      headers: { "content-type": "text/plain" },
    });
    expect(wrongType.status).toBe(415);
    for (const method of ["GET", "PUT", "DELETE", "PATCH"] as const) {
      const res = await send(tokenRoute[method], method, "/api/auth/wallet/token");
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toContain("POST");
    }
    const badId = await send(oneToken.DELETE, "DELETE", "/api/tokens/not-a-uuid", {
      headers: { "x-marketplace-token": (await signIn(newWallet())).token },
      params: { id: "not-a-uuid" },
    });
    expect(badId.status).toBe(400);
    // The refused payloads spent nothing.
    expect((await exchange({ payload })).status).toBe(201);
  });
});

describe("caps and races", () => {
  it(`at most WALLET_MAX_ACTIVE_TOKENS active tokens per wallet; revoking one makes room`, async () => {
    const wallet = newWallet();
    const made = [];
    for (let i = 0; i < env.WALLET_MAX_ACTIVE_TOKENS; i++) made.push(await signIn(wallet));
    const over = await exchange({ payload: await signedPayload(wallet) });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe("conflict");
    const viaApi = await send(tokens.POST, "POST", "/api/tokens", {
      headers: { "x-marketplace-token": made[0]!.token },
      body: { name: "one more" },
    });
    expect(viaApi.status).toBe(409);
    const id = made[1]!.tokenSummary.id;
    await send(oneToken.DELETE, "DELETE", `/api/tokens/${id}`, {
      headers: { "x-marketplace-token": made[0]!.token },
      params: { id },
    });
    expect((await exchange({ payload: await signedPayload(wallet) })).status).toBe(201);
  });

  it("twenty concurrent sign-ins with one signed payload: exactly one token", async () => {
    const wallet = newWallet();
    const payload = await signedPayload(wallet);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange({ payload })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(401)]);
    expect(await db.marketplaceToken.count({ where: { walletAddress: wallet.address } })).toBe(1);
  });

  it("concurrent sign-ins of one wallet with fresh nonces never pass the cap", async () => {
    const wallet = newWallet();
    const payloads = await Promise.all(
      Array.from({ length: env.WALLET_MAX_ACTIVE_TOKENS + 3 }, () => signedPayload(wallet)),
    );
    const answers = await Promise.all(payloads.map((payload) => exchange({ payload })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(env.WALLET_MAX_ACTIVE_TOKENS);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
  });
});

describe("attaching a wallet to an account", () => {
  it("a signed-in person signs again: the wallet, its tokens and its agent's review become the account's", async () => {
    const wallet = newWallet();
    const walletToken = await signIn(wallet, "wallet-agent");
    const agent = await authenticateToken(walletToken.token);
    const review = await createReview(agent, { slug: await someService(3), rating: 4, title: "Fine", body: "Worked." });
    expect(review.org).toBe(`Wallet ${wallet.address}`);

    const person = await signUp({ name: "Wallet Owner" });
    const attach = (payload: unknown, headers: Record<string, string>) =>
      send(attachRoute.POST, "POST", "/api/auth/wallet/attach", { body: { payload }, headers });
    // A token is not a session, and a session's change must come from our pages.
    expect((await attach(await signedPayload(wallet), { "x-marketplace-token": walletToken.token })).status).toBe(401);
    expect((await attach(await signedPayload(wallet), { cookie: person.cookie })).status).toBe(403);

    const done = await attach(await signedPayload(wallet), { cookie: person.cookie, origin: SITE });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      wallet: { address: wallet.address, attachedToAccount: true },
      attached: { tokens: 1, reviews: 1 },
    });
    expect((await db.review.findUniqueOrThrow({ where: { id: review.id } })).personId).toBe(person.id);
    expect(await authenticateToken(walletToken.token)).toMatchObject({ personId: person.id, org: "Wallet Owner" });

    // The account's token list shows the wallet's token; later sign-ins belong to the account.
    const listed = await send(tokens.GET, "GET", "/api/tokens", { headers: { cookie: person.cookie } });
    expect(listed.body.tokens.map((t: Body) => t.id)).toContain(walletToken.tokenSummary.id);
    const later = await signIn(wallet);
    expect(later.wallet.attachedToAccount).toBe(true);
    expect((await authenticateToken(later.token)).personId).toBe(person.id);

    // Another account cannot take it.
    const other = await signUp();
    const taken = await attach(await signedPayload(wallet), { cookie: other.cookie, origin: SITE });
    expect(taken.status).toBe(409);
  });

  it("a session manages tokens over REST; a change from another origin is refused", async () => {
    const person = await signUp();
    const noOrigin = await send(tokens.POST, "POST", "/api/tokens", {
      headers: { cookie: person.cookie },
      body: { name: "x" },
    });
    expect(noOrigin.status).toBe(403);
    const made = await send(tokens.POST, "POST", "/api/tokens", {
      headers: { cookie: person.cookie, origin: SITE },
      body: { name: "from the page" },
    });
    expect(made.status).toBe(201);
    expect(made.body.tokenSummary).toMatchObject({ name: "from the page", walletAddress: null });
    expect((await send(tokens.GET, "GET", "/api/tokens")).status).toBe(401);
  });
});

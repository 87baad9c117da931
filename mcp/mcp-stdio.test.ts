// `npm run mcp` (scripts/mcp.ts) end to end: the SDK's MCP client over stdio spawns the server with
// env pointing at the real API served over HTTP; the server pays from its own key on the local
// facilitator, within the per-call and per-session caps of its env.
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/test/mcp/fixtures";
import { callTool, errorOf, paymentRequiredOf, textOf } from "@/test/mcp/tool-calls";

const OUTCOME = "Hourly weather forecasts for any coordinate, paid per call";
let app: Awaited<ReturnType<typeof f.startAppServer>>;
let demo: Awaited<ReturnType<typeof f.demoOffer>>;
let agent: Awaited<ReturnType<typeof f.createSigningAgent>>;
let client: Client;
let stderr = "";

const call = (name: string, args: Record<string, unknown>) => callTool(client, name, args);

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return { ...getDefaultEnvironment(), MARKETPLACE_URL: app.url, ...extra };
}

beforeAll(async () => {
  app = await f.startAppServer();
  demo = await f.demoOffer();
  agent = await f.createSigningAgent(1);
  const { token } = await f.newToken("mcp stdio agent");
  const transport = new StdioClientTransport({
    command: "npx",
    args: ["tsx", "scripts/mcp.ts"],
    cwd: process.cwd(),
    stderr: "pipe",
    // 0.0025 per session: two purchases of 0.001 fit, a third does not.
    env: serverEnv({
      MARKETPLACE_WALLET_KEY: agent.privateKey,
      MARKETPLACE_TOKEN: token,
      MCP_MAX_USD_PER_CALL: "0.01",
      MCP_MAX_USD_PER_SESSION: "0.0025",
    }),
  });
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
  await client.connect(transport);
}, 120_000);
afterAll(async () => {
  await client?.close();
  await demo?.provider.close();
  await app?.close();
});

describe("npm run mcp (stdio, wallet mode)", () => {
  it("lists the tools with their annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "buy_shortlist",
      "call_offer",
      "create_listing",
      "edit_listing",
      "get_listing",
      "get_reviews",
      "get_service",
      "get_token",
      "list_listings",
      "order_status",
      "payee_challenge",
      "prove_payee",
      "search_services",
      "submit_listing",
      "write_review",
    ]);
    expect(tools.find((t) => t.name === "buy_shortlist")).toMatchObject({
      annotations: { readOnlyHint: false, openWorldHint: true },
      _meta: { "marketplace/spendsMoney": true },
    });
    expect(tools.find((t) => t.name === "search_services")).toMatchObject({ annotations: { readOnlyHint: true } });
    expect(stderr).toContain("pays with its wallet");
  });

  it("searches and reads a service and its reviews", async () => {
    const found = await call("search_services", { q: "weather forecast" });
    const slug = (found.structuredContent as { services: { slug: string }[] }).services[0]!.slug;
    expect((await call("get_service", { slug })).structuredContent).toMatchObject({ service: { entity: { slug } } });
    expect((await call("get_reviews", { slug })).structuredContent).toMatchObject({ reviews: expect.any(Array) });
  });

  it("a dry run and a call over maxUsd pay nothing", async () => {
    const before = await agent.balance();
    const dry = await call("buy_shortlist", { outcome: OUTCOME, dryRun: true });
    expect(errorOf(dry)).toMatchObject({ kind: "payment_required", terms: { atomic: "1000" } });
    const capped = await call("buy_shortlist", { outcome: OUTCOME, maxUsd: "0.0001" });
    expect(errorOf(capped)).toMatchObject({ kind: "cap_exceeded", code: "cap_exceeded" });
    expect(textOf(capped)).toContain("cap_exceeded");
    expect(await agent.balance()).toBe(before);
  });

  it("buys a shortlist from its key (exactly the price), pays a demo provider's offer, then hits the session cap", async () => {
    const before = await agent.balance();
    const bought = await call("buy_shortlist", { outcome: OUTCOME, limit: 3 });
    expect(bought.isError, textOf(bought)).toBeFalsy();
    expect(bought.structuredContent).toMatchObject({
      purchase: { ok: true },
      spent: { amountUsd: "0.001", atomic: "1000" },
    });
    expect((bought.structuredContent as { spent: { payer: string } }).spent.payer.toLowerCase()).toBe(agent.address);
    expect(textOf(bought)).toContain("spent 0.001 USD");
    expect(await agent.balance()).toBe(before - 1000n);

    const providerBefore = await f.localBalance(demo.payTo);
    const called = await call("call_offer", { offerId: demo.offerId, query: { symbol: "ACME" } });
    expect(called.isError, textOf(called)).toBeFalsy();
    expect(called.structuredContent).toMatchObject({
      status: 200,
      body: { ok: true, result: { symbol: "ACME" } },
      spent: { atomic: "1000" },
    });
    expect(await f.localBalance(demo.payTo)).toBe(providerBefore + 1000n);
    expect(await agent.balance()).toBe(before - 2000n);

    // 0.002 of 0.0025 spent: the next 0.001 is over the session cap and is refused unsigned.
    const refused = await call("buy_shortlist", { outcome: OUTCOME });
    expect(refused.isError).toBe(true);
    expect(errorOf(refused)).toMatchObject({ kind: "cap_exceeded", terms: { atomic: "1000" } });
    expect(await agent.balance()).toBe(before - 2000n);

    // A POST offer called without `method` is called with its own: its 0.002 terms are over the cap
    // (a GET would have been the observer's 405).
    const post = await call("call_offer", { offerId: demo.postOfferId, body: { text: "One sentence." } });
    expect(errorOf(post)).toMatchObject({ kind: "cap_exceeded", terms: { atomic: "2000" } });

    // The first purchase again under its key: the stored answer, charged nothing, with the same settlement.
    const { idempotencyKey } = bought.structuredContent as { idempotencyKey: string };
    const replay = await call("buy_shortlist", { outcome: OUTCOME, limit: 3, idempotencyKey });
    expect(replay.isError, textOf(replay)).toBeFalsy();
    expect(replay.structuredContent).toMatchObject({ purchase: { idempotentReplay: true }, spent: null });
    expect(bought._meta?.["x402/payment-response"]).toMatchObject({ success: true });
    expect(replay._meta?.["x402/payment-response"]).toEqual(bought._meta?.["x402/payment-response"]);
    expect(await agent.balance()).toBe(before - 2000n);
  });

  it("writes a review with its token, reads it back, and a refused review keeps the session usable", async () => {
    const slug = await f.someServiceSlug();
    const bad = await call("write_review", {
      slug: "no-such-service-anywhere",
      rating: 5,
      title: "Nope",
      body: "This service does not exist.",
    });
    expect(bad.isError).toBe(true);
    expect(errorOf(bad).code).toBe("not_found");
    const title = `stdio review ${Date.now()}`;
    const written = await call("write_review", { slug, rating: 5, title, body: "Written over stdio by a test agent." });
    expect(written.isError, textOf(written)).toBeFalsy();
    const listed = await call("get_reviews", { slug });
    expect((listed.structuredContent as { reviews: { title: string }[] }).reviews.map((r) => r.title)).toContain(title);
  });

  it("order_status reads a bought placement and answers not_found for an unknown order", async () => {
    const order = await f.boughtPlacement();
    const status = await call("order_status", { orderId: order.id, statusAuthorization: order.statusAuthorization });
    expect(status.structuredContent).toMatchObject({ id: order.id, status: "queued" });
    const missing = await call("order_status", {
      orderId: "00000000-0000-4000-8000-000000000000",
      statusAuthorization: order.statusAuthorization,
    });
    expect(errorOf(missing).kind).toBe("not_found");
  });
});

describe("npm run mcp without a wallet key", () => {
  let bare: Client;
  beforeAll(async () => {
    const { token } = await f.newToken("mcp stdio agent without a key");
    bare = new Client({ name: "mcp-stdio-test-bare", version: "1.0.0" });
    await bare.connect(
      new StdioClientTransport({
        command: "npx",
        args: ["tsx", "scripts/mcp.ts"],
        cwd: process.cwd(),
        stderr: "pipe",
        env: serverEnv({ MARKETPLACE_TOKEN: token }),
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await bare?.close();
  });

  it("a paid tool answers the x402 transport's payment-required error, advising a key (this server pays only with its own)", async () => {
    const unpaid = await callTool(bare, "buy_shortlist", { outcome: OUTCOME });
    expect(paymentRequiredOf(unpaid)).toMatchObject({ x402Version: 2, accepts: expect.any(Array) });
    const { error } = unpaid.structuredContent as { error: unknown };
    expect(error).toEqual(expect.stringContaining("no wallet: set MARKETPLACE_WALLET_KEY"));
    expect(error).not.toContain("_meta");
    expect(errorOf(unpaid)).toMatchObject({ kind: "payment_required", terms: { atomic: "1000" } });
    // call_offer without `method` on a POST offer: the provider's own 402 (0.002 USD), not the observer's 405.
    const post = await callTool(bare, "call_offer", { offerId: demo.postOfferId, body: { text: "One sentence." } });
    expect(errorOf(post)).toMatchObject({ kind: "payment_required", terms: { atomic: "2000" } });
  });
});

describe("npm run mcp with a bad configuration", () => {
  it("exits 2 with a clear message on stderr and nothing on stdout", async () => {
    const child = spawn("npx", ["tsx", "scripts/mcp.ts"], {
      env: serverEnv({ MCP_MAX_USD_PER_CALL: "ten dollars", MARKETPLACE_WALLET_KEY: "0x1234" }) as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toContain("MCP_MAX_USD_PER_CALL");
    expect(err).toContain("MARKETPLACE_WALLET_KEY: a private key");
    expect(err).not.toContain("0x1234");
  }, 60_000);
});

describe("npm run mcp with a channel deposit allowed (MCP_MAX_USD_PER_DEPOSIT)", () => {
  it("opens a batch-settlement channel with one deposit of at most the cap, then pays each purchase with a voucher", async () => {
    const payer = await f.createSigningAgent(1);
    const transport = new StdioClientTransport({
      command: "npx",
      args: ["tsx", "scripts/mcp.ts"],
      cwd: process.cwd(),
      stderr: "pipe",
      env: serverEnv({ MARKETPLACE_WALLET_KEY: payer.privateKey, MCP_MAX_USD_PER_DEPOSIT: "0.003" }),
    });
    const channelClient = new Client({ name: "mcp-stdio-batch-test", version: "1.0.0" });
    await channelClient.connect(transport);
    try {
      const before = await payer.balance();
      const from = app.requests.length;
      for (let i = 0; i < 3; i++) {
        const bought = await callTool(channelClient, "buy_shortlist", { outcome: OUTCOME, limit: 3 });
        expect(bought.isError, textOf(bought)).toBeFalsy();
        expect(bought.structuredContent).toMatchObject({ spent: { amountUsd: "0.001", atomic: "1000" } });
      }
      const kinds = app.requests
        .slice(from)
        .flatMap((r) => (r.headers.get("payment-signature") ? [r.headers.get("payment-signature")!] : []))
        .map((s) => {
          const p = JSON.parse(Buffer.from(s, "base64").toString("utf8")) as {
            accepted: { scheme: string };
            payload: { type: string };
          };
          return `${p.accepted.scheme}/${p.payload.type}`;
        });
      expect(kinds).toEqual(["batch-settlement/deposit", "batch-settlement/voucher", "batch-settlement/voucher"]);
      // The deposit (the cap: three purchases) left the wallet once; the vouchers moved nothing.
      expect(await payer.balance()).toBe(before - 3000n);
    } finally {
      await channelClient.close();
    }
  }, 120_000);
});

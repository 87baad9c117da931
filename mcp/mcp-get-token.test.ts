// get_token over stdio (`npm run mcp`, wallet mode) end to end: the SDK's MCP client spawns the
// server with a wallet key and no token; get_token signs in with that key (sign-in-with-x against the
// real routes) and the server's later tools act as the wallet's agent. The typed client's
// signInWithWallet without a wallet is a clear refusal; the hosted server has no get_token.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";

// The challenge binds the marketplace's origin (BASE_URL): serve the app on exactly that origin, and
// the hosted MCP server calls the app on its PORT.
const port = await freePort();
process.env.PORT = String(port);
process.env.BASE_URL = `http://127.0.0.1:${port}`;
const f = await import("@/test/mcp/fixtures");
const { callTool, connectHosted, errorOf, textOf } = await import("@/test/mcp/tool-calls");
const { createMarketplaceClient } = await import("@/client/marketplace-client");
const { db } = await import("@/server/db");
const { someService } = await import("@/server/reviews/test-actors");

let app: Awaited<ReturnType<typeof f.startAppServer>>;
let client: Client;
const key = generatePrivateKey();
const wallet = privateKeyToAccount(key).address;

beforeAll(async () => {
  app = await f.startAppServer(port);
  const transport = new StdioClientTransport({
    command: "npx",
    args: ["tsx", "scripts/mcp.ts"],
    cwd: process.cwd(),
    stderr: "pipe",
    env: { ...getDefaultEnvironment(), MARKETPLACE_URL: app.url, MARKETPLACE_WALLET_KEY: key },
  });
  client = new Client({ name: "mcp-get-token-test", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
}, 120_000);
afterAll(async () => {
  await client?.close();
  await app?.close();
});

describe("get_token in stdio mode", () => {
  it("signs in with the server's key; write_review then acts as the wallet's agent", async () => {
    const before = await callTool(client, "write_review", {
      slug: await someService(2),
      rating: 5,
      title: "Before",
      body: "No token yet.",
    });
    expect(before.isError).toBe(true);
    expect(errorOf(before).code).toBe("unauthorized");

    const signedIn = await callTool(client, "get_token", { name: "stdio-agent" });
    expect(signedIn.isError, textOf(signedIn)).toBeFalsy();
    const out = signedIn.structuredContent as {
      wallet: { address: string };
      tokenSummary: { name: string };
      token?: string;
    };
    expect(out.wallet.address).toBe(wallet);
    expect(out.tokenSummary.name).toBe("stdio-agent");
    expect(out.token).toBeUndefined();
    expect(textOf(signedIn)).toContain("kept by this server");

    const review = await callTool(client, "write_review", {
      slug: await someService(2),
      rating: 4,
      title: "After",
      body: "Signed in with the wallet.",
    });
    expect(review.isError, textOf(review)).toBeFalsy();
    expect(review.structuredContent).toMatchObject({ name: "stdio-agent", org: `Wallet ${wallet}`, actorType: "llm" });
    expect(await db.marketplaceToken.count({ where: { walletAddress: wallet, revokedAt: null } })).toBe(1);

    const revealed = await callTool(client, "get_token", { reveal: true });
    expect((revealed.structuredContent as { token?: string }).token).toMatch(/^apmt_/);
  });

  it("the typed client without a wallet refuses to sign in; the hosted server lists no get_token", async () => {
    const noWallet = createMarketplaceClient({ baseUrl: app.url });
    const refused = await noWallet.signInWithWallet();
    expect(refused).toMatchObject({ ok: false, error: { code: "no_wallet" } });
    const hosted = await connectHosted(app.url);
    const { tools } = await hosted.listTools();
    expect(tools.map((t) => t.name)).not.toContain("get_token");
    await hosted.close();
  });

  it("a client refuses a challenge bound to another origin than the one it asked", async () => {
    // Same server, reached by another name: the challenge names 127.0.0.1, the client asked localhost.
    const elsewhere = createMarketplaceClient({
      baseUrl: app.url.replace("127.0.0.1", "localhost"),
      wallet: generatePrivateKey(),
    });
    const refused = await elsewhere.signInWithWallet();
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/cannot be signed.*(domain|origin)/i);
  });
});

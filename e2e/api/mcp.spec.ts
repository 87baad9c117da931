// The MCP server against the built app, as an agent meets it: the SDK's MCP client over streamable
// HTTP to /api/mcp (the agent signs its payments, `_meta["x402/payment"]`) and over stdio to
// `npm run mcp` (the server pays from its key). Each searches, buys a shortlist on the local
// facilitator (the payer's balance drops by exactly the price), calls an offer of the demo provider
// (started beside the app by scripts/e2e.ts) through the observer, and writes a review that then
// shows on the service page in Chromium.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test, type Page } from "@playwright/test";
import { x402Client } from "@x402/core/client";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createToken } from "../ui/pages/review-pages";
import { faucet, ledgerBalance } from "../local-ledger";

const OUTCOME = "Hourly weather forecasts for any coordinate, paid per call";
type Call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) => Promise<CallToolResult>;

const errorOf = (r: CallToolResult) =>
  (r.structuredContent as { error: { kind: string; terms?: { atomic: string } } }).error;
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

async function demoOfferId(call: Call): Promise<string> {
  const record = await call("get_service", { slug: "local-demo-provider" });
  expect(record.isError, textOf(record)).toBeFalsy();
  const offers = (record.structuredContent as { service: { offers: { id: string; method: string; path: string }[] } })
    .service.offers;
  return offers.find((o) => o.method === "GET" && o.path === "/v1/quote")!.id;
}

async function reviewShowsInUi(page: Page, call: Call, who: string) {
  const title = `${who} review ${randomUUID().slice(0, 8)}`;
  const written = await call("write_review", {
    slug: "local-demo-provider",
    rating: 5,
    title,
    body: `Quote arrived after paying through the marketplace (${who}).`,
  });
  expect(written.isError, textOf(written)).toBeFalsy();
  expect(written.structuredContent).toMatchObject({ title, actorType: "llm" });
  await page.goto("/services/local-demo-provider");
  await expect(page.getByText(title)).toBeVisible();
}

test("MCP over HTTP: search, buy a shortlist with a signed _meta payment (exact price), call the demo provider, review shown on the page", async ({
  page,
  baseURL,
}) => {
  const token = await createToken();
  const client = new Client({ name: "e2e-mcp-http", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`), {
      requestInit: { headers: { "x-marketplace-token": token } },
    }),
  );
  try {
    const call: Call = (name, args, meta) =>
      client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<CallToolResult>;
    expect((await client.listTools()).tools).toHaveLength(14);
    const found = await call("search_services", { q: "weather forecast" });
    expect((found.structuredContent as { services: unknown[] }).services.length).toBeGreaterThan(0);

    const account = privateKeyToAccount(generatePrivateKey());
    const signer = new x402Client().register("eip155:*", new ExactEvmScheme(account));
    await faucet(baseURL!, account.address, 1);
    const before = await ledgerBalance(baseURL!, account.address);
    const pay = async (name: string, args: Record<string, unknown>) => {
      // x402 MCP transport: the tool error's structuredContent is the PaymentRequired, `error` the advice.
      const unpaid = await call(name, args);
      expect(unpaid.isError, textOf(unpaid)).toBe(true);
      const { marketplaceError, ...required } = unpaid.structuredContent as {
        marketplaceError?: { kind: string };
        error?: unknown;
      };
      expect(marketplaceError?.kind, textOf(unpaid)).toBe("payment_required");
      expect(required.error).toEqual(expect.stringContaining('_meta["x402/payment"]'));
      const payload = await signer.createPaymentPayload(required as unknown as PaymentRequired);
      const paid = await call(name, args, { "x402/payment": payload });
      expect(paid.isError, textOf(paid)).toBeFalsy();
      expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true });
      return paid;
    };
    const bought = await pay("buy_shortlist", { outcome: OUTCOME, limit: 3 });
    expect(bought.structuredContent).toMatchObject({
      purchase: { ok: true },
      spent: { amountUsd: "0.001", atomic: "1000" },
    });
    expect(await ledgerBalance(baseURL!, account.address)).toBe(before - 1000 + 1);

    const quote = await pay("call_offer", { offerId: await demoOfferId(call), query: { symbol: "ACME" } });
    expect(quote.structuredContent).toMatchObject({
      status: 200,
      body: { ok: true, product: "quote", result: { symbol: "ACME" } },
      spent: { atomic: "1000" },
    });
    expect(await ledgerBalance(baseURL!, account.address)).toBe(before - 2000 + 2);

    await reviewShowsInUi(page, call, "MCP HTTP");
  } finally {
    await client.close();
  }
});

test("MCP over stdio (npm run mcp): pays from its key within its caps, calls the demo provider, review shown on the page", async ({
  page,
  baseURL,
}) => {
  const token = await createToken();
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await faucet(baseURL!, address, 1);
  const transport = new StdioClientTransport({
    command: "npm",
    args: ["run", "--silent", "mcp"],
    env: {
      ...getDefaultEnvironment(),
      MARKETPLACE_URL: baseURL!,
      MARKETPLACE_WALLET_KEY: key,
      MARKETPLACE_TOKEN: token,
      MCP_MAX_USD_PER_CALL: "0.01",
      MCP_MAX_USD_PER_SESSION: "0.0025",
    },
    stderr: "pipe",
  });
  const client = new Client({ name: "e2e-mcp-stdio", version: "1.0.0" });
  await client.connect(transport);
  try {
    const call: Call = (name, args) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
    const found = await call("search_services", { q: "weather forecast" });
    expect((found.structuredContent as { services: unknown[] }).services.length).toBeGreaterThan(0);

    const before = await ledgerBalance(baseURL!, address);
    const bought = await call("buy_shortlist", { outcome: OUTCOME, limit: 3 });
    expect(bought.isError, textOf(bought)).toBeFalsy();
    expect(bought.structuredContent).toMatchObject({ purchase: { ok: true }, spent: { amountUsd: "0.001" } });
    expect(await ledgerBalance(baseURL!, address)).toBe(before - 1000 + 1);

    const quote = await call("call_offer", { offerId: await demoOfferId(call), query: { symbol: "ACME" } });
    expect(quote.isError, textOf(quote)).toBeFalsy();
    expect(quote.structuredContent).toMatchObject({
      status: 200,
      body: { ok: true, result: { symbol: "ACME" } },
      spent: { atomic: "1000" },
    });

    // 0.002 of the 0.0025 session cap spent: the next purchase is refused before anything is signed.
    const refused = await call("buy_shortlist", { outcome: OUTCOME });
    expect(errorOf(refused).kind).toBe("cap_exceeded");
    expect(await ledgerBalance(baseURL!, address)).toBe(before - 2000 + 2);

    await reviewShowsInUi(page, call, "MCP stdio");
  } finally {
    await client.close();
  }
});

test("the docs page shows how to add the MCP server, its tools and a client example; axe clean, no sideways scroll at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/docs#mcp");
    const section = page.locator("section#mcp");
    await expect(section.getByRole("heading", { name: "Use it from an agent (MCP)" })).toBeVisible();
    await expect(section.getByText(`${baseURL}/api/mcp`).first()).toBeVisible();
    await expect(section.getByText('"args": ["run", "--silent", "mcp"]')).toBeVisible();
    const tools = section.getByRole("table", { name: "The MCP tools" });
    for (const name of [
      "search_services",
      "get_service",
      "get_reviews",
      "buy_shortlist",
      "call_offer",
      "write_review",
      "order_status",
    ])
      await expect(tools.getByRole("cell", { name, exact: true })).toBeVisible();
    await expect(section.getByText("createMarketplaceClient({")).toBeVisible();
    await section.screenshot({ path: `test-results/docs-mcp-${width}.png` });
    const violations = (await new AxeBuilder({ page }).include("section#mcp").analyze()).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(violations.map((v) => `${width}px ${v.id}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

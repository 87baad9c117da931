// The hosted MCP server (/api/mcp) end to end: the SDK's MCP client over streamable HTTP against the
// real route handler, served over HTTP with the rest of the API on the same server. Paid tools pay
// with payments the test agent signs itself (x402 MCP transport, `_meta["x402/payment"]`), settled on
// the local facilitator.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { callTool, connectHosted, errorOf, paymentRequiredOf, textOf } from "@/test/mcp/tool-calls";

// The hosted client calls the app on its listen port (server/env.ts PORT): serve the app there.
const port = await freePort();
process.env.PORT = String(port);
const f = await import("@/test/mcp/fixtures");

const READ_TOOLS = ["search_services", "get_service", "get_reviews", "order_status", "list_listings", "get_listing"];
const LISTING_WRITE_TOOLS = ["create_listing", "edit_listing", "payee_challenge", "prove_payee", "submit_listing"];
const PAID_TOOLS = ["buy_shortlist", "call_offer"];
const OUTCOME = "Hourly weather forecasts for any coordinate, paid per call";

let app: Awaited<ReturnType<typeof f.startAppServer>>;
let demo: Awaited<ReturnType<typeof f.demoOffer>>;
let token: string;
const clients: Client[] = [];

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = await connectHosted(app.url, headers);
  clients.push(client);
  return client;
}
/** A fresh funded agent, its balance, and its payment signed for the terms of a buy_shortlist dry run. */
async function signedShortlistPayment(client: Client) {
  const agent = await f.createSigningAgent(1);
  const before = await agent.balance();
  const dry = await callTool(client, "buy_shortlist", { outcome: OUTCOME, dryRun: true });
  return { agent, before, payload: await agent.payloadFor(paymentRequiredOf(dry)) };
}

beforeAll(async () => {
  app = await f.startAppServer(port);
  demo = await f.demoOffer();
  token = (await f.newToken("mcp http agent")).token;
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await demo.provider.close();
  await app.close();
});

describe("the hosted MCP server over streamable HTTP", () => {
  it("lists exactly the fourteen tools with input and output schemas and their annotations", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [...READ_TOOLS, ...PAID_TOOLS, "write_review", ...LISTING_WRITE_TOOLS].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      if (READ_TOOLS.includes(tool.name)) expect(tool.annotations?.readOnlyHint).toBe(true);
      if (PAID_TOOLS.includes(tool.name)) {
        expect(tool.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
        expect(tool._meta).toMatchObject({ "marketplace/spendsMoney": true, price: expect.any(String) });
        expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(
          expect.arrayContaining(["dryRun", "maxUsd", "idempotencyKey"]),
        );
        expect(Object.keys(tool.outputSchema?.properties ?? {})).toContain("spent");
      } else expect(tool._meta?.["marketplace/spendsMoney"]).toBeUndefined();
    }
    const buy = tools.find((t) => t.name === "buy_shortlist")!;
    expect(buy.inputSchema.required).toContain("outcome");
    expect(tools.find((t) => t.name === "write_review")!.annotations?.readOnlyHint).toBe(false);
  });

  it("searches, reads a service record and its reviews", async () => {
    const client = await connect();
    const found = await callTool(client, "search_services", { q: "weather forecast", limit: 3 });
    expect(found.isError).toBeFalsy();
    const services = (found.structuredContent as { services: { slug: string }[] }).services;
    expect(services.length).toBeGreaterThan(0);
    expect(services.length).toBeLessThanOrEqual(3);
    const slug = services[0]!.slug;
    const record = await callTool(client, "get_service", { slug });
    expect(record.structuredContent).toMatchObject({ schemaVersion: 1, service: { entity: { slug } } });
    const reviews = await callTool(client, "get_reviews", { slug, limit: 5 });
    expect(reviews.isError).toBeFalsy();
    expect(reviews.structuredContent).toMatchObject({ reviews: expect.any(Array) });
  });

  it("buy_shortlist without a payment returns the x402 terms; signed in _meta it pays exactly the price once", async () => {
    const client = await connect();
    const agent = await f.createSigningAgent(1);
    const before = await agent.balance();

    const unpaid = await callTool(client, "buy_shortlist", { outcome: OUTCOME, limit: 3 });
    expect(unpaid.isError).toBe(true);
    expect(errorOf(unpaid)).toMatchObject({
      kind: "payment_required",
      code: "payment_required",
      terms: { amountUsd: "0.001", atomic: "1000" },
    });
    // x402 MCP transport: the PaymentRequired itself is in structuredContent.
    expect(unpaid.structuredContent).toMatchObject({ x402Version: 2, accepts: expect.any(Array) });
    expect(textOf(unpaid)).toContain("payment_required");

    const payload = await agent.payloadFor(paymentRequiredOf(unpaid));
    const paid = await callTool(client, "buy_shortlist", { outcome: OUTCOME, limit: 3 }, { "x402/payment": payload });
    expect(paid.isError, textOf(paid)).toBeFalsy();
    const out = paid.structuredContent as {
      purchase: { ok: boolean; shortlist: { matches: unknown[] } };
      spent: { amountUsd: string; atomic: string; payer: string; transaction: string };
    };
    expect(out.purchase.ok).toBe(true);
    expect(out.spent).toMatchObject({ amountUsd: "0.001", atomic: "1000" });
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true, transaction: out.spent.transaction });
    expect(await agent.balance()).toBe(before - 1000n);
  });

  it("one signed payment sent twice at once and then replayed is charged once", async () => {
    const client = await connect();
    const { agent, before, payload } = await signedShortlistPayment(client);
    const args = { outcome: OUTCOME, idempotencyKey: `mcp-dup-${Date.now()}` };
    const answers = await Promise.all([
      callTool(client, "buy_shortlist", args, { "x402/payment": payload }),
      callTool(client, "buy_shortlist", args, { "x402/payment": payload }),
    ]);
    const replay = await callTool(client, "buy_shortlist", args, { "x402/payment": payload });
    const paidOnce = [...answers, replay].filter(
      (r) => !r.isError && (r.structuredContent as { spent: unknown }).spent !== null,
    );
    expect(paidOnce).toHaveLength(1);
    // The replay with the same key and payment is the stored answer, charged nothing.
    expect(replay.isError, textOf(replay)).toBeFalsy();
    expect(replay.structuredContent).toMatchObject({ purchase: { idempotentReplay: true }, spent: null });
    expect(await agent.balance()).toBe(before - 1000n);
  });

  it("a dry run shows the terms and pays nothing, even with a payment attached", async () => {
    const client = await connect();
    const { agent, before, payload } = await signedShortlistPayment(client);
    const dry = await callTool(
      client,
      "buy_shortlist",
      { outcome: OUTCOME, dryRun: true },
      { "x402/payment": payload },
    );
    expect(dry.isError).toBe(true);
    expect(errorOf(dry)).toMatchObject({ kind: "payment_required", terms: { atomic: "1000" } });
    expect(await agent.balance()).toBe(before);
  });

  it("a payment over the call's maxUsd is refused before it is sent: balance unchanged", async () => {
    const client = await connect();
    const { agent, before, payload } = await signedShortlistPayment(client);
    const refused = await callTool(
      client,
      "buy_shortlist",
      { outcome: OUTCOME, maxUsd: "0.0005" },
      { "x402/payment": payload },
    );
    expect(refused.isError).toBe(true);
    expect(errorOf(refused)).toMatchObject({ kind: "cap_exceeded", code: "cap_exceeded" });
    expect(textOf(refused)).toContain("cap_exceeded");
    expect(await agent.balance()).toBe(before);
    // The same payment under a cap that allows it still works: nothing was used up.
    const paid = await callTool(
      client,
      "buy_shortlist",
      { outcome: OUTCOME, maxUsd: "0.002" },
      { "x402/payment": payload },
    );
    expect(paid.isError, textOf(paid)).toBeFalsy();
    expect(await agent.balance()).toBe(before - 1000n);
  });

  it("call_offer pays a demo provider's 402 through the observer with the caller's token", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const agent = await f.createSigningAgent(1);
    const before = await agent.balance();
    const providerBefore = await f.localBalance(demo.payTo);
    const args = { offerId: demo.offerId, query: { symbol: "ACME" } };
    const unpaid = await callTool(client, "call_offer", args);
    expect(unpaid.isError).toBe(true);
    expect(errorOf(unpaid)).toMatchObject({ kind: "payment_required", terms: { atomic: "1000" } });
    const payload = await agent.payloadFor(paymentRequiredOf(unpaid));
    const paid = await callTool(client, "call_offer", args, { "x402/payment": payload });
    expect(paid.isError, textOf(paid)).toBeFalsy();
    expect(paid.structuredContent).toMatchObject({
      status: 200,
      body: { ok: true, product: "quote", result: { symbol: "ACME" } },
      spent: { atomic: "1000" },
    });
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true });
    expect(await agent.balance()).toBe(before - 1000n);
    expect(await f.localBalance(demo.payTo)).toBe(providerBefore + 1000n);
  });

  it("write_review publishes with the caller's token and get_reviews shows it; without a token: unauthorized, session still usable", async () => {
    const slug = await f.someServiceSlug();
    const anonymous = await connect();
    const refused = await callTool(anonymous, "write_review", {
      slug,
      rating: 4,
      title: "From MCP",
      body: "Written by a test agent over MCP.",
    });
    expect(refused.isError).toBe(true);
    expect(errorOf(refused)).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(textOf(refused)).toMatch(/^unauthorized/);
    expect((await callTool(anonymous, "get_service", { slug })).isError).toBeFalsy();

    const client = await connect({ "x-marketplace-token": token });
    const title = `MCP review ${Date.now()}`;
    const written = await callTool(client, "write_review", {
      slug,
      rating: 4,
      title,
      body: "Written by a test agent over MCP.",
      tags: ["mcp"],
    });
    expect(written.isError, textOf(written)).toBeFalsy();
    expect(written.structuredContent).toMatchObject({ slug, title, rating: 4, actorType: "llm" });
    const listed = await callTool(client, "get_reviews", { slug });
    expect((listed.structuredContent as { reviews: { title: string }[] }).reviews.map((r) => r.title)).toContain(title);
  });

  it("order_status reads a bought placement; an unknown order is not_found", async () => {
    const client = await connect();
    const order = await f.boughtPlacement();
    const status = await callTool(client, "order_status", {
      orderId: order.id,
      statusAuthorization: order.statusAuthorization,
    });
    expect(status.isError, textOf(status)).toBeFalsy();
    expect(status.structuredContent).toMatchObject({ id: order.id, product: "placement", status: "queued" });
    const missing = await callTool(client, "order_status", {
      orderId: "00000000-0000-4000-8000-000000000000",
      statusAuthorization: order.statusAuthorization,
    });
    expect(missing.isError).toBe(true);
    expect(errorOf(missing)).toMatchObject({ kind: "not_found", status: 404 });
  });

  it("a forged or malformed _meta payment is refused with a code, and the session goes on", async () => {
    const client = await connect();
    for (const payment of [{ x402Version: 2, payload: { signature: "0xdead" } }, "not base64 at all", 42]) {
      const refused = await callTool(client, "buy_shortlist", { outcome: OUTCOME }, { "x402/payment": payment });
      expect(refused.isError, JSON.stringify(payment)).toBe(true);
      // The client cannot read an amount from it, so it refuses before sending (caps are checked against the payment).
      expect(errorOf(refused), textOf(refused)).toMatchObject({ kind: "invalid_request", code: "invalid_payment" });
    }
    expect((await callTool(client, "search_services", { q: "weather" })).isError).toBeFalsy();
  });

  it("invalid input is a tool error naming the field; an API refusal carries the API's code; the session goes on", async () => {
    const client = await connect();
    const bad = await callTool(client, "get_reviews", { slug: "Not A Slug!" });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("slug");
    const unknown = await callTool(client, "get_service", { slug: "no-such-service-anywhere" });
    expect(unknown.isError).toBe(true);
    expect(errorOf(unknown)).toMatchObject({ kind: "not_found", code: "not_found", status: 404 });
    const tool = await callTool(client, "no_such_tool", {});
    expect(tool.isError).toBe(true);
    expect(textOf(tool)).toContain("no_such_tool");
    expect((await callTool(client, "search_services", { q: "weather" })).isError).toBeFalsy();
  });
});

describe("the x402 MCP transport on the hosted server", () => {
  /** The payment-required tool error as the transport has it, and what it tells an MCP caller. */
  function expectTransportShape(result: Awaited<ReturnType<typeof callTool>>, atomic: string) {
    expect(result.isError).toBe(true);
    const required = paymentRequiredOf(result);
    const { marketplaceError, ...structured } = result.structuredContent as Record<string, unknown>;
    // structuredContent is the PaymentRequired itself (plus the client's error beside it), `error` a string.
    expect(structured).toEqual(required);
    // (every entry of the 402: the shortlist offers batch-settlement after exact)
    expect(structured).toMatchObject({
      x402Version: 2,
      accepts: expect.arrayContaining([expect.objectContaining({ amount: atomic })]),
    });
    expect((structured.accepts as { scheme: string }[])[0]).toMatchObject({ scheme: "exact", amount: atomic });
    expect(typeof structured.error).toBe("string");
    expect(structured.error).toContain('_meta["x402/payment"]');
    expect(marketplaceError).toMatchObject({ kind: "payment_required", code: "payment_required", terms: { atomic } });
    expect((marketplaceError as { terms: Record<string, unknown> }).terms).not.toHaveProperty("paymentRequired");
    // The typed client's advice (its `wallet` option) is not an MCP caller's.
    expect(textOf(result)).not.toMatch(/no wallet|pass `wallet`/);
    return required;
  }

  it("a paid tool without payment answers the PaymentRequired, which the x402 client signs and the retry pays", async () => {
    const client = await connect();
    const agent = await f.createSigningAgent(1);
    const before = await agent.balance();
    const unpaid = await callTool(client, "buy_shortlist", { outcome: OUTCOME, limit: 3 });
    const required = expectTransportShape(unpaid, "1000");
    const paid = await callTool(
      client,
      "buy_shortlist",
      { outcome: OUTCOME, limit: 3 },
      { "x402/payment": await agent.payloadFor(required) },
    );
    expect(paid.isError, textOf(paid)).toBeFalsy();
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true, network: expect.any(String) });
    expect(await agent.balance()).toBe(before - 1000n);
  });

  it("call_offer without payment has the same shape; a refused payment keeps it with the verifier's reason", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const unpaid = await callTool(client, "call_offer", { offerId: demo.offerId, query: { symbol: "ACME" } });
    expectTransportShape(unpaid, "1000");
    // A payment signed by an unfunded key verifies as a signature but cannot settle: the answer is again
    // a payment-required tool error with the PaymentRequired, and nothing is charged.
    const broke = await f.createSigningAgent(0);
    const refused = await callTool(
      client,
      "call_offer",
      { offerId: demo.offerId, query: { symbol: "ACME" } },
      { "x402/payment": await broke.payloadFor(paymentRequiredOf(unpaid)) },
    );
    expect(refused.isError).toBe(true);
    expect(paymentRequiredOf(refused)).toMatchObject({ x402Version: 2, accepts: expect.any(Array) });
    // The reason is the verifier's code, not the generic payment_required.
    const reason = (refused.structuredContent as { error: unknown }).error;
    expect(errorOf(refused).code).not.toBe("payment_required");
    expect(reason).toEqual(expect.stringMatching(new RegExp(`^${errorOf(refused).code}: `)));
  });

  it("a replay of a completed purchase returns the first answer's x402/payment-response, charging nothing", async () => {
    const client = await connect();
    const { agent, before, payload } = await signedShortlistPayment(client);
    const args = { outcome: OUTCOME, idempotencyKey: `mcp-replay-${Date.now()}` };
    const first = await callTool(client, "buy_shortlist", args, { "x402/payment": payload });
    expect(first.isError, textOf(first)).toBeFalsy();
    const settlement = first._meta?.["x402/payment-response"];
    expect(settlement).toMatchObject({ success: true, transaction: expect.stringMatching(/^0x/) });
    const replay = await callTool(client, "buy_shortlist", args, { "x402/payment": payload });
    expect(replay.isError, textOf(replay)).toBeFalsy();
    expect(replay.structuredContent).toMatchObject({ purchase: { idempotentReplay: true }, spent: null });
    expect(replay._meta?.["x402/payment-response"]).toEqual(settlement);
    expect(await agent.balance()).toBe(before - 1000n);
  });

  it("a replayed call_offer returns the provider's settlement again, charging nothing", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const agent = await f.createSigningAgent(1);
    const args = { offerId: demo.offerId, query: { symbol: "ACME" }, idempotencyKey: `mcp-offer-${Date.now()}` };
    const payload = await agent.payloadFor(paymentRequiredOf(await callTool(client, "call_offer", args)));
    const before = await agent.balance();
    const first = await callTool(client, "call_offer", args, { "x402/payment": payload });
    expect(first.isError, textOf(first)).toBeFalsy();
    const settlement = first._meta?.["x402/payment-response"];
    expect(settlement).toMatchObject({ success: true });
    const replay = await callTool(client, "call_offer", args, { "x402/payment": payload });
    expect(replay.isError, textOf(replay)).toBeFalsy();
    expect(replay.structuredContent).toMatchObject({ status: 200, spent: null });
    expect(replay._meta?.["x402/payment-response"]).toEqual(settlement);
    expect(await agent.balance()).toBe(before - 1000n);
  });

  it("call_offer without `method` uses a POST offer's own method, unpaid and paid", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const agent = await f.createSigningAgent(1);
    const before = await agent.balance();
    const args = { offerId: demo.postOfferId, body: { text: "Agents pay per call. The marketplace records it." } };
    const unpaid = await callTool(client, "call_offer", args);
    // A GET would be the observer's 405; the provider's POST 402 asks 0.002 USD.
    const required = expectTransportShape(unpaid, "2000");
    const paid = await callTool(client, "call_offer", args, { "x402/payment": await agent.payloadFor(required) });
    expect(paid.isError, textOf(paid)).toBeFalsy();
    expect(paid.structuredContent).toMatchObject({
      status: 200,
      body: { ok: true, product: "summarize", result: { sentences: 2 } },
      spent: { atomic: "2000" },
    });
    expect(await agent.balance()).toBe(before - 2000n);
  });

  it("call_offer with another method than the offer's is refused (405); no token or an unknown offer says so", async () => {
    const client = await connect({ "x-marketplace-token": token });
    const wrong = await callTool(client, "call_offer", { offerId: demo.postOfferId, method: "GET" });
    expect(errorOf(wrong)).toMatchObject({ kind: "invalid_request", status: 405, code: "method_not_allowed" });
    const unknown = await callTool(client, "call_offer", { offerId: "no-such-offer\u0000" });
    expect(errorOf(unknown)).toMatchObject({ kind: "not_found", status: 404 });
    const surrogate = await callTool(client, "call_offer", { offerId: "offer-\ud800" });
    expect(errorOf(surrogate)).toMatchObject({ kind: "invalid_request", code: "invalid_request" });
    const anonymous = await connect();
    const refused = await callTool(anonymous, "call_offer", { offerId: demo.postOfferId });
    expect(errorOf(refused)).toMatchObject({ kind: "unauthorized", status: 401 });
  });
});

describe("hostile requests to /api/mcp", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body,
    });
  const toolCall = (args: unknown) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_services", arguments: args },
    });

  it("a huge body is refused with a JSON-RPC error (413) before it is read whole", async () => {
    const res = await post(toolCall({ q: "x".repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, data: { error: "payload_too_large" } },
    });
  });

  it("invalid JSON is a JSON-RPC parse error (400)", async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32700, data: { error: "invalid_json" } },
    });
  });

  it("arguments nested thousands deep are refused (400), not parsed", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const res = await post(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_services","arguments":{"q":${deep}}}}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32600, data: { error: "invalid_request" } },
    });
  });

  it("a JSON body that is not JSON-RPC, NUL and lone surrogates are errors, never a 500", async () => {
    for (const body of ["[]", "{}", '"text"', JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method" })]) {
      const res = await post(body);
      const text = await res.text();
      expect(res.status, body).toBeLessThan(500);
      const answer = JSON.parse(text) as { error?: unknown };
      expect(answer.error, body).toBeDefined();
    }
    const odd = await post(toolCall({ q: "\u0000\ud800 weather" }));
    expect(odd.status).toBeLessThan(500);
  });

  it("other methods get 405 with Allow and a JSON error", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await fetch(`${app.url}/api/mcp`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toContain("POST");
      expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
    }
  });
});

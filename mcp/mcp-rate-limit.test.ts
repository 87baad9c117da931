// The hosted MCP server and the free API's rate limits: /api/mcp calls the app on its own listen
// address with the caller's client key and the app's proof of it, so each agent behind /api/mcp
// spends its own budget (the key client-address.ts gave the /api/mcp request), not one budget shared
// by every agent. The test's client stands in for one reverse proxy (TRUST_PROXY_HOPS=1): the agents
// are named by the X-Forwarded-For entry it appends.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { callTool, connectHosted, errorOf, textOf } from "@/test/mcp/tool-calls";

const SEARCHES_PER_MINUTE = 2;
const port = await freePort();
process.env.PORT = String(port);
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = String(SEARCHES_PER_MINUTE);
process.env.TRUST_PROXY_HOPS = "1";
const { startAppServer } = await import("@/test/http/app-server");

let app: Awaited<ReturnType<typeof startAppServer>>;
const clients: Client[] = [];
const agent = async (forwardedFor: string) => {
  const client = await connectHosted(app.url, { "x-forwarded-for": forwardedFor });
  clients.push(client);
  return client;
};
const search = (client: Client) => callTool(client, "search_services", { q: "weather forecast", limit: 2 });

beforeAll(async () => {
  app = await startAppServer(port);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await app.close();
});

describe("hosted MCP callers and the search rate limit", () => {
  it("two callers with different addresses have separate budgets; the one over its limit gets rate_limited", async () => {
    const first = await agent("203.0.113.7");
    const second = await agent("198.51.100.9");
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search(first)).isError, `search ${i + 1}`).toBeFalsy();
    const limited = await search(first);
    expect(limited.isError).toBe(true);
    expect(errorOf(limited)).toMatchObject({ kind: "rate_limited", code: "rate_limited", status: 429 });
    expect(errorOf(limited).retry?.afterSeconds).toBeGreaterThan(0);
    expect(textOf(limited)).toMatch(/^rate_limited/);

    const other = await search(second);
    expect(other.isError, textOf(other)).toBeFalsy();
    expect((other.structuredContent as { services: unknown[] }).services.length).toBeGreaterThan(0);
  });

  it("the downstream calls go to the app's own port as the caller (its key, vouched for), whatever chain it sent", async () => {
    // A chain as a proxy passes it: a left part the client wrote (ignored), then the address the proxy saw.
    const chain = "192.0.2.55, 203.0.113.7";
    const before = app.requests.length;
    const forged = await search(await agent(chain));
    // The rightmost entry is the first caller's address: its budget is spent, a forged left part does not help.
    expect(errorOf(forged)).toMatchObject({ kind: "rate_limited" });
    const downstream = app.requests.slice(before).filter((r) => r.path === "/api/catalog/search");
    expect(downstream).toHaveLength(1);
    expect(downstream[0]!.headers.get("x-marketplace-client")).toBe("203.0.113.7");
    expect(downstream[0]!.headers.get("x-marketplace-client-proof")).toMatch(/^[\w-]{43}$/);
    expect(downstream[0]!.headers.get("x-forwarded-for")).toBeNull();
    expect(downstream[0]!.headers.get("host")).toBe(`127.0.0.1:${port}`);
  });
});

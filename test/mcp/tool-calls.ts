// Test support for the MCP tests: an SDK client on /api/mcp, a tool call, and what a result says.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { MarketplaceError } from "@/client/marketplace-client";

/** An MCP client on `${appUrl}/api/mcp` sending `headers` with every request, tools listed. */
export async function connectHosted(appUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "mcp-http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${appUrl}/api/mcp`), { requestInit: { headers } }));
  // As agents do: with the tools listed, the SDK client checks every result against its outputSchema.
  await client.listTools();
  return client;
}

export const callTool = (client: Client, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
  client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) }) as Promise<CallToolResult>;

/** The client error a tool error result carries (a payment-required one carries it beside the PaymentRequired). */
export function errorOf(r: CallToolResult): MarketplaceError {
  const s = r.structuredContent as { error?: MarketplaceError | string; marketplaceError?: MarketplaceError };
  return typeof s.error === "string" ? s.marketplaceError! : s.error!;
}

/** The PaymentRequired of a payment-required tool error, read as x402's MCP client reads it: the
 * `x402/error` wrapper (code 402) of `content[0].text`. Throws when the result has none. */
export function paymentRequiredOf(r: CallToolResult): Record<string, unknown> {
  const first = r.content[0];
  if (!r.isError || first?.type !== "text") throw new Error("not a payment-required tool error");
  const wrapped = (JSON.parse(first.text) as { "x402/error"?: { code: number; message: string; data: unknown } })[
    "x402/error"
  ];
  if (wrapped?.code !== 402 || typeof wrapped.message !== "string" || typeof wrapped.data !== "object")
    throw new Error(`no x402/error wrapper in ${first.text.slice(0, 200)}`);
  return wrapped.data as Record<string, unknown>;
}

export const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

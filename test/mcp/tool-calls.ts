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

/** The client error a tool error result carries. */
export const errorOf = (r: CallToolResult) => (r.structuredContent as { error: MarketplaceError }).error;

export const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

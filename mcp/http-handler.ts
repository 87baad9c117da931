// The hosted MCP server (/api/mcp): streamable HTTP, stateless, JSON answers. Each request gets a
// fresh server, transport and client, so nothing lives between requests and any app instance can
// answer any request; the caller's token rides along, and it pays only with payments it signed.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMarketplaceClient } from "../client/marketplace-client";
import { createMarketplaceMcpServer } from "./create-mcp-server";

export interface HostedMcpOptions {
  /** The marketplace's own public origin. */
  baseUrl: string;
  /** The caller's X-Marketplace-Token. */
  token?: string;
  fetch?: typeof fetch;
}

export async function handleHostedMcp(request: Request, body: unknown, options: HostedMcpOptions): Promise<Response> {
  const client = createMarketplaceClient({ baseUrl: options.baseUrl, token: options.token, fetch: options.fetch });
  const server = createMarketplaceMcpServer(client, { mode: "hosted" });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    await server.close();
  }
}

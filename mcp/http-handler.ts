// The hosted MCP server (/api/mcp): streamable HTTP, stateless, JSON answers. Each request gets a
// fresh server, transport and client, so nothing lives between requests and any app instance can
// answer any request; the caller's token rides along, and it pays only with payments it signed.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMarketplaceClient } from "../client/marketplace-client";
import { createMarketplaceMcpServer } from "./create-mcp-server";
import { HOSTED_PAYMENT_ADVICE } from "./paid-options";

export interface HostedMcpOptions {
  /** Where the tools' client calls the API: the app's own listen address (never back out through a proxy). */
  baseUrl: string;
  /** The caller's X-Marketplace-Token. */
  token?: string;
  /** Headers every call carries: the caller's client key, vouched for by the app (server/http/mcp-request.ts). */
  clientHeaders?: Record<string, string>;
  fetch?: typeof fetch;
}

/** `fetchImpl` with the caller's client headers on every call, so the API's rate limits key each call
 * to the agent behind /api/mcp, not to the app itself. */
export function forwardingFetch(
  fetchImpl: typeof fetch,
  clientHeaders: Record<string, string> | undefined,
): typeof fetch {
  if (!clientHeaders) return fetchImpl;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(clientHeaders)) headers.set(name, value);
    return fetchImpl(input, { ...init, headers });
  };
}

export async function handleHostedMcp(request: Request, body: unknown, options: HostedMcpOptions): Promise<Response> {
  const fetchImpl = forwardingFetch(options.fetch ?? globalThis.fetch.bind(globalThis), options.clientHeaders);
  const client = createMarketplaceClient({
    baseUrl: options.baseUrl,
    token: options.token,
    fetch: fetchImpl,
    paymentAdvice: HOSTED_PAYMENT_ADVICE,
  });
  const server = createMarketplaceMcpServer(client, { mode: "hosted" });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    await server.close();
  }
}

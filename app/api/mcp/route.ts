// The marketplace's MCP server over streamable HTTP (stateless, JSON answers): see mcp/http-handler.ts.
import { route } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readMcpRequest } from "@/server/http/mcp-request";
import { handleHostedMcp } from "@/mcp/http-handler";
import { timedHandler } from "@/server/metrics/http-metrics";

export const POST = timedHandler(
  "/api/mcp",
  route(async (request: Request) => {
    const read = await readMcpRequest(request);
    if (!read.ok) return read.response;
    return handleHostedMcp(request, read.body, {
      baseUrl: read.selfUrl,
      token: read.token,
      clientHeaders: read.clientHeaders,
    });
  }),
);

// Stateless: no SSE stream to open (GET) and no session to end (DELETE).
export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["POST"]);

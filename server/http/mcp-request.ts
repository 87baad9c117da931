// What /api/mcp needs from an HTTP request before the MCP transport sees it: the body, read with a
// size cap and a nesting limit (refused as JSON-RPC errors, never a 500), the caller's marketplace
// token and client key, and where the hosted tools' client sends its calls: this app on its own
// listen address, so the calls neither leave through a reverse proxy nor come back as one client (the
// app, on loopback) to the rate limits: they carry the caller's key with this process's proof of it
// (client-address.ts) and count as the caller.
import { AppError, statusOf } from "../errors";
import { env } from "../env";
import { parseJsonBody } from "../input/json-body";
import { clientAddress, vouchedClientHeaders } from "./client-address";
import { readBodyText } from "./read-body";

// A tool call's arguments are small (a shortlist request is a few KB); a payment payload adds ~1 KB.
export const MCP_MAX_BODY_BYTES = 64 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export type McpRequest =
  | { ok: true; body: unknown; token: string | undefined; clientHeaders: Record<string, string>; selfUrl: string }
  | { ok: false; response: Response };

/** This instance on its listen port (`next start -p PORT` listens on every interface). */
const selfUrl = () => `http://127.0.0.1:${env.PORT}`;

export async function readMcpRequest(request: Request): Promise<McpRequest> {
  let body: unknown;
  try {
    body = parseJsonBody(await readBodyText(request, MCP_MAX_BODY_BYTES));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      ok: false,
      response: jsonRpcError(
        statusOf(err.code),
        err.code === "invalid_json" ? PARSE_ERROR : INVALID_REQUEST,
        err.message,
        err.code,
      ),
    };
  }
  // JSON-RPC 2.0: an empty batch is an invalid request (the SDK would answer it 202 with no body).
  if (Array.isArray(body) && body.length === 0)
    return {
      ok: false,
      response: jsonRpcError(400, INVALID_REQUEST, "An empty batch is not a JSON-RPC request.", "invalid_request"),
    };
  const token = request.headers.get("x-marketplace-token")?.trim() || undefined;
  return {
    ok: true,
    body,
    token,
    clientHeaders: vouchedClientHeaders(clientAddress(request.headers)),
    selfUrl: selfUrl(),
  };
}

/** A JSON-RPC error answer (id null: the request could not be read), with the API's code in `data`. */
export function jsonRpcError(status: number, code: number, message: string, apiCode: string): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code, message, data: { error: apiCode } } }, { status });
}

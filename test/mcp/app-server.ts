// Test support: the marketplace's real route handlers (MCP, catalog, reviews, shop, orders, observer)
// behind one real HTTP server, so the hosted MCP server's client calls the API over HTTP as it does
// in the app. Set BASE_URL to this server's origin before importing (the hosted client calls it).
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as mcp from "@/app/api/mcp/route";
import * as search from "@/app/api/catalog/search/route";
import * as service from "@/app/api/catalog/services/[slug]/route";
import * as reviews from "@/app/api/reviews/route";
import * as shop from "@/app/api/shop/[product]/route";
import * as validate from "@/app/api/shop/[product]/validate/route";
import * as order from "@/app/api/shop/orders/[id]/route";
import * as observe from "@/app/api/x402/observe/[offerId]/route";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
const ROUTES: [RegExp, Record<string, unknown>, string[]][] = [
  [/^\/api\/mcp$/, mcp, []],
  [/^\/api\/catalog\/search$/, search, []],
  [/^\/api\/catalog\/services\/([^/]+)$/, service, ["slug"]],
  [/^\/api\/reviews$/, reviews, []],
  [/^\/api\/shop\/orders\/([^/]+)$/, order, ["id"]],
  [/^\/api\/shop\/([^/]+)\/validate$/, validate, ["product"]],
  [/^\/api\/shop\/([^/]+)$/, shop, ["product"]],
  [/^\/api\/x402\/observe\/([^/]+)$/, observe, ["offerId"]],
];

export interface AppServer {
  origin: string;
  close(): Promise<void>;
}

export async function startAppServer(port = 0): Promise<AppServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const match = ROUTES.map(([re, mod, names]) => ({ m: re.exec(url.pathname), mod, names })).find((r) => r.m);
      const handler = match?.mod[req.method ?? "GET"] as Handler | undefined;
      if (!match || !handler) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not_found" }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const body = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
      const params = Object.fromEntries(match.names.map((n, i) => [n, decodeURIComponent(match.m![i + 1]!)]));
      const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
      const response = await handler(request, { params: Promise.resolve(params) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      // The tests assert no answer is ever a 500; a crash here must show as one, not as a hang.
      res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

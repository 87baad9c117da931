// The marketplace's REST routes on a real loopback HTTP server, in the test's own process (its
// database, its env): a Node http server that turns each request into a Request and calls the
// app's route handler for the path, as Next.js would (handler(request, { params })). Tests of HTTP
// clients (the typed client, the MCP server) talk to it over real sockets.
// Served: /api/mcp, /api/auth/* (wallet sign-in too), /api/tokens*, /api/catalog/*, /api/listings*, /api/reviews*, /api/shop/*, /api/x402/observe/*, /api/dev/*.
// Route modules load on first use, so a test file can set env (rate limits, facilitator, PORT) first.
// The hosted MCP server calls the app on its own listen address (PORT): its tests pick a free port,
// set PORT to it before anything imports server/env.ts, and serve on that port.
import http from "node:http";
import type { AddressInfo } from "node:net";
// As in the app's own process (scripts/start.ts preloads it): the TCP peer address for client-address.ts.
import "@/server/http/peer-address-hook.mjs";
// And its request ids (X-Request-Id, `requestId` on log lines).
import "@/server/observability/request-id-hook.mjs";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
type RouteModule = Record<string, Handler | unknown>;

interface RouteEntry {
  pattern: RegExp;
  params: string[];
  load: () => Promise<RouteModule>;
}

// Most specific first: a literal segment before the dynamic one it would also match.
const ROUTES: RouteEntry[] = [
  { pattern: /^\/api\/mcp$/, params: [], load: () => import("@/app/api/mcp/route") },
  {
    pattern: /^\/api\/auth\/wallet\/challenge$/,
    params: [],
    load: () => import("@/app/api/auth/wallet/challenge/route"),
  },
  { pattern: /^\/api\/auth\/wallet\/token$/, params: [], load: () => import("@/app/api/auth/wallet/token/route") },
  { pattern: /^\/api\/auth\/wallet\/attach$/, params: [], load: () => import("@/app/api/auth/wallet/attach/route") },
  { pattern: /^\/api\/auth\/(.+)$/, params: ["all"], load: () => import("@/app/api/auth/[...all]/route") },
  { pattern: /^\/api\/tokens$/, params: [], load: () => import("@/app/api/tokens/route") },
  { pattern: /^\/api\/tokens\/([^/]+)$/, params: ["id"], load: () => import("@/app/api/tokens/[id]/route") },
  {
    pattern: /^\/api\/tokens\/([^/]+)\/revoke$/,
    params: ["id"],
    load: () => import("@/app/api/tokens/[id]/revoke/route"),
  },
  { pattern: /^\/api\/catalog\/search$/, params: [], load: () => import("@/app/api/catalog/search/route") },
  { pattern: /^\/api\/catalog\/services$/, params: [], load: () => import("@/app/api/catalog/services/route") },
  {
    pattern: /^\/api\/catalog\/services\/([^/]+)$/,
    params: ["slug"],
    load: () => import("@/app/api/catalog/services/[slug]/route"),
  },
  { pattern: /^\/api\/listings$/, params: [], load: () => import("@/app/api/listings/route") },
  { pattern: /^\/api\/listings\/([^/]+)$/, params: ["id"], load: () => import("@/app/api/listings/[id]/route") },
  {
    pattern: /^\/api\/listings\/([^/]+)\/activity$/,
    params: ["id"],
    load: () => import("@/app/api/listings/[id]/activity/route"),
  },
  {
    pattern: /^\/api\/listings\/([^/]+)\/submit$/,
    params: ["id"],
    load: () => import("@/app/api/listings/[id]/submit/route"),
  },
  {
    pattern: /^\/api\/listings\/([^/]+)\/payee-proofs$/,
    params: ["id"],
    load: () => import("@/app/api/listings/[id]/payee-proofs/route"),
  },
  {
    pattern: /^\/api\/listings\/([^/]+)\/payee-proofs\/challenge$/,
    params: ["id"],
    load: () => import("@/app/api/listings/[id]/payee-proofs/challenge/route"),
  },
  { pattern: /^\/api\/reviews$/, params: [], load: () => import("@/app/api/reviews/route") },
  { pattern: /^\/api\/reviews\/([^/]+)$/, params: ["id"], load: () => import("@/app/api/reviews/[id]/route") },
  { pattern: /^\/api\/shop\/orders\/([^/]+)$/, params: ["id"], load: () => import("@/app/api/shop/orders/[id]/route") },
  {
    pattern: /^\/api\/shop\/purchases\/([^/]+)$/,
    params: ["key"],
    load: () => import("@/app/api/shop/purchases/[key]/route"),
  },
  {
    pattern: /^\/api\/shop\/([^/]+)\/validate$/,
    params: ["product"],
    load: () => import("@/app/api/shop/[product]/validate/route"),
  },
  { pattern: /^\/api\/shop\/([^/]+)$/, params: ["product"], load: () => import("@/app/api/shop/[product]/route") },
  {
    pattern: /^\/api\/x402\/observe\/([^/]+)$/,
    params: ["offerId"],
    load: () => import("@/app/api/x402/observe/[offerId]/route"),
  },
  { pattern: /^\/api\/dev\/faucet$/, params: [], load: () => import("@/app/api/dev/faucet/route") },
  {
    pattern: /^\/api\/dev\/facilitator\/supported$/,
    params: [],
    load: () => import("@/app/api/dev/facilitator/supported/route"),
  },
  {
    pattern: /^\/api\/dev\/facilitator\/verify$/,
    params: [],
    load: () => import("@/app/api/dev/facilitator/verify/route"),
  },
  {
    pattern: /^\/api\/dev\/facilitator\/settle$/,
    params: [],
    load: () => import("@/app/api/dev/facilitator/settle/route"),
  },
];

export interface AppServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Requests served, per method and path (no query). */
  requests: { method: string; path: string; headers: Headers }[];
  close(): Promise<void>;
}

function plainJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Serves on `port` (0: any free port). */
export async function startAppServer(port = 0): Promise<AppServer> {
  const requests: AppServer["requests"] = [];
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (typeof v === "string") headers.set(k, v);
        else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
      }
      requests.push({ method: req.method ?? "GET", path: url.pathname, headers });
      const entry = ROUTES.find((r) => r.pattern.test(url.pathname));
      if (!entry)
        return plainJson(res, 404, { error: "not_found", message: `The test server does not serve ${url.pathname}.` });
      const match = entry.pattern.exec(url.pathname)!;
      const params = Object.fromEntries(entry.params.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const handler = (await entry.load())[req.method ?? "GET"] as Handler | undefined;
      if (typeof handler !== "function")
        return plainJson(res, 405, {
          error: "method_not_allowed",
          message: `${req.method} is not served at ${url.pathname}.`,
        });
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body =
        chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD"
          ? new Uint8Array(Buffer.concat(chunks))
          : undefined;
      const request = new Request(`http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url}`, {
        method: req.method,
        headers,
        body,
      });
      const response = await handler(request, { params: Promise.resolve(params) });
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name === "set-cookie") return;
        out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) out["set-cookie"] = cookies;
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      // The route handlers answer their own errors: reaching this is a bug in the test server.
      if (!res.headersSent) plainJson(res, 599, { error: "test_server_crash", message: String(err) });
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

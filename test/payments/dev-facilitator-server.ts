// The dev facilitator route handlers (app/api/dev/facilitator/*) served on a loopback HTTP server,
// so HTTP clients (HTTPFacilitatorClient, the demo provider, a child process) reach them as they
// would reach the running app: {origin}/api/dev/facilitator/{verify,settle,supported}.
import http from "node:http";
import type { AddressInfo } from "node:net";
// As in the app's own process (scripts/start.ts preloads it): the TCP peer address for client-address.ts.
import "@/server/http/peer-address-hook.mjs";
import * as settleRoute from "@/app/api/dev/facilitator/settle/route";
import * as supportedRoute from "@/app/api/dev/facilitator/supported/route";
import * as verifyRoute from "@/app/api/dev/facilitator/verify/route";

type Handlers = Partial<Record<string, (request: Request) => Promise<Response> | Response>>;
const routes: Record<string, Handlers> = {
  "/api/dev/facilitator/verify": verifyRoute as Handlers,
  "/api/dev/facilitator/settle": settleRoute as Handlers,
  "/api/dev/facilitator/supported": supportedRoute as Handlers,
};

export interface FacilitatorServer {
  origin: string;
  /** {origin}/api/dev/facilitator */
  url: string;
  close(): Promise<void>;
}

export async function startDevFacilitatorServer(): Promise<FacilitatorServer> {
  const server = http.createServer(async (req, res) => {
    const handler = routes[req.url!.split("?")[0]!]?.[req.method!];
    if (!handler) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const response = await handler(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/api/dev/facilitator`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

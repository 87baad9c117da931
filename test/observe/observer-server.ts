// A bare HTTP server around the observer route's handlers (no Next.js), run as a child process by
// the two-instance test and by `npm run bench:observe`. Each process has its own memory (offer
// cache, replay cache, outbound connections); PostgreSQL is all they share. Prints
// "listening <port>" when ready.
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as route from "@/app/api/x402/observe/[offerId]/route";

type Handler = (r: Request, c: { params: Promise<{ offerId: string }> }) => Promise<Response>;
const handlers = route as unknown as Record<string, Handler>;
const PREFIX = "/api/x402/observe/";

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const handler = handlers[req.method ?? "GET"];
  if (!url.pathname.startsWith(PREFIX) || !handler) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const response = await handler(
    new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: body && new Uint8Array(body) }),
    {
      params: Promise.resolve({ offerId: decodeURIComponent(url.pathname.slice(PREFIX.length)) }),
    },
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.OBSERVER_SERVER_PORT ?? 0), "127.0.0.1", () =>
  console.log(`listening ${(server.address() as AddressInfo).port}`),
);
process.on("SIGTERM", () => process.exit(0));

// Preloaded into the app's process (`node --import`, set by scripts/start.ts through NODE_OPTIONS):
// Next.js 16 hands route handlers and proxy.ts a Request without the socket, and fills
// X-Forwarded-For from it only when the client sent none, so a client could choose its own address.
// Node publishes every incoming request on this diagnostics channel synchronously, before the
// server's 'request' listener (Next.js) sees it: the TCP peer address is written into
// X-Marketplace-Peer here, replacing whatever a client sent under that name (client-address.ts
// reads it). Plain JavaScript: it runs in Next.js's own process, without a TypeScript loader.
import { subscribe } from "node:diagnostics_channel";

const PEER_HEADER = "x-marketplace-peer";

subscribe("http.server.request.start", ({ request, socket }) => {
  // Node lower-cases names and joins repeated headers, so this one key holds every client copy.
  request.headers[PEER_HEADER] = socket.remoteAddress ?? "";
});

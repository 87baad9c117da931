// METRICS_PORT: a second listener, on 127.0.0.1 only, serving the same registry at GET /metrics
// without the bearer, for a scraper on the same host (an agent, a sidecar). Loopback is the guard:
// nothing else is served there, and every other path or method is a JSON 404 or 405.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { metricsText } from "./metrics";

export interface MetricsListener {
  /** The address it is bound to: always 127.0.0.1. */
  address: string;
  port: number;
  close(): Promise<void>;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  if (path !== "/metrics") return sendJson(res, 404, { error: "not_found", message: "Only /metrics is served here." });
  if (req.method !== "GET" && req.method !== "HEAD")
    return sendJson(
      res,
      405,
      { error: "method_not_allowed", message: `${req.method} is not allowed here; use GET, HEAD.` },
      { allow: "GET, HEAD" },
    );
  try {
    const { text, contentType } = await metricsText();
    res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : text);
  } catch {
    sendJson(res, 500, { error: "internal_error", message: "The metrics could not be collected." });
  }
}

/** Listens on 127.0.0.1:`port` (0: any free port); rejects when the port cannot be had. */
export function startMetricsListener(port: number): Promise<MetricsListener> {
  const server = http.createServer((req, res) => void serve(req, res));
  // Scrapes are small GETs: bound what a stray client can hold open.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const bound = server.address() as AddressInfo;
      resolve({
        address: bound.address,
        port: bound.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

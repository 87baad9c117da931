// TRACE and TRACK answered by the server process itself. Node's fetch `Request` refuses to hold
// these methods, so Next.js throws on them (500) before proxy.ts or any route runs; the only place
// left is the HTTP server's "request" event, which this wraps (instrumentation.ts installs it at
// start-up). The answer is the one proxy.ts gives any refused method: 405, JSON under /api.
import http from "node:http";
import https from "node:https";
import { refusalResponse } from "./handle-request";
import { NEVER_SERVED } from "./request-checks";

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://server.invalid");
  const response = refusalResponse(req.method ?? "TRACE", url.pathname, url.search)!;
  req.resume();
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}

const installed = Symbol.for("marketplace.refuseUntraceableMethods");

export function refuseUntraceableMethods(): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as unknown as ({ emit: Emit } & Record<
    symbol,
    boolean
  >)[]) {
    if (proto[installed]) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (event === "request" && NEVER_SERVED.has(req.method ?? "")) {
        answer(req, res).catch(() => res.destroy());
        return true;
      }
      return emit.call(this, event, ...args);
    };
    proto[installed] = true;
  }
}

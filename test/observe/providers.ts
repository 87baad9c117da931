// Loopback providers for the observer tests: real HTTP servers on 127.0.0.1 that count their hits
// and say what they received. One server answers by path:
//   /json          200 JSON: the method, query, headers and body it received
//   /status/{n}    status n (with a JSON body unless n forbids one); /status/402 adds PAYMENT-REQUIRED
//   /paid          402 + PAYMENT-REQUIRED without PAYMENT-SIGNATURE; with one, 200 + PAYMENT-RESPONSE
//   /slow?ms=n     answers after n ms
//   /huge?bytes=n  streams n bytes (no Content-Length)
//   /redirect?to=u 302 to u
//   /hop           an answer with hop-by-hop headers, Set-Cookie and other origin-scoped headers
//   /reset         reads the request, then drops the connection without answering
// And a canary: a TCP server that counts the connections it accepts (the SSRF tests expect none).
import http from "node:http";
import net from "node:net";

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestProvider {
  origin: string;
  port: number;
  /** Requests received, per path (without the query). */
  hits(path: string): number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export const PAYMENT_REQUIRED_VALUE = Buffer.from(
  JSON.stringify({ x402Version: 2, error: "payment required", accepts: [] }),
).toString("base64");
export const paymentResponseValue = (payer: string, transaction: string) =>
  Buffer.from(JSON.stringify({ success: true, payer, transaction, network: "eip155:84532" })).toString("base64");

export async function startProvider(): Promise<TestProvider> {
  const counts = new Map<string, number>();
  const seen: SeenRequest[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://provider.test");
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    const body = Buffer.concat(chunks).toString("utf8");
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    const json = (status: number, value: unknown, headers: Record<string, string | string[]> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(value));
    };
    const path = url.pathname;
    if (path === "/json") return json(200, { method: req.method, query: url.search, headers: req.headers, body });
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) {
      const n = Number(status[1]);
      if (n === 204 || n === 304) {
        res.writeHead(n, { "x-provider": "yes" });
        return res.end();
      }
      return json(
        n,
        { providerStatus: n },
        n === 402 ? { "payment-required": PAYMENT_REQUIRED_VALUE, "x-provider": "yes" } : { "x-provider": "yes" },
      );
    }
    if (path === "/paid") {
      const signature = req.headers["payment-signature"];
      if (typeof signature !== "string")
        return json(402, { error: "payment required" }, { "payment-required": PAYMENT_REQUIRED_VALUE });
      return json(
        200,
        { product: "paid result", signature },
        {
          "payment-response": paymentResponseValue(
            url.searchParams.get("payer") ?? "0x00000000000000000000000000000000000000AA",
            `0x${"ab".repeat(32)}`,
          ),
        },
      );
    }
    if (path === "/slow") {
      await new Promise((r) => setTimeout(r, Number(url.searchParams.get("ms") ?? "1000")));
      return json(200, { slow: true });
    }
    if (path === "/huge") {
      const total = Number(url.searchParams.get("bytes") ?? "0");
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          const n = Math.min(chunk.length, total - sent);
          sent += n;
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => {});
      return pump();
    }
    if (path === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      return res.end();
    }
    if (path === "/hop") {
      res.writeHead(200, {
        "content-type": "text/plain",
        connection: "keep-alive, x-hop-named",
        "keep-alive": "timeout=5",
        "x-hop-named": "dropped because Connection names it",
        "set-cookie": ["session=provider; Path=/", "other=1"],
        "strict-transport-security": "max-age=31536000",
        "alt-svc": 'h3=":443"',
        "clear-site-data": '"cookies"',
        "access-control-allow-origin": "*",
        "cache-control": "public, max-age=3600",
        "www-authenticate": 'Payment id="abc", method="tempo"',
        "x-end-to-end": "kept",
        "idempotent-replayed": "true",
      });
      return res.end("hop answer");
    }
    if (path === "/reset") return req.socket.destroy();
    json(404, { error: "no such path" });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits: (path) => counts.get(path) ?? 0,
    seen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface Canary {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A TCP server on 127.0.0.1 that counts the connections it accepts and closes them. */
export async function startCanary(host = "127.0.0.1"): Promise<Canary> {
  let accepted = 0;
  const server = net.createServer((s) => {
    accepted++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

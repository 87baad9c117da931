// TRACE and TRACK never reach Next.js (whose fetch Request cannot hold them and fails with a 500):
// the server process answers 405 itself. Driven over a real HTTP server and socket.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUntraceableMethods } from "./refuse-untraceable-methods";

let server: http.Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  refuseUntraceableMethods();
  refuseUntraceableMethods(); // idempotent: installed once
  // Stands in for Next.js's handler: like it, it would fail on TRACE (here: records the method).
  server = http.createServer((req, res) => {
    seen.push(req.method!);
    res.end("handled");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("refuseUntraceableMethods", () => {
  it("answers TRACE on a page with 405, Allow and the security headers; the handler never sees it", async () => {
    const res = await send("TRACE", "/services");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.body).toContain("Method not allowed");
    expect(seen).not.toContain("TRACE");
  });

  it("answers TRACE under /api with 405 JSON", async () => {
    const res = await send("TRACE", "/api/catalog/services?x=1");
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ error: "method_not_allowed", message: "TRACE is not supported here." });
  });

  it("leaves every other method to the handler", async () => {
    for (const method of ["GET", "POST", "DELETE"]) expect((await send(method, "/api/x")).body).toBe("handled");
    expect(seen).toEqual(["GET", "POST", "DELETE"]);
  });
});

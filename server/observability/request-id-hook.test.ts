// Request ids over real HTTP, with request-id-hook.mjs loaded as `npm start` loads it into Next.js:
// every answer carries X-Request-Id (whatever the handler does, even when it throws), the id comes
// from a well-formed traceparent or X-Request-Id and is fresh otherwise, a hostile header is never
// echoed, and code deep in the request's async work (timers, promises) sees the request's own id.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "./request-id-hook.mjs";
import { currentRequestId } from "./request-context";
import { clientRequestId, traceIdOf } from "./request-id.mjs";

const FRESH = /^[0-9a-f]{32}$/;
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

// What the handler saw: the request's header (as the app reads it) and the id deep in its async work.
const seen = new Map<string, { header: string | undefined; deep: string | undefined }>();

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    void (async () => {
      await sleep(Math.random() * 20); // interleave concurrent requests
      const deep = await new Promise<string | undefined>((resolve) => setImmediate(() => resolve(currentRequestId())));
      seen.set(String(req.headers["x-test"]), { header: req.headers["x-request-id"] as string | undefined, deep });
      if (path === "/throws") {
        // A handler that fails before answering: the error answer still carries the id.
        res.statusCode = 500;
        res.end("boom");
        return;
      }
      res.statusCode = path === "/missing" ? 404 : 200;
      res.setHeader("content-type", "text/plain");
      res.end("ok");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  await res.text();
  return res;
}

/** A request written byte by byte, as a hostile client sends it; the raw answer's head. */
function rawRequest(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(Buffer.from([...lines, "Connection: close", "", ""].join("\r\n"), "latin1"));
  });
}

describe("request ids", () => {
  it("answers every status with X-Request-Id, a fresh id when the client sent none", async () => {
    for (const path of ["/", "/missing", "/throws"]) {
      const res = await get(path, { "x-test": path });
      expect(res.headers.get("x-request-id")).toMatch(FRESH);
      expect(seen.get(path)).toEqual({
        header: res.headers.get("x-request-id"),
        deep: res.headers.get("x-request-id"),
      });
    }
  });

  it("takes the trace id of a well-formed traceparent, then a well-formed X-Request-Id", async () => {
    const traced = await get("/", { traceparent: TRACEPARENT, "x-request-id": "client-id-1", "x-test": "traced" });
    expect(traced.headers.get("x-request-id")).toBe(TRACE_ID);
    expect(seen.get("traced")!.deep).toBe(TRACE_ID);
    const own = await get("/", { "x-request-id": "client-id_2.abc:9", "x-test": "own" });
    expect(own.headers.get("x-request-id")).toBe("client-id_2.abc:9");
    expect(seen.get("own")).toEqual({ header: "client-id_2.abc:9", deep: "client-id_2.abc:9" });
  });

  it("ignores malformed ids: a fresh id, and the request goes on", async () => {
    const hostile = ["x".repeat(129), "a b", "<script>", "id\u00e9", "a,b", "../../etc", "id;drop", "%00", ""];
    for (const [i, value] of hostile.entries()) {
      const res = await get("/", { "x-request-id": value, "x-test": `hostile-${i}` });
      expect(res.status).toBe(200);
      const id = res.headers.get("x-request-id")!;
      expect(id).toMatch(FRESH);
      expect(seen.get(`hostile-${i}`)).toEqual({ header: id, deep: id });
    }
    for (const traceparent of [
      `00-${"0".repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-${"0".repeat(16)}-01`,
      `ff-${TRACE_ID}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-00f067aa0ba902b7-01-extra`,
      `${TRACEPARENT}, ${TRACEPARENT}`,
      "garbage",
    ])
      expect(traceIdOf(traceparent)).toBeUndefined();
    expect(traceIdOf(`01-${TRACE_ID}-00f067aa0ba902b7-01-future`)).toBe(TRACE_ID);
    expect(clientRequestId(["a", "b"])).toBeUndefined();
  });

  it("never echoes raw bytes: control characters, repeated headers and a huge value get a fresh id", async () => {
    const answers = await Promise.all([
      rawRequest(["GET / HTTP/1.1", "Host: x", "X-Test: raw-1", "X-Request-Id: ok-one", "X-Request-Id: ok-two"]),
      rawRequest(["GET / HTTP/1.1", "Host: x", "X-Test: raw-2", "X-Request-Id: \u00ff\u00fe-latin1"]),
      rawRequest(["GET / HTTP/1.1", "Host: x", "X-Test: raw-3", `X-Request-Id: ${"a".repeat(8000)}`]),
      rawRequest(["GET / HTTP/1.1", "Host: x", "X-Test: raw-4", `traceparent: ${"0".repeat(8000)}`]),
    ]);
    for (const [i, answer] of answers.entries()) {
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      const id = /\r\nX-Request-Id: ([^\r]*)\r\n/i.exec(answer)?.[1];
      expect(id).toMatch(FRESH);
      expect(seen.get(`raw-${i + 1}`)).toEqual({ header: id, deep: id });
    }
  });

  it("keeps concurrent requests apart: each one's async work sees its own id", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `concurrent-${i}`);
    await Promise.all(ids.map((id) => get("/", { "x-request-id": id, "x-test": id })));
    for (const id of ids) expect(seen.get(id)).toEqual({ header: id, deep: id });
  });

  it("has no id outside a request", () => {
    expect(currentRequestId()).toBeUndefined();
  });
});

// The client's address over real HTTP (issue 24 items 1 and 3): routes served behind a loopback Node
// server with peer-address-hook.mjs loaded, as `npm start` loads it into Next.js. With no proxy hops
// (the default) the key is the TCP peer: a client rotating X-Forwarded-For, or forging the internal
// headers, still spends one budget; and the dev facilitator answers loopback callers only.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const LIMIT = 3;
Object.assign(process.env, { RATE_LIMIT_SEARCH_PER_MINUTE: String(LIMIT), TRUST_PROXY_HOPS: "0" });
const { startAppServer } = await import("@/test/http/app-server");

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

/** A GET with raw header lines (repeated names kept), as a hostile client writes them. */
function rawGet(path: string, headers: [string, string][]): Promise<number> {
  return new Promise((resolve, reject) => {
    // Raw pairs replace Node's default headers: the Host line HTTP/1.1 requires comes first.
    const raw = [["Host", new URL(app.url).host], ...headers].flat();
    const req = http.request(
      `${app.url}${path}`,
      { method: "GET", headers: raw as unknown as http.OutgoingHttpHeaders },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the client key behind a real HTTP server, no proxy hops", () => {
  it("ignores X-Forwarded-For in every form and the internal headers a client sends: one budget per TCP peer", async () => {
    const forged: [string, string][][] = [
      [["X-Forwarded-For", "10.99.0.1"]],
      [
        ["X-Forwarded-For", "10.99.0.2"],
        ["X-Forwarded-For", "10.99.0.3"],
      ],
      [
        ["X-Forwarded-For", "2001:db8::1, 10.99.0.4"],
        ["X-Marketplace-Peer", "10.99.0.5"],
        ["x-marketplace-peer", "10.99.0.6"],
      ],
      [
        ["X-Forwarded-For", "x".repeat(6000)],
        ["X-Marketplace-Client", "10.99.0.7"],
        ["X-Marketplace-Client-Proof", "A".repeat(43)],
      ],
      [["X-Forwarded-For", "10.99.0.8, garbage, ::ffff:10.99.0.9"]],
    ];
    const statuses: number[] = [];
    for (const headers of forged) statuses.push(await rawGet("/api/catalog/search?q=weather", headers));
    // Refused or not (a cold search may also answer 503 on a busy machine: it counted all the same).
    expect(statuses.map((s) => s === 429)).toEqual([
      ...Array(LIMIT).fill(false),
      ...Array(forged.length - LIMIT).fill(true),
    ]);
    // What the route saw: the peer written by the hook, never a client's copy.
    const seen = app.requests
      .filter((r) => r.path === "/api/catalog/search")
      .map((r) => r.headers.get("x-marketplace-peer"));
    expect(new Set(seen)).toEqual(new Set(["127.0.0.1"]));
  });

  it("the dev facilitator answers a loopback caller, and refuses one that came through a proxy (X-Forwarded-For)", async () => {
    const settle = (headers: Record<string, string>) =>
      fetch(`${app.url}/api/dev/facilitator/settle`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
    const local = await settle({});
    expect(local.status).toBe(400); // reached the facilitator: the body is not a facilitator request
    const proxied = await settle({ "x-forwarded-for": "203.0.113.9" });
    expect(proxied.status).toBe(403);
    expect(await proxied.json()).toMatchObject({ error: "forbidden", message: expect.stringContaining("loopback") });
    const verify = await fetch(`${app.url}/api/dev/facilitator/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9, 127.0.0.1" },
      body: "{}",
    });
    expect(verify.status).toBe(403);
    // What Next.js does to a request without the header: fills it with the peer. Still local.
    const filled = await settle({ "x-forwarded-for": "127.0.0.1" });
    expect(filled.status).toBe(400);
  });
});

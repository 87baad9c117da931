// The tRPC endpoint's bounds end to end: at most 10 procedures per batched call (400 before any
// runs or is counted), query string and body caps (413), and the per-client rate limit counted per
// procedure (429 with Retry-After and RateLimit-*), all as tRPC error shapes the UI's client reads.
import { describe, expect, it } from "vitest";

Object.assign(process.env, { RATE_LIMIT_TRPC_PER_MINUTE: "12", TRUST_PROXY_HOPS: "0" });
const { GET, POST } = await import("./route");
const { withCappedBody } = await import("@/server/http/trpc-limits");

const BASE = "http://marketplace.test/api/trpc";

function batchUrl(n: number, q = "weather") {
  const paths = Array.from({ length: n }, () => "catalog.search").join(",");
  const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { q, limit: 1 }]));
  return `${BASE}/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}
const get = (url: string, ip: string) => GET(new Request(url, { headers: { "x-marketplace-peer": ip } }));

/** A body that never ends, and how much of it was pulled. */
function endlessBody() {
  const chunk = new Uint8Array(16 * 1024).fill(120);
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { endless, sent: () => pulled };
}

type TrpcError = { error: { message: string; data: { httpStatus: number; appCode: string | null } } };

describe("/api/trpc bounds", () => {
  it("answers 400 to a batch of more than 10 procedures before running or counting any", async () => {
    const ip = "198.51.100.40";
    const started = performance.now();
    const tooMany = await get(batchUrl(11), ip);
    expect(tooMany.status).toBe(400);
    const body = (await tooMany.json()) as TrpcError | TrpcError[];
    const first = Array.isArray(body) ? body[0]! : body;
    expect(first.error.message).toMatch(/batch/i);
    expect(first.error.data.httpStatus).toBe(400);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(tooMany.headers.get("ratelimit-remaining")).toBeNull();

    // Ten is allowed and counted as ten: nothing was charged for the refused eleven.
    const ten = await get(batchUrl(10), ip);
    expect(ten.status).toBe(200);
    expect((await ten.json()) as unknown[]).toHaveLength(10);
    expect(ten.headers.get("ratelimit-limit")).toBe("12");
    expect(ten.headers.get("ratelimit-remaining")).toBe("2");
    expect(ten.headers.get("ratelimit-policy")).toBe("12;w=60");
  });

  it("answers 429 once a client's procedures exceed its limit, with Retry-After and RateLimit-*", async () => {
    const ip = "198.51.100.41";
    expect((await get(batchUrl(10), ip)).status).toBe(200);
    const single = await get(
      `${BASE}/catalog.search?input=${encodeURIComponent(JSON.stringify({ q: "weather", limit: 1 }))}`,
      ip,
    );
    expect(single.status).toBe(200);
    expect(single.headers.get("ratelimit-remaining")).toBe("1");
    const limited = await get(batchUrl(2), ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    const body = (await limited.json()) as TrpcError[];
    expect(body).toHaveLength(2);
    for (const item of body) {
      expect(item.error.data).toMatchObject({ httpStatus: 429, appCode: "rate_limited", code: "TOO_MANY_REQUESTS" });
      expect(item.error.message).toContain("12 per 60 s");
    }
    // Another client still gets through.
    expect((await get(batchUrl(1), "198.51.100.42")).status).toBe(200);
  });

  it("answers 413 to a query string over 8 KiB", async () => {
    const big = await get(batchUrl(1, "w".repeat(9000)), "198.51.100.43");
    expect(big.status).toBe(413);
    const body = (await big.json()) as TrpcError[];
    expect(body[0]!.error.data).toMatchObject({ httpStatus: 413, appCode: "payload_too_large" });
  });

  it("answers a POST to a query with 405 without reading its body, however long", async () => {
    const { endless, sent } = endlessBody();
    const post = await POST(
      new Request(`${BASE}/catalog.search`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-marketplace-peer": "198.51.100.44" },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(post.status).toBe(405);
    expect(((await post.json()) as TrpcError).error.data.httpStatus).toBe(405);
    expect(sent()).toBeLessThan(200 * 1024);
  });

  it("cuts a body sent without Content-Length at the cap", async () => {
    const { endless, sent } = endlessBody();
    const req = withCappedBody(new Request(BASE, { method: "POST", body: endless, duplex: "half" } as RequestInit));
    await expect(req.text()).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(sent()).toBeLessThan(200 * 1024);
  });
});

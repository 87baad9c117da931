// METRICS_PORT's listener: on 127.0.0.1 only, GET /metrics without a bearer, nothing else served.
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetricsListener, type MetricsListener } from "./metrics-listener";

let listener: MetricsListener;
beforeAll(async () => {
  listener = await startMetricsListener(0);
});
afterAll(() => listener.close());

const url = (path: string) => `http://127.0.0.1:${listener.port}${path}`;

describe("the METRICS_PORT listener", () => {
  it("serves the Prometheus text at GET /metrics, with no credential", async () => {
    const res = await fetch(url("/metrics"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(await res.text()).toContain("# TYPE marketplace_purchases_total counter");
    const head = await fetch(url("/metrics?x=1"), { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("answers 405 JSON with Allow for other methods and 404 JSON for other paths", async () => {
    const post = await fetch(url("/metrics"), { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(await post.json()).toMatchObject({ error: "method_not_allowed" });
    for (const path of ["/", "/api/health", "/metrics/x"]) {
      const res = await fetch(url(path));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });

  it("listens on loopback only: bound to 127.0.0.1, refused on the machine's other addresses", async () => {
    expect(listener.address).toBe("127.0.0.1");
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === "IPv4" && !a.internal)
      .map((a) => a!.address);
    for (const address of others) await expect(fetch(`http://${address}:${listener.port}/metrics`)).rejects.toThrow();
  });
});

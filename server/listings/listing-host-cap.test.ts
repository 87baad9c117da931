// A listing of many URLs on one host is probed at most a few at a time on that host (the scheduled
// probes' per-host cap), other hosts in parallel, and its findings keep the URLs' order.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSafeOutbound } from "@/server/observe/safe-outbound";
import { createPerson } from "@/server/reviews/test-actors";
import { createListing, type ProbeDeps } from "./listings";

interface CountingHost {
  port: number;
  url: string;
  peak: number;
  seen: string[];
  /** When each request arrived (performance.now()). */
  arrivals: number[];
  close: () => Promise<void>;
}

/** A host that answers every request 200 after 150 ms, counting how many it holds at once. */
async function countingHost(): Promise<CountingHost> {
  let inFlight = 0;
  const host = { peak: 0, seen: [] as string[], arrivals: [] as number[] } as CountingHost;
  const server = http.createServer((req, res) => {
    inFlight += 1;
    host.peak = Math.max(host.peak, inFlight);
    host.seen.push(req.url ?? "");
    host.arrivals.push(performance.now());
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(200, { "content-type": "text/plain" }).end("free");
    }, 150);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  host.port = (server.address() as AddressInfo).port;
  host.url = `http://127.0.0.1:${host.port}`;
  host.close = () => new Promise((r) => server.close(() => r()));
  return host;
}

let a: CountingHost;
let b: CountingHost;
const outbound = createSafeOutbound({ connectTimeoutMs: 1000 });
beforeAll(async () => {
  [a, b] = await Promise.all([countingHost(), countingHost()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close(), outbound.close()]);
});

it("probes at most hostConcurrency URLs of one host at once, hosts side by side, findings in order", async () => {
  const deps: ProbeDeps = {
    outbound,
    limits: { timeoutMs: 3000, maxBytes: 64 * 1024 },
    mode: { testMode: false, localPayments: true, testPort: (p) => p === a.port || p === b.port, sandboxOrigin: null },
    hostConcurrency: 2,
  };
  const urls = [
    ...Array.from({ length: 7 }, (_, i) => `${a.url}/r${i}`),
    ...Array.from({ length: 2 }, (_, i) => `${b.url}/s${i}`),
  ];
  const started = performance.now();
  const listing = await createListing(await createPerson(), { resourceUrls: urls }, deps);
  const tookMs = performance.now() - started;
  expect(listing.probes.map((p) => [p.url, p.outcome])).toEqual(urls.map((u) => [u, "not_402"]));
  expect(a.seen).toHaveLength(7);
  expect(a.peak).toBe(2);
  expect(b.peak).toBe(2);
  // Host a's seven take four rounds of 150 ms; host b's two start alongside a's first, not after them.
  expect(tookMs).toBeGreaterThanOrEqual(4 * 150 - 20);
  expect(Math.max(...b.arrivals)).toBeLessThan(Math.max(...a.arrivals));
});

// What a route costs per request over the bare route, measured so that the VM's noise cancels
// (scripts/bench-purchase.ts): one keep-alive connection, no queueing, the two routes alternating
// request by request (in ABBA order), and the median of the differences between neighbours. On this
// 2-core VM one second's throughput swings by ±10 % and more, but two requests a millisecond apart
// see the same machine; the medians are good to a few microseconds.
import http from "node:http";

export interface PairedRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PairedLatency {
  /** Median latency of the bare route's requests, µs. */
  bareUs: number;
  /** Median latency of the route's requests, µs. */
  routeUs: number;
  /** Median of (route − bare) over neighbouring pairs, µs. */
  extraUs: number;
  /** Statuses other than expected, over both routes. */
  unexpected: number;
}

function send(agent: http.Agent, url: URL, r: PairedRequest): Promise<{ us: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      { host: url.hostname, port: url.port, path: r.path, method: r.method, agent, headers: r.headers },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ us: Number(process.hrtime.bigint() - started) / 1000, status: res.statusCode ?? 0 }),
        );
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error("no answer in 10 s")));
    req.on("error", (err) => reject(new Error(`${r.method} ${r.path}: ${err.message}`)));
    req.end(r.body);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `pairs` neighbouring requests of `bare` and `route` (after a warm-up of a tenth as many). */
export async function pairedLatency(
  baseUrl: string,
  bare: PairedRequest & { expected: number },
  route: PairedRequest & { expected: number },
  pairs: number,
): Promise<PairedLatency> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const bareUs: number[] = [];
    const routeUs: number[] = [];
    const extra: number[] = [];
    let unexpected = 0;
    const warmUp = Math.ceil(pairs / 10);
    for (let i = 0; i < warmUp + pairs; i++) {
      const order = i % 2 ? ([route, bare] as const) : ([bare, route] as const);
      const first = await send(agent, url, order[0]);
      const second = await send(agent, url, order[1]);
      const [b, r] = i % 2 ? [second, first] : [first, second];
      if (i < warmUp) continue;
      unexpected += Number(b.status !== bare.expected) + Number(r.status !== route.expected);
      bareUs.push(b.us);
      routeUs.push(r.us);
      extra.push(r.us - b.us);
    }
    return { bareUs: median(bareUs), routeUs: median(routeUs), extraUs: median(extra), unexpected };
  } finally {
    agent.destroy();
  }
}

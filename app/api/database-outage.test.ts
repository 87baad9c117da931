// The catalog and reviews APIs while the database is away (issue 9 §2): every connection of this
// file's database is terminated and new ones are refused, as in a PostgreSQL restart. Reads answer
// 503 database_unavailable with Retry-After (REST and tRPC), not a 500; /api/health keeps its answer.
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/server/database-outage";
import { GET as searchGet } from "./catalog/search/route";
import { GET as serviceGet } from "./catalog/services/[slug]/route";
import { GET as servicesGet } from "./catalog/services/route";
import { GET as healthGet } from "./health/route";
import { GET as reviewGet } from "./reviews/[id]/route";
import { GET as reviewsGet } from "./reviews/route";
import { GET as trpcGet } from "./trpc/[trpc]/route";
import { databaseOutage } from "@/test/database-outage";

const BASE = "http://marketplace.test";
const { cut: cutDatabase, restore: restoreDatabase } = databaseOutage();

const requests: [string, () => Promise<Response>][] = [
  ["GET /api/catalog/services", () => servicesGet(new Request(`${BASE}/api/catalog/services?limit=3`))],
  ["GET /api/catalog/services?q", () => servicesGet(new Request(`${BASE}/api/catalog/services?q=weather`))],
  ["GET /api/catalog/search", () => searchGet(new Request(`${BASE}/api/catalog/search?q=weather`))],
  [
    "GET /api/catalog/services/{slug}",
    () =>
      serviceGet(new Request(`${BASE}/api/catalog/services/isobar-weather`), {
        params: Promise.resolve({ slug: "isobar-weather" }),
      }),
  ],
  ["GET /api/reviews", () => reviewsGet(new Request(`${BASE}/api/reviews?limit=3`))],
  [
    "GET /api/reviews/{id}",
    () =>
      reviewGet(new Request(`${BASE}/api/reviews/x`), {
        params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }),
      }),
  ],
];

describe("database outage", () => {
  it("REST catalog and reviews reads answer 503 database_unavailable with Retry-After, then recover", async () => {
    for (const [, send] of requests) expect((await send()).status).toBeLessThan(500);
    await cutDatabase();
    for (const [name, send] of requests) {
      const res = await send();
      expect(res.status, name).toBe(503);
      expect(res.headers.get("retry-after"), name).toMatch(/^\d+$/);
      expect(await res.json(), name).toEqual({ error: "database_unavailable", message: expect.any(String) });
    }
    await restoreDatabase();
    for (const [name, send] of requests) expect((await send()).status, name).toBeLessThan(500);
  });

  it("tRPC procedures answer 503 SERVICE_UNAVAILABLE with Retry-After and no query text", async () => {
    await cutDatabase();
    for (const path of [
      "catalog.list?input=%7B%7D",
      "catalog.profile?input=%7B%22slug%22%3A%22isobar-weather%22%7D",
      "reviews.list?input=%7B%7D",
    ]) {
      const res = await trpcGet(new Request(`${BASE}/api/trpc/${path}`));
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after"), path).toMatch(/^\d+$/);
      const text = await res.text();
      expect(text).not.toMatch(/prisma|invocation|SELECT|findMany/i);
      expect(JSON.parse(text)).toMatchObject({
        error: { data: { code: "SERVICE_UNAVAILABLE", appCode: "database_unavailable" } },
      });
    }
  });

  it("/api/health keeps its answer: 503 {ok:false, database:'down'}", async () => {
    await cutDatabase();
    const res = await healthGet(new Request(`${BASE}/api/health`));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, database: "down" });
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognises connection failures from each layer, and nothing else", () => {
    const yes = [
      Object.assign(new Error("Can't reach database server"), { name: "PrismaClientKnownRequestError", code: "P1001" }),
      Object.assign(new Error("Timed out fetching a new connection from the connection pool"), { code: "P2024" }),
      Object.assign(new Error("x"), { code: "P1017" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("wrapped"), { cause: new Error("Connection terminated unexpectedly") }),
      new Error("Client has encountered a connection error and is not queryable"),
      Object.assign(new Error("x"), { meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } }),
      Object.assign(new Error("init"), { name: "PrismaClientInitializationError" }),
    ];
    const no = [
      new Error('invalid byte sequence for encoding "UTF8": 0x00'),
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("unique"), { code: "P2002" }),
      new TypeError("x is undefined"),
      "ECONNREFUSED",
      null,
    ];
    for (const e of yes) expect(isDatabaseUnavailable(e), String(e)).toBe(true);
    for (const e of no) expect(isDatabaseUnavailable(e), String(e)).toBe(false);
  });
});

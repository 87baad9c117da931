// Every connection of the pool in use while the database is healthy: the free REST and tRPC reads
// answer 503 server_busy with Retry-After (busy, not an outage; never a 500), then recover.
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "2";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "300";
});

const { sqlQuery } = await import("@/server/db");
const { Prisma } = await import("@/server/generated/prisma/client");
const { GET: servicesGet } = await import("./catalog/services/route");
const { GET: trpcGet } = await import("./trpc/[trpc]/route");

// Holds both connections of the pool for `ms` with statements the database answers normally.
const holdPool = (ms: number) => Promise.all([1, 2].map(() => sqlQuery(Prisma.sql`SELECT pg_sleep(${ms / 1000})`)));
const tick = () => new Promise((r) => setTimeout(r, 100));

describe("a full pool is busy, not an outage", () => {
  it("REST catalog list: 503 server_busy with Retry-After, then 200", async () => {
    const hogs = holdPool(1500);
    await tick();
    const res = await servicesGet(new Request("http://marketplace.test/api/catalog/services?limit=1"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toMatchObject({ error: "server_busy" });
    await hogs;
    expect((await servicesGet(new Request("http://marketplace.test/api/catalog/services?limit=1"))).status).toBe(200);
  });

  it("tRPC catalog.list: 503 with appCode server_busy and Retry-After", async () => {
    const hogs = holdPool(1500);
    await tick();
    const input = encodeURIComponent(JSON.stringify({ 0: { limit: 1 } }));
    const res = await trpcGet(new Request(`http://marketplace.test/api/trpc/catalog.list?batch=1&input=${input}`));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    const [body] = await res.json();
    expect(body.error.data.appCode).toBe("server_busy");
    await hogs;
  });
});

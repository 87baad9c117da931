// The free catalog list API against the seeded database: filters, order, pagination, errors.
import { describe, expect, it } from "vitest";
import { serviceListSchema, type ServiceList } from "@/server/catalog/list-services";
import { db } from "@/server/db";
import { GET } from "./route";

async function list(query = ""): Promise<{ status: number; body: ServiceList & Record<string, unknown> }> {
  const res = await GET(new Request(`http://marketplace.test/api/catalog/services${query}`));
  return { status: res.status, body: await res.json() };
}

async function all(query: string) {
  const seen: ServiceList["services"] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "?";
    const { status, body } = await list(`${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(status).toBe(200);
    seen.push(...body.services);
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

describe("GET /api/catalog/services", () => {
  it("returns the first 20 services, most called first, in the documented shape", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(serviceListSchema.strict().parse(body)).toBeTruthy();
    expect(body.services).toHaveLength(20);
    const calls = body.services.map((s) => s.calls30d);
    expect(calls).toEqual([...calls].sort((a, b) => b - a));
    expect(body.nextCursor).toEqual(expect.any(String));
    const first = body.services[0]!;
    expect(first.profileUrl).toBe(`http://marketplace.test/services/${first.slug}`);
    expect(first.recordUrl).toBe(`http://marketplace.test/api/catalog/services/${first.slug}`);
  });

  it("pages through every service exactly once", async () => {
    const services = await all("?limit=7");
    const ids = services.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await db.service.count());
  });

  it("filters by capability", async () => {
    const services = await all("?capability=maps-weather&limit=100");
    expect(services.length).toBe(await db.service.count({ where: { capabilities: { has: "maps-weather" } } }));
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) expect(s.capabilities).toContain("maps-weather");
  });

  it("filters by protocol", async () => {
    const services = await all("?protocol=mpp&limit=100");
    expect(services.length).toBe(await db.service.count({ where: { protocols: { has: "mpp" } } }));
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) expect(s.protocols).toContain("mpp");
  });

  it("filters by maximum price: some offer costs at most maxPriceUsd", async () => {
    const services = await all("?maxPriceUsd=0.001&limit=100");
    const expected = await db.service.count({ where: { offers: { some: { priceAtomic: { lte: 1000 } } } } });
    expect(services.length).toBe(expected);
    for (const s of services) expect(Number(s.startingPriceUsd)).toBeLessThanOrEqual(0.001);
    expect((await all("?maxPriceUsd=0&limit=100")).length).toBe(0);
    // A limit above every possible price (the schema allows up to 1,000,000 USD) means no limit.
    expect((await all("?maxPriceUsd=1000000&limit=100")).length).toBe((await all("?limit=100")).length);
  });

  it("filters by test status", async () => {
    const tested = await all("?tested=true&limit=100");
    const output = await all("?tested=output&limit=100");
    const noOutput = await all("?tested=no-output&limit=100");
    const untested = await all("?tested=false&limit=100");
    for (const s of tested) expect(s.testStatus).not.toBe("untested");
    for (const s of output) expect(s.testStatus).toBe("tested-output");
    for (const s of noOutput) expect(s.testStatus).toBe("tested-no-output");
    for (const s of untested) expect(s.testStatus).toBe("untested");
    expect(output.length).toBeGreaterThan(0);
    expect(noOutput.length).toBeGreaterThan(0);
    expect(tested.length).toBe(output.length + noOutput.length);
    expect(tested.length + untested.length).toBe(await db.service.count());
  });

  it("searches text: every word must match", async () => {
    const sample = await db.service.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true, name: true } });
    const services = await all(`?q=${encodeURIComponent(sample.name)}&limit=100`);
    expect(services.map((s) => s.id)).toContain(sample.id);
    expect((await all("?q=zzzqqqxxnotaword")).length).toBe(0);
  });

  it("combines filters", async () => {
    const services = await all("?capability=ai-models&maxPriceUsd=0.05&tested=true&limit=100");
    for (const s of services) {
      expect(s.capabilities).toContain("ai-models");
      expect(Number(s.startingPriceUsd)).toBeLessThanOrEqual(0.05);
      expect(s.testStatus).not.toBe("untested");
    }
  });

  it.each([
    ["?capability=weather", "capability"],
    ["?protocol=lightning", "protocol"],
    ["?maxPriceUsd=-1", "maxPriceUsd"],
    ["?maxPriceUsd=cheap", "maxPriceUsd"],
    ["?tested=yes", "tested"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=2.5", "limit"],
    ["?cursor=not-a-cursor", "cursor"],
    [`?q=${"a".repeat(201)}`, "q"],
  ])("rejects %s with 400 and an issue on %s", async (query, path) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_request");
    expect(body.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
    );
  });
});

// The `healthy` filter says in SQL what serviceHealthObject says of `healthy`: compared over a
// mixed set of services (every state, uptime at and below the threshold, open, resolved and
// price-only terms changes, unprobed offers beside probed ones), through the list (paged, with
// other filters) and the free search (with and without q); hostile values are 400, never 500.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as searchRoute } from "@/app/api/catalog/search/route";
import { GET as listRoute } from "@/app/api/catalog/services/route";
import { signedOutCaller } from "@/server/trpc/test-callers";
import { healthRows } from "@/test/catalog/health-rows";
import { db } from "../db";
import { serviceHealthObject, type OfferHealthObject } from "../probes/health-schema";
import { offerHealthFor } from "../probes/offer-health";
import { healthWhere } from "./health-filter";
import { listServicesInput, type ServiceList } from "./list-services";
import { searchServicesInput } from "./search-input-schema";

const { setHealth, conformant, addChange } = healthRows(db);

type Case = { name: string; healthy: boolean; set: (offers: string[]) => Promise<unknown> };

// Each case is one seeded service with at least two offers; what is not set stays unprobed.
const CASES: Case[] = [
  { name: "every offer conformant, 100 %", healthy: true, set: (o) => Promise.all(o.map((id) => conformant(id))) },
  { name: "one offer conformant, the others unprobed", healthy: true, set: (o) => conformant(o[0]!, 95) },
  { name: "uptime just below the threshold", healthy: false, set: (o) => conformant(o[0]!, 89.9) },
  { name: "uptime exactly at the threshold", healthy: true, set: (o) => conformant(o[0]!, 90) },
  {
    name: "conformant without a 24-hour uptime",
    healthy: false,
    set: (o) => setHealth(o[0]!, { state: "conformant", uptime24h: null, uptime7d: 100 }),
  },
  {
    name: "an open blocking terms change",
    healthy: false,
    set: async (o) => {
      await conformant(o[0]!);
      await addChange(o[0]!, { blocking: true, fields: ["payTo"] });
    },
  },
  {
    name: "an open price change (not blocking)",
    healthy: true,
    set: async (o) => {
      await conformant(o[0]!);
      await addChange(o[0]!, { blocking: false, fields: ["price"] });
    },
  },
  {
    name: "a resolved blocking change",
    healthy: true,
    set: async (o) => {
      await conformant(o[0]!);
      await addChange(o[0]!, {
        blocking: true,
        fields: ["network"],
        resolvedAt: new Date("2026-11-28T03:00:00Z"),
        resolution: "confirmed",
      });
    },
  },
  {
    name: "non-conformant",
    healthy: false,
    set: (o) => setHealth(o[0]!, { state: "non_conformant", failedChecks: ["pay_to_matches"], uptime24h: 100 }),
  },
  { name: "unreachable", healthy: false, set: (o) => setHealth(o[0]!, { state: "unreachable", uptime24h: 0 }) },
  { name: "a row that says unprobed", healthy: false, set: (o) => setHealth(o[0]!, { state: "unprobed" }) },
  {
    name: "no health row but an open blocking change",
    healthy: false,
    set: (o) => addChange(o[0]!, { blocking: true, fields: ["asset"] }),
  },
  {
    name: "one healthy offer beside an unreachable one",
    healthy: false,
    set: async (o) => {
      await conformant(o[0]!);
      await setHealth(o[1]!, { state: "unreachable", uptime24h: 10 });
    },
  },
  {
    name: "one healthy offer beside a row that says unprobed",
    healthy: true,
    set: async (o) => {
      await conformant(o[0]!);
      await setHealth(o[1]!, { state: "unprobed" });
    },
  },
];

const caseOf = new Map<string, Case>();
let everyService: { id: string; offers: { id: string }[] }[];
let expectedHealthy: Set<string>;

/** serviceHealthObject over every service, from offerHealthFor (the objects the records show). */
async function ruleHealthy(): Promise<Set<string>> {
  everyService = await db.service.findMany({ select: { id: true, offers: { select: { id: true } } } });
  const health = await offerHealthFor(everyService.flatMap((s) => s.offers.map((o) => o.id)));
  const healthy = everyService.filter(
    (s) => serviceHealthObject(s.offers.map((o) => health.get(o.id) as OfferHealthObject)).healthy,
  );
  return new Set(healthy.map((s) => s.id));
}

beforeAll(async () => {
  const services = await db.service.findMany({
    where: { offers: { some: { position: 1 } } },
    select: { id: true, offers: { select: { id: true }, orderBy: [{ position: "asc" }, { id: "asc" }] } },
    orderBy: { id: "asc" },
    take: CASES.length,
  });
  expect(services).toHaveLength(CASES.length);
  for (const [i, c] of CASES.entries()) {
    await c.set(services[i]!.offers.map((o) => o.id));
    caseOf.set(services[i]!.id, c);
  }
  expectedHealthy = await ruleHealthy();
});

async function list(query: string) {
  const res = await listRoute(new Request(`http://marketplace.test/api/catalog/services${query}`));
  return { status: res.status, body: await res.json() };
}

async function listAll(query: string): Promise<ServiceList["services"]> {
  const seen: ServiceList["services"] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(status).toBe(200);
    seen.push(...body.services);
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

async function search(query: string) {
  const res = await searchRoute(new Request(`http://marketplace.test/api/catalog/search${query}`));
  return { status: res.status, body: await res.json() };
}

describe("the healthy filter", () => {
  it("the rule (serviceHealthObject) finds exactly the healthy cases, and no seeded service without probes", () => {
    const healthyCases = [...caseOf.entries()].filter(([, c]) => c.healthy).map(([id]) => id);
    expect([...expectedHealthy].sort()).toEqual(healthyCases.sort());
  });

  it("its SQL condition equals the rule for every service: true and false split the catalog", async () => {
    const ids = async (healthy: "true" | "false") =>
      new Set((await db.service.findMany({ where: healthWhere(healthy), select: { id: true } })).map((s) => s.id));
    const yes = await ids("true");
    const no = await ids("false");
    expect(yes).toEqual(expectedHealthy);
    expect(yes.size + no.size).toBe(everyService.length);
    for (const s of everyService) expect(no.has(s.id), caseOf.get(s.id)?.name ?? s.id).toBe(!expectedHealthy.has(s.id));
  });

  it("GET /api/catalog/services pages through exactly the healthy services (or the others), each summary saying so", async () => {
    const healthy = await listAll("?healthy=true&limit=2");
    expect(new Set(healthy.map((s) => s.id))).toEqual(expectedHealthy);
    expect(healthy).toHaveLength(expectedHealthy.size);
    for (const s of healthy) expect(s.health).toMatchObject({ healthy: true, state: "conformant" });

    const others = await listAll("?healthy=false&limit=100");
    expect(others).toHaveLength(everyService.length - expectedHealthy.size);
    for (const s of others) {
      expect(s.health.healthy, caseOf.get(s.id)?.name ?? s.id).toBe(false);
      expect(expectedHealthy.has(s.id)).toBe(false);
    }

    // With another filter: the same as both conditions in one query.
    const capability = "maps-weather";
    const both = await listAll(`?healthy=false&capability=${capability}&limit=7`);
    expect(both).toHaveLength(
      await db.service.count({ where: { AND: [healthWhere("false"), { capabilities: { has: capability } }] } }),
    );
  });

  it("the free search filters the same way, with q (retrieval) and without (most called)", async () => {
    const withoutQ = await search("?healthy=true&limit=50");
    expect(withoutQ.status).toBe(200);
    expect(new Set(withoutQ.body.services.map((s: { id: string }) => s.id))).toEqual(expectedHealthy);

    const target = await db.service.findFirstOrThrow({
      where: { id: { in: [...expectedHealthy] } },
      select: { id: true, name: true },
      orderBy: { id: "asc" },
    });
    const q = `?q=${encodeURIComponent(target.name)}&limit=50`;
    const unfiltered = (await search(q)).body.services.map((s: { id: string }) => s.id);
    expect(unfiltered).toContain(target.id);
    const healthy = await search(`${q}&healthy=true`);
    expect(healthy.status).toBe(200);
    expect(healthy.body.services.map((s: { id: string }) => s.id)).toContain(target.id);
    for (const s of healthy.body.services) expect(s.health.healthy).toBe(true);
    const others = await search(`${q}&healthy=false`);
    expect(others.body.services.map((s: { id: string }) => s.id)).not.toContain(target.id);
    for (const s of others.body.services) expect(s.health.healthy).toBe(false);
    // Ranks stay 1..n after filtering.
    expect(healthy.body.services.map((s: { rank: number }) => s.rank)).toEqual(
      healthy.body.services.map((_: unknown, i: number) => i + 1),
    );
  });

  it("hostile values are 400 invalid_request naming the field, never a 500", async () => {
    const huge = "t".repeat(100_000);
    for (const value of ["yes", "TRUE", "1", "true,false", "%00", "true%00", "%20", "%F0%9F%92%A9", huge]) {
      for (const call of [list, search]) {
        const { status, body } = await call(`?healthy=${value}`);
        expect(status, value.slice(0, 20)).toBe(400);
        expect(body.error).toBe("invalid_request");
        expect(body.issues.map((i: { path: string }) => i.path)).toContain("healthy");
      }
    }
    // A repeated parameter keeps its last value (parseQuery), which is checked like any other.
    expect((await list("?healthy=true&healthy=maybe")).status).toBe(400);
    expect((await list("?healthy=maybe&healthy=true")).status).toBe(200);
    // An empty value counts as absent, as for every filter (an HTML form sends them).
    const empty = await list("?healthy=&limit=100");
    expect([empty.status, empty.body.services.length]).toEqual([200, Math.min(100, everyService.length)]);
    // Arrays and other JSON types, as tRPC and the MCP tool pass them: refused by the schema.
    for (const value of [["true"], [], true, 1, null, { healthy: "true" }]) {
      for (const schema of [listServicesInput, searchServicesInput]) {
        const parsed = schema.safeParse({ healthy: value });
        expect(parsed.success, JSON.stringify(value)).toBe(false);
        expect(parsed.error!.issues[0]!.path).toEqual(["healthy"]);
      }
    }
    await expect(
      (await signedOutCaller()).catalog.list({ healthy: ["true"] as unknown as "true" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});

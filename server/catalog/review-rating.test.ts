// One truth for the rating (issue 26, item 4): the specification's `rating` is null while a service
// is untested, and the review average is `reviewRating`, the same figure on every surface: the
// record, the list summaries, the free search, the shortlist's reputation, the tRPC procedures the
// pages read, the REST routes and the MCP tools. A tested service has both equal.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";
import { callTool, connectHosted, paymentRequiredOf, textOf } from "@/test/mcp/tool-calls";

// The hosted MCP client calls the app on its listen port (server/env.ts PORT): set it before any
// server module reads the environment, then serve the app there.
const port = await freePort();
process.env.PORT = String(port);
const f = await import("@/test/mcp/fixtures");
const { db } = await import("@/server/db");
const { getServiceRecord } = await import("./get-service");
const { listServices } = await import("./list-services");
const { searchServices } = await import("./search-services");
const { buildShortlist } = await import("../shortlist/build-shortlist");
const { signedOutCaller } = await import("../trpc/test-callers");

interface Subject {
  slug: string;
  name: string;
  testStatus: string;
  /** The mean of its published reviews, one decimal, computed here from the rows. */
  average: number;
}
type Ratings = { rating: number | null; reviewRating: number | null };
const ratings = (o: Ratings): Ratings => ({ rating: o.rating, reviewRating: o.reviewRating });

/** The first service (by id) of the given test status with published reviews, and its review mean. */
async function subject(tested: boolean): Promise<Subject> {
  const s = await db.service.findFirstOrThrow({
    where: {
      testStatus: tested ? { not: "untested" } : "untested",
      reviews: { some: { status: "published" } },
    },
    orderBy: { id: "asc" },
    select: {
      slug: true,
      name: true,
      testStatus: true,
      reviews: { where: { status: "published" }, select: { rating: true } },
    },
  });
  const mean = s.reviews.reduce((a, r) => a + r.rating, 0) / s.reviews.length;
  return { slug: s.slug, name: s.name, testStatus: s.testStatus, average: Math.round(mean * 10) / 10 };
}

let app: Awaited<ReturnType<typeof f.startAppServer>>;
let mcp: Client;
let untested: Subject;
let tested: Subject;

beforeAll(async () => {
  app = await f.startAppServer(port);
  mcp = await connectHosted(app.url);
  [untested, tested] = await Promise.all([subject(false), subject(true)]);
});
afterAll(async () => {
  await mcp.close();
  await app.close();
});

const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${app.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const find = <T extends { slug: string }>(items: T[], s: Subject, where: string): T => {
  const found = items.find((i) => i.slug === s.slug);
  expect(found, `${s.slug} in ${where}`).toBeDefined();
  return found!;
};

/** The two fields on every surface, by surface name. */
async function everySurface(s: Subject): Promise<Record<string, Ratings>> {
  const q = encodeURIComponent(s.name);
  const trpc = await signedOutCaller();
  const [record, list, search, shortlist, restRecord, restList, restSearch, trpcProfile, trpcList, trpcSearch] =
    await Promise.all([
      getServiceRecord(s.slug),
      listServices({ q: s.name, limit: 100 }),
      searchServices({ q: s.name, limit: 50 }),
      buildShortlist({ outcome: s.name, search: "exact", limit: 5 }),
      get<{ service: Ratings & { slug?: string } }>(`/api/catalog/services/${s.slug}`),
      get<{ services: (Ratings & { slug: string })[] }>(`/api/catalog/services?q=${q}&limit=100`),
      get<{ services: (Ratings & { slug: string })[] }>(`/api/catalog/search?q=${q}&limit=50`),
      trpc.catalog.profile({ slug: s.slug }),
      trpc.catalog.list({ q: s.name, limit: 100 }),
      trpc.catalog.search({ q: s.name, limit: 50 }),
    ]);
  const inShortlist = (matches: { service: { slug: string }; reputation: Ratings }[], where: string) => {
    const m = matches.find((x) => x.service.slug === s.slug);
    expect(m, `${s.slug} in ${where}`).toBeDefined();
    return m!.reputation;
  };

  // MCP: the free tools, and buy_shortlist paid with a payment the agent signs (x402 MCP transport).
  const mcpSearch = await callTool(mcp, "search_services", { q: s.name, limit: 50 });
  const mcpRecord = await callTool(mcp, "get_service", { slug: s.slug });
  const agent = await f.createSigningAgent(1);
  const args = { outcome: s.name, search: "exact", limit: 5 };
  const dry = await callTool(mcp, "buy_shortlist", { ...args, dryRun: true });
  const paid = await callTool(mcp, "buy_shortlist", args, {
    "x402/payment": await agent.payloadFor(paymentRequiredOf(dry)),
  });
  for (const r of [mcpSearch, mcpRecord, paid]) expect(r.isError, textOf(r)).toBeFalsy();
  const bought = paid.structuredContent as {
    purchase: { shortlist: { matches: { service: { slug: string }; reputation: Ratings }[] } };
  };

  return {
    record: ratings(record.service),
    "list summary": ratings(find(list.services, s, "listServices")),
    search: ratings(find(search.services, s, "searchServices")),
    shortlist: ratings(inShortlist(shortlist.matches, "buildShortlist")),
    "REST record": ratings(restRecord.service),
    "REST list": ratings(find(restList.services, s, "GET /api/catalog/services")),
    "REST search": ratings(find(restSearch.services, s, "GET /api/catalog/search")),
    "tRPC profile": ratings(trpcProfile.record.service),
    "tRPC list": ratings(find(trpcList.services, s, "catalog.list")),
    "tRPC search": ratings(find(trpcSearch.services, s, "catalog.search")),
    "MCP search_services": ratings(
      find(
        (mcpSearch.structuredContent as { services: (Ratings & { slug: string })[] }).services,
        s,
        "search_services",
      ),
    ),
    "MCP get_service": ratings((mcpRecord.structuredContent as { service: Ratings }).service),
    "MCP buy_shortlist": ratings(inShortlist(bought.purchase.shortlist.matches, "buy_shortlist")),
  };
}

describe("rating and review average", () => {
  it("an untested service with reviews: `rating` null and `reviewRating` its review average, on every surface", async () => {
    expect(untested.testStatus).toBe("untested");
    const surfaces = await everySurface(untested);
    expect(Object.keys(surfaces)).toHaveLength(13);
    for (const [surface, value] of Object.entries(surfaces))
      expect(value, surface).toEqual({ rating: null, reviewRating: untested.average });
  }, 120_000);

  it("a tested service with reviews: `rating` and `reviewRating` both its review average, on every surface", async () => {
    expect(tested.testStatus).not.toBe("untested");
    const surfaces = await everySurface(tested);
    for (const [surface, value] of Object.entries(surfaces))
      expect(value, surface).toEqual({ rating: tested.average, reviewRating: tested.average });
  }, 120_000);

  it("a service without published reviews has neither", async () => {
    const s = await db.service.findFirstOrThrow({
      where: { reviews: { none: { status: "published" } } },
      orderBy: { id: "asc" },
      select: { slug: true },
    });
    const record = await getServiceRecord(s.slug);
    expect(ratings(record.service)).toEqual({ rating: null, reviewRating: null });
    expect(record.service.reviewCount).toBe(0);
  });

  it("the published reviews alone count: hiding one moves the average alike in the record and the summaries", async () => {
    // An untested service whose published reviews do not all agree, so hiding the lowest moves the mean.
    const candidates = await db.service.findMany({
      where: { testStatus: "untested" },
      orderBy: { id: "asc" },
      select: {
        slug: true,
        name: true,
        reviews: {
          where: { status: "published" },
          orderBy: [{ rating: "asc" }, { id: "asc" }],
          select: { id: true, rating: true },
        },
      },
    });
    const mean = (rs: { rating: number }[]) => Math.round((rs.reduce((a, r) => a + r.rating, 0) / rs.length) * 10) / 10;
    const s = candidates.find((c) => c.reviews.length > 1 && mean(c.reviews) !== mean(c.reviews.slice(1)))!;
    expect(s).toBeDefined();
    const [hidden, ...rest] = s.reviews;
    const average = mean(rest);
    const subjectOf = { slug: s.slug, name: s.name, testStatus: "untested", average };
    await db.review.update({ where: { id: hidden!.id }, data: { status: "hidden" } });
    try {
      const [record, list, search] = await Promise.all([
        getServiceRecord(s.slug),
        listServices({ q: s.name, limit: 100 }),
        searchServices({ q: s.name, limit: 50 }),
      ]);
      for (const value of [
        record.service,
        find(list.services, subjectOf, "list"),
        find(search.services, subjectOf, "search"),
      ])
        expect(ratings(value)).toEqual({ rating: null, reviewRating: average });
    } finally {
      await db.review.update({ where: { id: hidden!.id }, data: { status: "published" } });
    }
  });
});

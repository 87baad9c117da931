// The free search API: the shortlist's hybrid retrieval over the catalog, no payment.
import { describe, expect, it } from "vitest";
import { searchResultSchema } from "@/server/catalog/search-services";
import { GET } from "./route";

async function search(query: string) {
  const res = await GET(new Request(`http://marketplace.test/api/catalog/search${query}`));
  return { status: res.status, body: await res.json() };
}

describe("GET /api/catalog/search", () => {
  it("ranks services by relevance, best first", async () => {
    const { status, body } = await search("?q=Isobar%20Weather&limit=3");
    expect(status).toBe(200);
    searchResultSchema.strict().parse(body);
    expect(body.query).toBe("Isobar Weather");
    expect(body.services).toHaveLength(3);
    expect(body.services[0]).toMatchObject({ slug: "isobar-weather", rank: 1, score: 1 });
    expect(body.services.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3]);
  });

  it("finds services by meaning, not only by words", async () => {
    const { body } = await search("?q=will%20it%20rain%20on%20my%20delivery%20route%20tomorrow");
    expect(body.services.slice(0, 3).map((s: { primaryCapability: string }) => s.primaryCapability)).toContain(
      "maps-weather",
    );
  });

  it("applies the optional filters", async () => {
    const { body } = await search("?q=transcribe%20audio&capability=media&limit=10&tested=true");
    for (const s of body.services) {
      expect(s.capabilities).toContain("media");
      expect(s.testStatus).not.toBe("untested");
    }
  });

  it("without q (the 402's search_api link as given): 200, the most called services and how to search", async () => {
    for (const query of ["", "?q="]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(200);
      searchResultSchema.strict().parse(body);
      expect(body.query).toBeNull();
      expect(body.services).toHaveLength(10);
      const calls = body.services.map((s: { calls30d: number }) => s.calls30d);
      expect(calls).toEqual([...calls].sort((a, b) => b - a));
      expect(body.services.map((s: { rank: number; score: null }) => [s.rank, s.score])).toEqual(
        calls.map((_: number, i: number) => [i + 1, null]),
      );
      expect(body.help).toEqual({
        message: expect.stringContaining("q="),
        example: "http://marketplace.test/api/catalog/search?q=weather%20forecast%20for%20delivery%20routes&limit=5",
        browse: "http://marketplace.test/api/catalog/services",
        docs: "http://marketplace.test/docs",
      });
    }
    // The example in the help answers as a search.
    const example = await search("?q=weather%20forecast%20for%20delivery%20routes&limit=5");
    expect(example.body.services).toHaveLength(5);
    // Filters still apply without q.
    const { body } = await search("?capability=media&limit=3");
    expect(body.services).toHaveLength(3);
    for (const s of body.services) expect(s.capabilities).toContain("media");
  });

  it.each([
    ["?q=weather&limit=0", "limit"],
    ["?q=weather&limit=51", "limit"],
    [`?q=${"a".repeat(401)}`, "q"],
    ["?q=weather&capability=x", "capability"],
  ])("rejects %s with 400 and an issue on %s", async (query, path) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("answers concurrent searches beside the longest query allowed, each with its own ranking", async () => {
    // 400 characters of words the vocabulary splits into many pieces: the costliest text to embed.
    const huge = Array.from({ length: 80 }, (_, i) => `zq${i}x`)
      .join(" ")
      .slice(0, 400);
    const short = ["weather forecast", "translate documents", "geocode addresses", "send email"];
    const started = performance.now();
    const [long, ...rest] = await Promise.all(
      [huge, ...short].map((q) => search(`?q=${encodeURIComponent(q)}&limit=3`)),
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(long!.status).toBe(200);
    for (const [i, r] of rest.entries()) {
      expect(r.status).toBe(200);
      expect(r.body.query).toBe(short[i]);
      // The same answer as the query alone: batching with others changes no vector.
      expect(r.body).toEqual((await search(`?q=${encodeURIComponent(short[i]!)}&limit=3`)).body);
    }
  });
});

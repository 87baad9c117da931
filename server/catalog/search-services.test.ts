// The free search builds summaries only for the services it returns, after the capability and
// "untested" filters; the answer must be what filtering every hit's summary gave before.
import { describe, expect, it } from "vitest";
import { retrieve } from "../search/retrieval/retrieve";
import { listServices, summariesFor } from "./list-services";
import { searchServices } from "./search-services";

async function reference(
  q: string,
  limit: number,
  keep: (s: { capabilities: string[]; testStatus: string }) => boolean,
) {
  const hits = await retrieve("hybrid", q, {});
  return (await summariesFor(hits.map((h) => h.id)))
    .filter(keep)
    .slice(0, limit)
    .map((s) => s.id);
}

describe("searchServices", () => {
  const queries = [
    "transcribe audio",
    "invoice ocr to json",
    "weather forecast for delivery routes",
    "send sms",
    "geocode addresses",
  ];

  it("returns the first `limit` hits without filters", async () => {
    for (const q of queries) {
      const got = await searchServices({ q, limit: 7 });
      expect(
        got.services.map((s) => s.id),
        q,
      ).toEqual(await reference(q, 7, () => true));
      expect(got.services.map((s) => s.rank)).toEqual(got.services.map((_, i) => i + 1));
    }
  });

  it("filters by capability and by untested before cutting at the limit", async () => {
    let found = 0;
    for (const q of queries) {
      for (const capability of ["media", "web-data", "ai-models", "storage"] as const) {
        const got = await searchServices({ q, limit: 5, capability });
        expect(
          got.services.map((s) => s.id),
          `${q} ${capability}`,
        ).toEqual(await reference(q, 5, (s) => s.capabilities.includes(capability)));
        found += got.services.length;
      }
      const untested = await searchServices({ q, limit: 5, tested: "false" });
      expect(
        untested.services.map((s) => s.id),
        `${q} untested`,
      ).toEqual(await reference(q, 5, (s) => s.testStatus === "untested"));
      found += untested.services.length;
    }
    expect(found).toBeGreaterThan(40); // the filters were exercised, not only empty answers
  });
});

describe("summariesFor (one statement)", () => {
  it("gives the summaries the catalog list gives, for every service, in the order asked", async () => {
    const listed: Awaited<ReturnType<typeof listServices>>["services"] = [];
    let cursor: string | undefined;
    do {
      const page = await listServices({ limit: 100, cursor });
      listed.push(...page.services);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.some((s) => s.reviewCount > 0 && s.rating !== null)).toBe(true);
    const reversed = [...listed].reverse();
    expect(await summariesFor(reversed.map((s) => s.id))).toEqual(reversed);
    expect(await summariesFor(["svc_missing", listed[0]!.id])).toEqual([listed[0]]);
    expect(await summariesFor([])).toEqual([]);
  });
});

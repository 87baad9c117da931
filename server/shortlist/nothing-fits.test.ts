// Issue 26, item 1: when nothing in the catalog serves the need, the shortlist says so in words,
// names what came closest and why it does not serve (`nothingFits`), additively: `note` and the
// rest of the answer are as before. Against the seeded catalog (real PostgreSQL, real embeddings).
import { describe, expect, it } from "vitest";
import { buildShortlist } from "./build-shortlist";
import { LIKELY_FIT, nothingFitsField, whyNot, type ClosestCandidate } from "./nothing-fits";
import { shortlistSchema } from "./result-schema";

const queue: ClosestCandidate = {
  slug: "relaybox-queues",
  name: "Relaybox Queues",
  description: "Managed message queues with at-least-once delivery. Dead-letter queues included.",
  primaryCapability: "storage",
  tags: ["queues"],
  offers: [{ description: "Publish a message to a queue.", path: "/v1/queues/{id}/messages" }],
  score: 0.31,
  unmet: [],
};

describe("nothingFits, built from the closest candidates", () => {
  it("says what a close service is and which of the request's words it lacks, unknown words first", () => {
    const why = whyNot(queue, new Set(["message", "delivery", "phone"]), ["sms"]);
    expect(why).toMatch(/^Storage service: Managed message queues with at-least-once delivery\./);
    expect(why).toContain('Nothing it offers mentions "sms", "phone" (it shares only "message", "delivery")');
    expect(why).toContain("estimated probability that it serves the request: 0.31");
  });

  it("names the must conditions that left a service out", () => {
    const why = whyNot({ ...queue, unmet: [{ id: "c1", requirement: "Must send SMS" }] }, new Set());
    expect(why).toContain('Left out: the must condition "Must send SMS" is unmet.');
  });

  it("is absent when a match is likely to serve, and says when the matches are only the closest", () => {
    expect(nothingFitsField(2, LIKELY_FIT, [queue], new Set())).toBeUndefined();
    const weak = nothingFitsField(2, 0.31, [queue], new Set());
    expect(weak!.summary).toMatch(
      /No service in the catalog is more likely than not to serve this need \(best .* 0\.31\)/,
    );
    expect(weak!.closest.map((c) => c.slug)).toEqual(["relaybox-queues"]);
    const none = nothingFitsField(0, 0, [], new Set(), ["sms"]);
    expect(none!.summary).toBe("The catalog has no service for this need, nor anything close to it.");
  });
});

describe("nothingFits in the shortlist", () => {
  it("answers a need far from the whole catalog with no matches, the note as before and the closest services", async () => {
    for (const search of ["all", "hybrid"] as const) {
      const s = await buildShortlist({
        outcome: "Compose a sonnet in Klingon about quantum chromodynamics and fax it to my grandmother",
        search,
      });
      shortlistSchema.parse(s);
      expect(s.matches, search).toEqual([]);
      expect(s.note).toMatch(/^Nothing in the catalog fits this request closely enough\. Browse related services/);
      // "fax it" names a need no service delivers: it leads, the words no service uses follow.
      expect(s.nothingFits!.summary).toMatch(
        /^No service in the catalog sends faxes: the catalog has no service for this need \(no service in it mentions /,
      );
      expect(s.nothingFits!.summary).toContain('"sonnet"');
      expect(s.nothingFits!.closest.length).toBeGreaterThan(0);
      for (const c of s.nothingFits!.closest) {
        expect(c.score).toBeLessThan(LIKELY_FIT);
        expect(c.whyNot).toContain('"sonnet"');
        expect(s.nothingFits!.summary).toContain(c.name);
      }
    }
  });

  it("names the service a must condition left out first, with the condition", async () => {
    const s = await buildShortlist({
      outcome:
        "Our factory in Sendai wants an automated signal a few seconds before strong earthquake shaking arrives, so the line can stop.",
      conditions: [
        { id: "warn", requirement: "Must issue earthquake early warnings before the shaking reaches the site" },
      ],
      search: "all",
    });
    expect(s.matches).toEqual([]);
    const first = s.nothingFits!.closest[0]!;
    expect(first.slug).toBe("quakewatch-feed");
    expect(first.whyNot).toContain(
      'Left out: the must condition "Must issue earthquake early warnings before the shaking reaches the site" is unmet.',
    );
  });

  it("is absent when a service fits, and absent for a request that names a service", async () => {
    const fit = await buildShortlist({
      outcome: "transcribe audio recordings into text with speaker diarization for my agent api",
      search: "all",
    });
    expect(fit.matches[0]!.score).toBeGreaterThanOrEqual(LIKELY_FIT);
    expect(fit.nothingFits).toBeUndefined();
    const named = await buildShortlist({ outcome: "Cortexa api pricing", search: "hybrid" });
    expect(named.matches.length).toBeGreaterThan(0);
    expect(named.nothingFits).toBeUndefined();
  });

  it("flags matches that are only the closest: every score below 0.5, and the field lists them", async () => {
    // No service gives museum queue lengths; queues, events and places share a few words with it.
    // (Train departure boards, the first example here, are now a need the taxonomy names and the
    // catalog lacks: need-taxonomy.test.ts, no matches at all.)
    const s = await buildShortlist({
      outcome: "Our concierge agent needs the live queue length and waiting time at popular museums in Paris.",
      search: "all",
    });
    shortlistSchema.parse(s);
    expect(s.matches.length).toBeGreaterThan(0);
    expect(s.note).toBeUndefined();
    for (const m of s.matches) expect(m.score).toBeLessThan(LIKELY_FIT);
    expect(s.nothingFits!.summary).toMatch(/^No service in the catalog is more likely than not to serve this need/);
    expect(s.nothingFits!.closest.map((c) => c.slug)).toEqual(s.matches.slice(0, 3).map((m) => m.service.slug));
    expect(s.nothingFits!.closest.map((c) => c.score)).toEqual(s.matches.slice(0, 3).map((m) => m.score));
    expect(s.nothingFits!.closest[0]!.whyNot).toContain('"museums"');
  });
});

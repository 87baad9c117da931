// Every met/unmet a shortlist check quotes can be verified through the API: the quoted sentence
// and its source appear in the JSON service record's `facts` (issue 12, item 7).
import { describe, expect, it } from "vitest";
import { getServiceRecord } from "@/server/catalog/get-service";
import { buildShortlist } from "../build-shortlist";

const REQUESTS = [
  {
    outcome: "Hourly weather forecasts with rain probability for delivery route planning",
    conditions: [
      "SOC 2 Type II report",
      "Must return GeoJSON",
      "Has been tested by the marketplace",
      "Every endpoint costs at most 0.002 USD per call",
      "p95 latency under 300 ms",
    ],
  },
  {
    outcome: "Transcribe recorded customer calls with speaker labels",
    conditions: [
      "Accepts FLAC audio",
      "Will sign a HIPAA BAA",
      "Verified to work by a paid test call",
      "Data can stay in the EU",
      "Voice cloning is offered",
    ],
  },
  {
    outcome: "Crawl and render JavaScript-heavy web pages into clean text",
    conditions: [
      "Respects robots.txt",
      "Solves CAPTCHAs",
      "Must execute JavaScript on the page",
      "An endpoint under 0.01 USD per call",
      "Keeps request payloads for at most 7 days",
    ],
  },
];

describe("cited evidence", () => {
  it("is in the service record's facts for every met and unmet answer", async () => {
    let cited = 0;
    for (const request of REQUESTS) {
      for (const search of ["all", "terms"] as const) {
        const s = await buildShortlist({
          ...request,
          conditions: request.conditions.map((requirement) => ({ requirement, priority: "prefer" as const })),
          search,
        });
        for (const m of s.matches) {
          const facts = (await getServiceRecord(m.service.slug)).service.facts;
          for (const c of m.conditions) {
            if (c.status === "unknown") continue;
            cited++;
            expect(c.evidence, `${m.service.slug}: ${c.requirement}`).toBeDefined();
            expect(facts, `${m.service.slug}: ${c.requirement}`).toContainEqual(
              expect.objectContaining({ text: c.evidence!.text, source: c.evidence!.source }),
            );
          }
        }
      }
    }
    // The requests are chosen so that many checks are decided (facts, sentences, test status, prices).
    expect(cited).toBeGreaterThan(20);
  });
});

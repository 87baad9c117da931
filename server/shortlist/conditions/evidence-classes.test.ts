// The classes of evidence that used to give a wrong met or unmet: a negation inside a condition
// clause, a rejection that states a limit the requirement is within, a range of values, and a
// billing unit read as a capacity. When unsure, the answer is unknown, never the opposite.
import { describe, expect, it } from "vitest";
import { checkRequirement } from "./check-condition";
import type { ServiceFacts } from "./service-facts";

function reader(evidence: string[]): ServiceFacts {
  return {
    name: "Reader",
    recordUrl: "http://marketplace.test/api/catalog/services/reader",
    protocols: ["x402"],
    testStatus: "untested",
    offers: [],
    facts: new Map(),
    evidence: evidence.map((text) => ({ text, source: "https://reader.test/docs" })),
  };
}
const status = (requirement: string, sentence: string) => checkRequirement(requirement, reader([sentence])).status;

describe("negations", () => {
  it("does not read a negation inside a leading condition as a denial", () => {
    const fallback = "When a site has no sitemap, linked pages are crawled instead.";
    expect(status("Crawls linked pages", fallback)).not.toBe("unmet");
    expect(status("Without a sitemap it still crawls linked pages", fallback)).not.toBe("unmet");
    // A negated claim is still a denial, in the sentence's own words ("run" / "executed").
    expect(status("Crawls linked pages", "Linked pages are not crawled.")).toBe("unmet");
    expect(status("Runs embedded macros", "Embedded macros are never executed.")).toBe("unmet");
  });
});

describe("limits", () => {
  it("reads a rejection above a limit as the limit, in both directions", () => {
    const limit = "Archives larger than 2 GB are rejected.";
    expect(status("Unpacks a 500 MB archive in one call", limit)).not.toBe("unmet");
    expect(status("Unpacks a 3 GB archive", limit)).toBe("unmet");
  });

  it("does not read a billing unit as a capacity", () => {
    const billing = "The listed price is for about 500 tokens of output.";
    expect(status("Writes answers of at least 2,000 tokens", billing)).toBe("unknown");
    expect(status("Writes answers of at least 200 tokens", billing)).toBe("unknown");
  });
});

describe("ranges", () => {
  const range = "Context lengths range from 8K to 64K tokens depending on the engine.";
  it("needs the whole range for every item, one end for one item", () => {
    expect(status("Every engine has a context length of at least 16K tokens", range)).toBe("unmet");
    expect(status("An engine with a context length of at least 32K tokens is available", range)).toBe("met");
    expect(status("A context length of at least 128K tokens", range)).toBe("unmet");
    expect(status("A context length of at least 4K tokens", range)).toBe("met");
  });
});

describe("scope", () => {
  it("finds a place inside a stated area, and outside an enumerated list", () => {
    const areas = "Hail alerts are limited to North America and Europe.";
    expect(status("Hail alerts for Mexico", areas)).toBe("met");
    expect(status("Hail alerts for farms near Lyon", areas)).toBe("met");
    expect(status("Hail alerts for Japan", areas)).toBe("unmet");
    const countries = "Parcel tracking covers Canada, Ireland and Poland.";
    expect(status("Parcel tracking for a shipment to Warsaw", countries)).toBe("met");
    expect(status("Parcel tracking for Brazil", countries)).toBe("unmet");
  });

  it("reads a negated area as unmet for a place inside it", () => {
    expect(status("Tax rates for a shop in Spain", "Tax rates for European shops are not available.")).toBe("unmet");
  });

  it("settles nothing from a count or an open list that does not enumerate", () => {
    expect(status("Parcel tracking for Brazil", "Parcel tracking covers 60 countries.")).toBe("unknown");
    expect(status("Parcel tracking for Brazil", "Parcel tracking covers many carriers, including Canada Post.")).toBe(
      "unknown",
    );
    // A sentence about another subject is silent on this one.
    expect(status("Parcel tracking for Brazil", "Invoices are issued in Canada and Poland only.")).toBe("unknown");
  });

  it("enumerated languages: listed is met, missing is unmet, an open list is unknown", () => {
    const langs = "Speech recognition is available for English, Dutch and Polish.";
    expect(status("Speech recognition in Dutch", langs)).toBe("met");
    expect(status("Speech recognition in Turkish", langs)).toBe("unmet");
    expect(status("Speech recognition in Turkish", "Speech recognition supports 40 languages, including Dutch.")).toBe(
      "unknown",
    );
  });

  it("answers an area against the published region codes", () => {
    const regions = (value: string[]) => ({
      ...reader([]),
      facts: new Map([["regions", { value, text: `Runs in ${value.join(", ")}.`, source: "https://reader.test" }]]),
    });
    expect(checkRequirement("Hosted in an Asia-Pacific region", regions(["us-east", "ap-south"])).status).toBe("met");
    expect(checkRequirement("Hosted in an Asia-Pacific region", regions(["us-east", "eu-west"])).status).toBe("unmet");
    expect(checkRequirement("Hosted in an Asia-Pacific region", reader([])).status).toBe("unknown");
  });
});

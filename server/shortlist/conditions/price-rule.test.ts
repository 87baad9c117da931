// The price rule: a price condition is judged against the cheapest offer that does the job, the
// same way for every service, with the amount asked converted by the billing unit the record
// states (per minute, per page increment, per batch, per payment period), and unknown otherwise.
import { describe, expect, it } from "vitest";
import { checkRequirement } from "./check-condition";
import { paymentsFor } from "./price-units";
import type { ServiceFacts } from "./service-facts";

const record = "http://marketplace.test/api/catalog/services/vendor";
type Offer = NonNullable<ServiceFacts["offers"]>[number];
const offer = (method: string, path: string, usd: number, description: string, dynamicPrice = false): Offer => ({
  method,
  path,
  priceAtomic: Math.round(usd * 1e6),
  dynamicPrice,
  description,
});
function vendor(offers: Offer[], evidence: string[] = []): ServiceFacts {
  return {
    name: "Vendor",
    recordUrl: record,
    protocols: ["x402"],
    testStatus: "tested-output",
    offers,
    facts: new Map(),
    evidence: evidence.map((text) => ({ text, source: "https://vendor.test/docs" })),
  };
}
const status = (requirement: string, s: ServiceFacts) => checkRequirement(requirement, s).status;

describe("price conditions", () => {
  it("judges every service against its cheapest offer that does the job", () => {
    // Two variants of one operation: the cheaper one decides, wherever it sits in the list.
    const twoVariants = vendor([
      offer("POST", "/v1/resize/lossless", 0.003, "Resizes an image without recompression."),
      offer("POST", "/v1/resize", 0.0005, "Resizes an image to the requested width."),
    ]);
    const oneOffer = vendor([offer("POST", "/v1/resize", 0.001, "Resizes an image to the requested width.")]);
    expect(checkRequirement("Resizing an image costs under $0.001", twoVariants)).toEqual({
      status: "met",
      evidence: { text: "POST /v1/resize costs 0.0005 USD per call.", source: record },
    });
    expect(status("Resizing an image costs under $0.001", oneOffer)).toBe("unmet");
    expect(status("Resizing an image costs at most $0.001", oneOffer)).toBe("met");
  });

  it("prices a duration by the record's per-minute unit, leaving out offers too small for it", () => {
    const s = vendor(
      [
        offer("POST", "/v1/transcribe", 0.02, "Transcribes a recording of any length."),
        offer("POST", "/v1/transcribe/quick", 0.004, "Quick model for recordings under 5 minutes."),
        offer("GET", "/v1/transcribe/status", 0.0001, "Progress of a transcription job."),
      ],
      ["Billing is per audio minute; the listed price is for one minute."],
    );
    // 12 minutes: the quick model does not take them, the full one costs 12 × 0.02 = 0.24.
    expect(status("Transcribing a 12-minute interview under $0.10", s)).toBe("unmet");
    expect(status("Transcribing a 12-minute interview under $0.30", s)).toBe("met");
    // 3 minutes: the quick model does the job at 3 × 0.004.
    expect(checkRequirement("Transcribing a 3-minute memo under $0.02", s)).toEqual({
      status: "met",
      evidence: { text: "POST /v1/transcribe/quick costs 0.004 USD per call.", source: record },
    });
  });

  it("charges whole increments where the record says so, and a stated unit settles a dynamic price", () => {
    const s = vendor(
      [offer("POST", "/v1/ocr", 0.004, "Text of every page of a scanned file.", true)],
      ["The listed price covers up to 10 pages; longer files are charged in 10-page increments."],
    );
    // 25 pages: three increments, 0.012.
    expect(status("OCR of a 25-page scan costs at most $0.012", s)).toBe("met");
    expect(status("OCR of a 25-page scan costs at most $0.01", s)).toBe("unmet");
    // No page count: the dynamic price of one call is not known.
    expect(status("OCR costs at most $0.01 per call", s)).toBe("unknown");
  });

  it("converts a per-thousand requirement through a batch offer's capacity", () => {
    const s = vendor([
      offer("GET", "/v1/ip", 0.002, "Looks up one address."),
      offer("POST", "/v1/ip/batch", 0.5, "Looks up to 1,000 addresses in one request."),
    ]);
    expect(checkRequirement("IP lookups at most $1 per thousand addresses", s)).toEqual({
      status: "met",
      evidence: { text: "POST /v1/ip/batch costs 0.50 USD per call.", source: record },
    });
    expect(status("IP lookups at most $0.40 per thousand addresses", s)).toBe("unmet");
    // A number of calls is that many calls.
    expect(
      status("500 requests cost no more than $1.50", vendor([offer("GET", "/v1/ip", 0.002, "Looks up an IP.")])),
    ).toBe("met");
  });

  it("reads a payment that lasts a period as the unit of a longer period", () => {
    const s = vendor(
      [offer("POST", "/v1/watchers", 0.02, "Creates a watcher that alerts a webhook on changes.")],
      ["Each watcher runs for 24 hours and is renewed with a new payment."],
    );
    expect(status("A week of change alerts from one watcher under $0.10", s)).toBe("unmet");
    expect(status("A week of change alerts from one watcher under $0.20", s)).toBe("met");
  });

  it("stays unknown when the record does not state the unit the requirement counts in", () => {
    const s = vendor([offer("POST", "/v1/files", 0.004, "Uploads a file and returns its address.")]);
    expect(status("Hosting a file for a full month costs under $0.01", s)).toBe("unknown");
    expect(status("Storage under $0.01 per gigabyte", s)).toBe("unknown");
  });

  it("reads a dynamic price as a floor unless the record caps it", () => {
    const dynamic = [offer("POST", "/v1/solve", 0.2, "Solves a planning problem.", true)];
    expect(status("A solve never costs more than $0.20", vendor(dynamic))).toBe("unknown");
    expect(status("A solve never costs more than $0.10", vendor(dynamic))).toBe("unmet");
    expect(
      status("A solve never costs more than $0.20", vendor(dynamic, ["The charge never exceeds the listed price."])),
    ).toBe("met");
  });
});

describe("paymentsFor", () => {
  it("multiplies pro rata and by whole increments, and refuses an unstated unit", () => {
    const page = { dimension: "count:page", size: 20, increments: true, about: [] };
    const minute = { dimension: "ms", size: 60_000, increments: false, about: [] };
    expect(paymentsFor([{ value: 50, dimension: "count:page", index: 0 }], [page])).toEqual({
      low: 3,
      high: 3,
      stated: true,
    });
    expect(paymentsFor([{ value: 90_000, dimension: "ms", index: 0 }], [minute])).toEqual({
      low: 1.5,
      high: 2,
      stated: true,
    });
    expect(paymentsFor([{ value: 2, dimension: "count:gigabyte", index: 0 }], [minute])).toBeNull();
    // One of something is one call.
    expect(paymentsFor([{ value: 1, dimension: "count:photo", index: 0 }], [])).toEqual({
      low: 1,
      high: 1,
      stated: false,
    });
  });
});

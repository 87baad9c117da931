// Condition checks are three-state and evidence-first; unknown requirements stay unknown.
import { describe, expect, it } from "vitest";
import { checkRequirement } from "./check-condition";
import type { ServiceFacts } from "./service-facts";

const src = "https://vendor.test/docs";
const service: ServiceFacts = {
  name: "Vendor",
  recordUrl: "http://marketplace.test/api/catalog/services/vendor",
  protocols: ["x402"],
  testStatus: "tested-output",
  facts: new Map<string, { value: unknown; text: string; source: string }>([
    ["soc2", { value: true, text: "Vendor has a SOC 2 Type II report.", source: src }],
    ["hipaa", { value: false, text: "Vendor does not sign BAAs.", source: src }],
    ["regions", { value: ["us-east", "us-west"], text: "Vendor runs in us-east and us-west.", source: src }],
    ["rateLimitPerMinute", { value: 600, text: "600 requests per minute.", source: src }],
    ["uptimeSlaPercent", { value: 99.9, text: "99.9% uptime SLA.", source: src }],
    ["p95LatencyMs", { value: 180, text: "p95 latency is 180 ms.", source: src }],
    ["dataRetentionDays", { value: 0, text: "Payloads are not stored.", source: src }],
    ["sdks", { value: ["python", "typescript"], text: "SDKs for Python and TypeScript.", source: src }],
  ]),
  evidence: [
    { text: "The API does not support batch requests.", source: src },
    { text: "Webhook delivery is planned for early 2027.", source: src },
    { text: "Responses are available as JSON and GeoJSON.", source: src },
  ],
};

const status = (r: string) => checkRequirement(r, service).status;

describe("checkRequirement", () => {
  it.each([
    ["SOC 2 Type II report", "met"],
    ["must be SOC2 certified", "met"],
    ["HIPAA BAA available", "unmet"],
    ["serves from us-east", "met"],
    ["serves from ap-southeast", "unmet"],
    ["keeps data in the EU", "unmet"],
    ["at least 500 requests per minute", "met"],
    ["at least 1000 requests per minute", "unmet"],
    ["at least 99.9% uptime SLA", "met"],
    ["99.99% availability", "unmet"],
    ["p95 latency under 200 ms", "met"],
    ["p95 latency under 100 ms", "unmet"],
    ["does not store request payloads", "met"],
    ["official Python SDK", "met"],
    ["official Go SDK", "unmet"],
    ["accepts MPP payments", "unmet"],
    ["accepts x402 payments", "met"],
    ["tested by the marketplace", "met"],
    ["supports batch requests", "unmet"],
    ["returns GeoJSON", "met"],
  ])("%s -> %s", (requirement, expected) => {
    expect(status(requirement)).toBe(expected);
  });

  it.each(["FedRAMP authorization", "ISO 27001 certified", "publishes an OpenAPI spec", "supports webhooks", "on-premises deployment", "p99 latency under 500 ms"])(
    "keeps %s unknown (no fact, no explicit sentence, or only a roadmap)",
    (requirement) => {
      expect(checkRequirement(requirement, service)).toEqual({ status: "unknown" });
    },
  );

  it("cites the deciding fact or sentence", () => {
    expect(checkRequirement("SOC 2", service)).toEqual({ status: "met", evidence: { text: "Vendor has a SOC 2 Type II report.", source: src } });
    expect(checkRequirement("supports batch requests", service)).toEqual({ status: "unmet", evidence: { text: "The API does not support batch requests.", source: src } });
  });
});

import { urls } from "../../catalog/urls";
import { db } from "../../db";
import type { ServiceFacts } from "./service-facts";

export async function loadServiceFacts(ids: string[]): Promise<Map<string, ServiceFacts>> {
  const rows = await db.service.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      slug: true,
      name: true,
      protocols: true,
      testStatus: true,
      facts: { select: { key: true, value: true, text: true, source: true }, orderBy: { key: "asc" } },
      evidence: { select: { text: true, source: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: r.name,
        recordUrl: urls.serviceRecord(r.slug),
        protocols: r.protocols,
        testStatus: r.testStatus,
        facts: new Map(r.facts.map((f) => [f.key, { value: f.value, text: f.text, source: f.source }])),
        evidence: r.evidence,
      },
    ]),
  );
}

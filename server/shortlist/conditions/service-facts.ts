// What a condition check may cite about a service: its structured facts, its evidence
// sentences and the structured fields of its catalog record.
export interface ServiceFacts {
  name: string;
  recordUrl: string;
  protocols: string[];
  testStatus: string;
  facts: Map<string, { value: unknown; text: string; source: string }>;
  evidence: { text: string; source: string }[];
}

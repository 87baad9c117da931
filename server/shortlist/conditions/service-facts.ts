// What a condition check may cite about a service: its structured facts, its evidence
// sentences and the structured fields of its catalog record (protocols, test status, offers).
// `vectors` holds precomputed sentence embeddings by text (absent ones fall back to words alone).
export interface ServiceFacts {
  name: string;
  recordUrl: string;
  protocols: string[];
  testStatus: string;
  testedAt?: Date | null;
  /** Every endpoint the marketplace's probes observed is unreachable, non-conformant or stopped
   * now (shortlist/observed-health.ts): the test status no longer counts as tested. */
  observedFailing?: boolean;
  offers?: { method: string; path: string; priceAtomic: number; dynamicPrice: boolean; description: string }[];
  facts: Map<string, { value: unknown; text: string; source: string }>;
  evidence: { text: string; source: string }[];
  vectors?: Map<string, Float32Array>;
}

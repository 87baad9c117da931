export interface Hit {
  id: string;
  score: number;
  // Per-hit features for calibration (owned by ranking): the raw BM25 score of `terms`, the cosine
  // of `semantic`, the name strength of a name mention (see name-mentions.ts). Absent = not found
  // by that retriever within its depth.
  terms?: number;
  semantic?: number;
  name?: number;
}

/** Services allowed by the request's constraints; null = every service. */
export type Allowed = ReadonlySet<string> | null;

// How deep each retriever looks before fusion, condition checks and the final cut to `limit`.
export const RETRIEVAL_DEPTH = 60;

export interface Hit {
  id: string;
  score: number;
}

/** Services allowed by the request's constraints; null = every service. */
export type Allowed = ReadonlySet<string> | null;

// How deep each retriever looks before fusion, condition checks and the final cut to `limit`.
export const RETRIEVAL_DEPTH = 60;

// Weighted reciprocal rank fusion (k = 60): each list adds weight / (k + rank); ties break on id.
import type { Hit } from "./types";

export const RRF_K = 60;

export function reciprocalRankFusion(lists: { hits: Hit[]; weight: number }[], k = RRF_K): Hit[] {
  const scores = new Map<string, number>();
  for (const { hits, weight } of lists) hits.forEach((hit, i) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + weight / (k + i + 1)));
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

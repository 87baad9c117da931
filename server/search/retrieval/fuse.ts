// Weighted reciprocal rank fusion (k = 60): each list adds weight / (k + rank); ties break on id.
import type { Hit } from "./types";

export const RRF_K = 60;

const byId = (a: Hit, b: Hit) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function reciprocalRankFusion(lists: { hits: Hit[]; weight: number }[], k = RRF_K): Hit[] {
  const scores = new Map<string, number>();
  for (const { hits, weight } of lists)
    hits.forEach((hit, i) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + weight / (k + i + 1)));
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || byId(a, b));
}

/**
 * The fused list with each hit's raw features (BM25, cosine, name strength), named services
 * first. A hit the semantic list did not reach gets the list's last cosine as an upper bound
 * (the list is the top of an exact scan, so every service outside it scores at most that).
 */
export function withFeatures(fused: Hit[], lists: { terms: Hit[]; semantic: Hit[]; named: Hit[] }): Hit[] {
  const terms = new Map(lists.terms.map((h) => [h.id, h.score]));
  const semantic = new Map(lists.semantic.map((h) => [h.id, h.score]));
  const named = new Map(lists.named.map((h) => [h.id, h.score]));
  const floorCosine = lists.semantic.at(-1)?.score;
  const missing = lists.named.filter((h) => !fused.some((f) => f.id === h.id)).map((h) => ({ id: h.id, score: 0 }));
  const all = [...fused, ...missing].map((h) => {
    const hit: Hit = { id: h.id, score: h.score };
    if (terms.has(h.id)) hit.terms = terms.get(h.id)!;
    const cos = semantic.get(h.id) ?? floorCosine;
    if (cos !== undefined) hit.semantic = cos;
    if (named.has(h.id)) hit.name = named.get(h.id)!;
    return hit;
  });
  return all.sort((a, b) => (b.name ?? 0) - (a.name ?? 0) || b.score - a.score || byId(a, b));
}

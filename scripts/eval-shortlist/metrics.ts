// Ranking metrics over graded relevance (0, 1, 2) at a cut-off k.
export type Grades = Record<string, number>;

export function dcg(gains: number[], k: number): number {
  return gains.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

export function ndcgAt(ranked: string[], grades: Grades, k: number): number {
  const ideal = dcg(
    Object.values(grades).sort((a, b) => b - a),
    k,
  );
  return ideal === 0
    ? 0
    : dcg(
        ranked.map((id) => grades[id] ?? 0),
        k,
      ) / ideal;
}

/** Reciprocal rank of the first relevant (grade >= 1) result within the cut-off, else 0. */
export function reciprocalRankAt(ranked: string[], grades: Grades, k: number): number {
  const i = ranked.slice(0, k).findIndex((id) => (grades[id] ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** Share of all relevant services found in the first k results. */
export function recallAt(ranked: string[], grades: Grades, k: number): number {
  const relevant = Object.values(grades).filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((id) => (grades[id] ?? 0) > 0).length / relevant;
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

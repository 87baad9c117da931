// What is read from a catalog sentence (its words, quantities, places, billing units) is computed
// once per distinct text: a shortlist checks up to 40 candidates × 12 requirements over the same
// few hundred sentences, and the catalog's sentences recur on every request. Bounded: past `max`
// distinct texts the memo starts over, so hostile requirements cannot grow it without end.
export function memoByText<T>(compute: (text: string) => T, max: number): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    const hit = memo.get(text);
    if (hit !== undefined) return hit;
    const value = compute(text);
    if (memo.size >= max) memo.clear();
    memo.set(text, value);
    return value;
  };
}

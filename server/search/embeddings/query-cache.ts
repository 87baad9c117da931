// A bounded least-recently-used cache of query embeddings. Agents and the free search repeat
// outcomes; a hit costs a map lookup instead of a model run. Concurrent misses for the same text
// share one computation (a burst of identical searches runs the model once). A failed computation
// is not cached.

export interface QueryCacheStats {
  hits: number;
  misses: number;
  size: number;
}

export interface QueryCache {
  get(key: string): Promise<Float32Array>;
  stats(): QueryCacheStats;
  clear(): void;
}

export function createQueryCache(capacity: number, compute: (key: string) => Promise<Float32Array>): QueryCache {
  const entries = new Map<string, Float32Array>(); // iteration order = least recently used first
  const pending = new Map<string, Promise<Float32Array>>();
  let hits = 0;
  let misses = 0;

  function remember(key: string, value: Float32Array) {
    if (capacity === 0) return;
    entries.delete(key);
    entries.set(key, value);
    while (entries.size > capacity) entries.delete(entries.keys().next().value!);
  }

  return {
    async get(key) {
      const cached = entries.get(key);
      if (cached) {
        hits++;
        entries.delete(key);
        entries.set(key, cached);
        return cached.slice(); // callers may scale or overwrite their copy
      }
      const running = pending.get(key);
      if (running) {
        hits++;
        return (await running).slice();
      }
      misses++;
      const computing = compute(key)
        .then((value) => {
          remember(key, value);
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, computing);
      return (await computing).slice();
    },
    stats: () => ({ hits, misses, size: entries.size }),
    clear() {
      entries.clear();
      hits = 0;
      misses = 0;
    },
  };
}

// The query-embedding cache: hits skip the model, the bound evicts the least recently used entry,
// concurrent identical misses share one model run, failures are not remembered.
import { describe, expect, it } from "vitest";
import { embedQuery, embedText, embedTexts, queryCacheStats } from "./model";
import { createQueryCache } from "./query-cache";

function countingModel() {
  const calls: string[] = [];
  return {
    calls,
    compute: async (text: string) => {
      calls.push(text);
      return (await embedTexts([text]))[0]!;
    },
  };
}

describe("query embedding cache", () => {
  it("answers a repeated text from memory, with the model's vector", async () => {
    const model = countingModel();
    const cache = createQueryCache(10, model.compute);
    const first = await cache.get("transcribe podcasts");
    const second = await cache.get("transcribe podcasts");
    expect(model.calls).toEqual(["transcribe podcasts"]);
    expect(Array.from(second)).toEqual(Array.from(first));
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  it("hands out copies: a caller changing its vector does not change the cached one", async () => {
    const cache = createQueryCache(10, countingModel().compute);
    const first = await cache.get("ocr invoices");
    const kept = Array.from(first);
    first.fill(0);
    expect(Array.from(await cache.get("ocr invoices"))).toEqual(kept);
  });

  it("holds at most its bound, dropping the least recently used entry", async () => {
    const model = countingModel();
    const cache = createQueryCache(2, model.compute);
    await cache.get("a one");
    await cache.get("b two");
    await cache.get("a one"); // a is now the most recently used
    await cache.get("c three"); // evicts b
    expect(cache.stats().size).toBe(2);
    await cache.get("a one");
    expect(model.calls).toEqual(["a one", "b two", "c three"]);
    await cache.get("b two");
    expect(model.calls).toEqual(["a one", "b two", "c three", "b two"]);
    expect(cache.stats()).toEqual({ hits: 2, misses: 4, size: 2 });
  });

  it("runs the model once for concurrent misses of the same text", async () => {
    const model = countingModel();
    const cache = createQueryCache(10, model.compute);
    const vectors = await Promise.all(Array.from({ length: 8 }, () => cache.get("geocode addresses in bulk")));
    expect(model.calls).toEqual(["geocode addresses in bulk"]);
    for (const v of vectors) expect(Array.from(v)).toEqual(Array.from(vectors[0]!));
    expect(cache.stats()).toEqual({ hits: 7, misses: 1, size: 1 });
  });

  it("does not remember a failed computation", async () => {
    let fail = true;
    const cache = createQueryCache(10, async (text) => {
      if (fail) throw new Error("model not loaded");
      return (await embedTexts([text]))[0]!;
    });
    await expect(cache.get("x")).rejects.toThrow("model not loaded");
    fail = false;
    await expect(cache.get("x")).resolves.toHaveLength(512);
    expect(cache.stats()).toMatchObject({ misses: 2, size: 1 });
  });

  it("size 0 caches nothing", async () => {
    const model = countingModel();
    const cache = createQueryCache(0, model.compute);
    await cache.get("a");
    await cache.get("a");
    expect(model.calls).toEqual(["a", "a"]);
    expect(cache.stats().size).toBe(0);
  });

  it("embedQuery is embedText through the process cache, keyed by the clipped text", async () => {
    const before = queryCacheStats();
    const text = `  find   a speech to text api ${Date.now()}  `;
    const cold = await embedQuery(text);
    const warm = await embedQuery(text.trim());
    expect(Array.from(cold)).toEqual(Array.from(await embedText(text)));
    expect(Array.from(warm)).toEqual(Array.from(cold));
    const after = queryCacheStats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);
  });
});

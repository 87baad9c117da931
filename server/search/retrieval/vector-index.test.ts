// The vector index loads the stored embeddings byte for byte (binary pg results, paged), in id
// order, and skips vectors of another model.
import { describe, expect, it } from "vitest";
import { db } from "../../db";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID } from "../embeddings/model";
import { getVectorIndex, nearest } from "./vector-index";

describe("vector index", () => {
  it("holds every stored vector of the current model, row i = ids[i], exactly", async () => {
    const stored = await db.serviceEmbedding.findMany({
      where: { model: EMBEDDING_MODEL_ID },
      select: { serviceId: true, vector: true },
      orderBy: { serviceId: "asc" },
    });
    expect(stored.length).toBeGreaterThan(100);
    const index = await getVectorIndex();
    expect(index.ids).toEqual(stored.map((s) => s.serviceId));
    stored.forEach((s, row) => {
      const want = new Float32Array(new Uint8Array(s.vector).buffer);
      const got = index.scorer.matrix.subarray(row * EMBEDDING_DIMS, (row + 1) * EMBEDDING_DIMS);
      expect(Array.from(got), s.serviceId).toEqual(Array.from(want));
    });
    // A stored vector is its own nearest neighbour.
    const probe = new Float32Array(new Uint8Array(stored[7]!.vector).buffer);
    expect(nearest(index, probe, 1, null)[0]!.id).toBe(stored[7]!.serviceId);
  });

  it("leaves out vectors of another model and reloads when the catalog version moves", async () => {
    const first = await getVectorIndex();
    const victim = first.ids[0]!;
    await db.serviceEmbedding.update({ where: { serviceId: victim }, data: { model: "another-model" } });
    await db.catalogState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
    await new Promise((r) => setTimeout(r, 1100));
    const next = await getVectorIndex();
    expect(next.ids).not.toContain(victim);
    expect(next.ids).toHaveLength(first.ids.length - 1);
  });
});

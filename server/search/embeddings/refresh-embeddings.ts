// Computes embeddings for services that have none, or whose text or model changed: for the whole
// catalog (refreshEmbeddings) or, inside the per-service index update, for given services.
import { createHash } from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client";
import type { DbClient } from "../../transaction";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID, embedTexts } from "./model";
import { serviceEmbeddingText } from "./service-text";

const BATCH = 32;

export function vectorToBytes(v: Float32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(v.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i]!, true);
  return out;
}

/** A service whose stored embedding is missing or out of date, with the text to embed. */
export interface StaleEmbedding {
  id: string;
  text: string;
  hash: string;
}

/** Services (all, or those of `serviceIds`) whose embedding is missing, of another model or of other text. */
export async function staleEmbeddings(client: DbClient, serviceIds?: readonly string[]): Promise<StaleEmbedding[]> {
  const services = await client.service.findMany({
    where: serviceIds ? { id: { in: [...serviceIds] } } : undefined,
    select: {
      id: true,
      name: true,
      description: true,
      tags: true,
      capabilities: true,
      offers: { select: { description: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
      embedding: { select: { model: true, textHash: true } },
    },
    orderBy: { id: "asc" },
  });
  return services
    .map((s) => {
      const text = serviceEmbeddingText(s);
      return { id: s.id, text, hash: createHash("sha256").update(text).digest("hex"), current: s.embedding };
    })
    .filter((s) => !s.current || s.current.model !== EMBEDDING_MODEL_ID || s.current.textHash !== s.hash)
    .map(({ id, text, hash }) => ({ id, text, hash }));
}

/** Stores `vectors[i]` as the embedding of `stale[i]`. */
export async function writeEmbeddings(
  client: DbClient,
  stale: readonly StaleEmbedding[],
  vectors: readonly Float32Array[],
): Promise<void> {
  for (const [j, s] of stale.entries()) {
    const data = {
      model: EMBEDDING_MODEL_ID,
      dims: EMBEDDING_DIMS,
      vector: vectorToBytes(vectors[j]!),
      textHash: s.hash,
    };
    await client.serviceEmbedding.upsert({
      where: { serviceId: s.id },
      create: { serviceId: s.id, ...data },
      update: data,
    });
  }
}

export async function refreshEmbeddings(db: PrismaClient): Promise<number> {
  const stale = await staleEmbeddings(db);
  for (let i = 0; i < stale.length; i += BATCH) {
    const batch = stale.slice(i, i + BATCH);
    const vectors = await embedTexts(batch.map((s) => s.text));
    await db.$transaction((tx) => writeEmbeddings(tx, batch, vectors));
  }
  return stale.length;
}

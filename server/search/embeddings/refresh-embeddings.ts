// Computes embeddings for services that have none, or whose text or model changed.
import { createHash } from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client";
import { EMBEDDING_DIMS, EMBEDDING_MODEL_ID, embedTexts } from "./model";
import { serviceEmbeddingText } from "./service-text";

const BATCH = 32;

export function vectorToBytes(v: Float32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(v.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i]!, true);
  return out;
}

export async function refreshEmbeddings(db: PrismaClient): Promise<number> {
  const services = await db.service.findMany({
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
  const stale = services
    .map((s) => {
      const text = serviceEmbeddingText(s);
      return { id: s.id, text, hash: createHash("sha256").update(text).digest("hex"), current: s.embedding };
    })
    .filter((s) => !s.current || s.current.model !== EMBEDDING_MODEL_ID || s.current.textHash !== s.hash);

  for (let i = 0; i < stale.length; i += BATCH) {
    const batch = stale.slice(i, i + BATCH);
    const vectors = await embedTexts(batch.map((s) => s.text));
    await db.$transaction(
      batch.map((s, j) => {
        const data = {
          model: EMBEDDING_MODEL_ID,
          dims: EMBEDDING_DIMS,
          vector: vectorToBytes(vectors[j]!),
          textHash: s.hash,
        };
        return db.serviceEmbedding.upsert({
          where: { serviceId: s.id },
          create: { serviceId: s.id, ...data },
          update: data,
        });
      }),
    );
  }
  return stale.length;
}

// Keeps the catalog's retrieval data current after writes: the weighted full-text document of
// each service (facts stay out: they are for condition checks, and their boilerplate would match everything), its embedding, and the catalog version that tells processes to reload caches.
import type { PrismaClient } from "../generated/prisma/client";
import { refreshEmbeddings } from "../shortlist/embeddings/refresh-embeddings";

export async function refreshSearchDocuments(db: PrismaClient): Promise<void> {
  await db.$executeRaw`
    UPDATE services s SET search_document =
        setweight(to_tsvector('english', s.name || ' ' || s.entity_name || ' ' || replace(s.slug, '-', ' ')), 'A')
      || setweight(to_tsvector('english', s.description || ' ' || array_to_string(s.tags, ' ') || ' ' || replace(array_to_string(s.capabilities, ' '), '-', ' ')), 'B')
      || setweight(to_tsvector('english', coalesce(o.text, '') || ' ' || coalesce(e.text, '')), 'C')
    FROM services s2
    LEFT JOIN LATERAL (SELECT string_agg(description || ' ' || regexp_replace(path, '[/_-]+', ' ', 'g'), ' ') AS text FROM offers WHERE service_id = s2.id) o ON true
    LEFT JOIN LATERAL (SELECT string_agg(text, ' ') AS text FROM service_evidence WHERE service_id = s2.id) e ON true
    WHERE s.id = s2.id`;
}

export async function refreshLexemeStats(db: PrismaClient): Promise<void> {
  await db.$transaction([
    db.$executeRaw`DELETE FROM search_lexemes`,
    db.$executeRaw`INSERT INTO search_lexemes (lexeme, ndoc) SELECT word, ndoc FROM ts_stat('SELECT search_document FROM services WHERE search_document IS NOT NULL')`,
  ]);
}

export async function bumpCatalogVersion(db: PrismaClient): Promise<number> {
  const state = await db.catalogState.upsert({ where: { id: 1 }, create: { id: 1, version: 1 }, update: { version: { increment: 1 } } });
  return state.version;
}

/** Everything retrieval needs after the catalog changed (seed, import). */
export async function indexCatalog(db: PrismaClient): Promise<{ embedded: number }> {
  await refreshSearchDocuments(db);
  await refreshLexemeStats(db);
  const embedded = await refreshEmbeddings(db);
  await bumpCatalogVersion(db);
  return { embedded };
}

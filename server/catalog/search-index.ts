// Keeps the catalog's retrieval data current after writes: the weighted full-text document of
// each service (facts stay out: they are for condition checks, and their boilerplate would match
// everything), the BM25 postings, its embedding, and the catalog version that tells processes to
// reload their caches.
import type { PrismaClient } from "../generated/prisma/client";
import { refreshEmbeddings } from "../search/embeddings/refresh-embeddings";
import { refreshSentenceEmbeddings } from "../search/embeddings/sentence-embeddings";

export async function refreshSearchDocuments(db: PrismaClient): Promise<void> {
  await db.$executeRaw`
    UPDATE services s SET search_document =
        setweight(to_tsvector('english', s.name || ' ' || s.entity_name || ' ' || replace(s.slug, '-', ' ')), 'A')
      || setweight(to_tsvector('english', s.description || ' ' || array_to_string(s.tags, ' ') || ' ' || replace(array_to_string(s.capabilities, ' '), '-', ' ')), 'B')
      || setweight(to_tsvector('english', coalesce(o.text, '') || ' ' || coalesce(e.text, '')), 'C')
    FROM services s2
    -- DISTINCT: an endpoint sold with x402 and MPP is two offers with the same text; counted twice
    -- it would weigh twice in BM25.
    LEFT JOIN LATERAL (SELECT string_agg(DISTINCT description || ' ' || regexp_replace(path, '[/_-]+', ' ', 'g'), ' ') AS text FROM offers WHERE service_id = s2.id) o ON true
    LEFT JOIN LATERAL (SELECT string_agg(text, ' ') AS text FROM service_evidence WHERE service_id = s2.id) e ON true
    WHERE s.id = s2.id`;
}

// BM25 parameters and the weight of a lexeme occurrence per document field (A name, B description
// and tags, C offers and evidence).
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lexeme document frequencies, the document count, and the BM25 postings of every service. */
export async function refreshTermIndex(db: PrismaClient): Promise<void> {
  await db.$transaction(
    async (tx) => {
      // TRUNCATE, not DELETE: the postings are rewritten in lexeme order into a fresh table, so the
      // rows of one lexeme share pages (a 100,000-service lookup went from 440 ms to 31 ms).
      await tx.$executeRaw`TRUNCATE search_lexemes, service_terms`;
      await tx.$executeRaw`INSERT INTO search_lexemes (lexeme, ndoc) SELECT word, ndoc FROM ts_stat('SELECT search_document FROM services WHERE search_document IS NOT NULL')`;
      await tx.$executeRaw`UPDATE catalog_state SET documents = (SELECT count(*) FROM services WHERE search_document IS NOT NULL) WHERE id = 1`;
      await tx.$executeRaw`
        WITH occurrences AS (
          SELECT s.id, u.lexeme, sum(CASE w WHEN 'A' THEN 1.0 WHEN 'B' THEN 0.5 WHEN 'C' THEN 0.25 ELSE 0.1 END) AS tf
          FROM services s, unnest(s.search_document) u, unnest(u.weights) w
          WHERE s.search_document IS NOT NULL
          GROUP BY s.id, u.lexeme
        ),
        lengths AS (SELECT id, sum(tf) AS dl FROM occurrences GROUP BY id),
        average AS (SELECT avg(dl) AS avgdl FROM lengths)
        INSERT INTO service_terms (lexeme, service_id, tf)
        SELECT o.lexeme, o.id, (o.tf * (${BM25_K1}::float8 + 1)) / (o.tf + ${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * l.dl / a.avgdl))
        FROM occurrences o JOIN lengths l ON l.id = o.id CROSS JOIN average a
        ORDER BY o.lexeme, o.id`;
    },
    // Rebuilding the postings of a 100,000-service catalog takes about a minute.
    { timeout: 600_000 },
  );
}

export async function bumpCatalogVersion(db: PrismaClient): Promise<number> {
  const state = await db.catalogState.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
  });
  return state.version;
}

/** True when every service has a search document and the postings were built over all of them. */
export async function searchIndexCurrent(db: PrismaClient): Promise<boolean> {
  const [row] = await db.$queryRaw<{ current: boolean }[]>`
    SELECT count(*) = count(s.search_document) AND count(*) = (SELECT documents FROM catalog_state WHERE id = 1) AS current
    FROM services s`;
  return row?.current ?? false;
}

/** Everything retrieval needs after the catalog changed (seed, import). */
export async function indexCatalog(db: PrismaClient): Promise<{ embedded: number }> {
  await refreshSearchDocuments(db);
  await refreshTermIndex(db);
  const embedded = await refreshEmbeddings(db);
  await refreshSentenceEmbeddings(db);
  await bumpCatalogVersion(db);
  return { embedded };
}

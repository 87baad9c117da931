// Keeps the catalog's retrieval data current after writes: the weighted full-text document of
// each service (facts stay out: they are for condition checks, and their boilerplate would match
// everything), the BM25 postings, its embedding, and the catalog version that tells processes to
// reload their caches. This file is the full rebuild (seed, import, start-up repair) and the SQL it
// shares with the per-service update (index-services.ts), so both compute a posting the same way.
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { refreshEmbeddings } from "../search/embeddings/refresh-embeddings";
import { refreshSentenceEmbeddings } from "../search/embeddings/sentence-embeddings";
import { lockUntilCommit, type DbClient } from "../transaction";

// Taken first by every transaction that writes documents, postings, lexeme counts or the document
// count (full rebuild and per-service update, on any instance): index writers take turns, so each
// reads old postings and counts as the previous one committed them, whatever rows the two touch.
const INDEX_LOCK = "marketplace:catalog-index";

export const lockSearchIndex = (tx: DbClient) => lockUntilCommit(tx, INDEX_LOCK);

/** Rewrites the search document of every service matching `scope` (a condition on `s`). */
export function searchDocumentsSql(scope: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    UPDATE services s SET search_document =
        setweight(to_tsvector('english', s.name || ' ' || s.entity_name || ' ' || replace(s.slug, '-', ' ')), 'A')
      || setweight(to_tsvector('english', s.description || ' ' || array_to_string(s.tags, ' ') || ' ' || replace(array_to_string(s.capabilities, ' '), '-', ' ')), 'B')
      || setweight(to_tsvector('english', coalesce(o.text, '') || ' ' || coalesce(e.text, '')), 'C')
    FROM services s2
    -- DISTINCT: an endpoint sold with x402 and MPP is two offers with the same text; counted twice
    -- it would weigh twice in BM25.
    LEFT JOIN LATERAL (SELECT string_agg(DISTINCT description || ' ' || regexp_replace(path, '[/_-]+', ' ', 'g'), ' ') AS text FROM offers WHERE service_id = s2.id) o ON true
    LEFT JOIN LATERAL (SELECT string_agg(text, ' ') AS text FROM service_evidence WHERE service_id = s2.id) e ON true
    WHERE s.id = s2.id ${scope}`;
}

export async function refreshSearchDocuments(db: DbClient): Promise<void> {
  await db.$executeRaw(searchDocumentsSql());
}

// BM25 parameters and the weight of a lexeme occurrence per document field (A name, B description
// and tags, C offers and evidence).
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * Inserts the postings of the services matching `scope` (a condition on `s`): per lexeme the
 * field-weighted term frequency, saturated and length-normalised with the average document length
 * `avgdl` (an expression; float8 in both callers, so a posting is the same bits whichever wrote it).
 * `extra` adds CTEs (the rebuild computes and stores avgdl in the same statement).
 */
export function insertPostingsSql(scope: Prisma.Sql, avgdl: Prisma.Sql, extra: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    WITH occurrences AS (
      SELECT s.id, u.lexeme, sum(CASE w WHEN 'A' THEN 1.0 WHEN 'B' THEN 0.5 WHEN 'C' THEN 0.25 ELSE 0.1 END) AS tf
      FROM services s, unnest(s.search_document) u, unnest(u.weights) w
      WHERE s.search_document IS NOT NULL ${scope}
      GROUP BY s.id, u.lexeme
    ),
    lengths AS (SELECT id, sum(tf) AS dl FROM occurrences GROUP BY id)
    ${extra}
    INSERT INTO service_terms (lexeme, service_id, tf)
    SELECT o.lexeme, o.id, (o.tf * (${BM25_K1}::float8 + 1)) / (o.tf + ${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * l.dl / ${avgdl}))
    FROM occurrences o JOIN lengths l ON l.id = o.id
    ORDER BY o.lexeme, o.id`;
}

// A document counts for idf (catalog_state.documents) when it has a lexeme: the per-service update
// tells a counted service by its postings, and a document without lexemes has none.
const COUNTED = Prisma.sql`search_document IS NOT NULL AND length(search_document) > 0`;

/** Lexeme document frequencies, the document count, avgdl and the postings of every service, inside `tx`. */
async function rebuildTermIndexIn(tx: DbClient): Promise<void> {
  // TRUNCATE, not DELETE: the postings are rewritten in lexeme order into a fresh table, so the
  // rows of one lexeme share pages (a 100,000-service lookup went from 440 ms to 31 ms).
  await tx.$executeRaw`TRUNCATE search_lexemes, service_terms`;
  await tx.$executeRaw`INSERT INTO search_lexemes (lexeme, ndoc) SELECT word, ndoc FROM ts_stat('SELECT search_document FROM services WHERE search_document IS NOT NULL')`;
  await tx.$executeRaw`UPDATE catalog_state SET documents = (SELECT count(*) FROM services WHERE ${COUNTED}) WHERE id = 1`;
  // avgdl is computed and stored by the statement that uses it (one pass over the documents).
  await tx.$executeRaw(
    insertPostingsSql(
      Prisma.empty,
      Prisma.sql`(SELECT avgdl FROM average)`,
      Prisma.sql`, average AS (SELECT avg(dl)::float8 AS avgdl FROM lengths),
        frozen AS (UPDATE catalog_state SET avgdl = (SELECT avgdl FROM average) WHERE id = 1)`,
    ),
  );
}

// Rebuilding the postings of a 100,000-service catalog takes about a minute.
const REBUILD = { timeout: 600_000, maxWait: 600_000 };

/** Lexeme document frequencies, the document count, and the BM25 postings of every service. */
export async function refreshTermIndex(db: PrismaClient): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockSearchIndex(tx);
    await rebuildTermIndexIn(tx);
  }, REBUILD);
}

// Kept beside the version's readers (search/catalog-version-cache.ts), so layers below the catalog
// (the probes' terms confirmation) can bump it too; re-exported for the catalog's own writers.
import { bumpCatalogVersion } from "../search/catalog-version-cache";
export { bumpCatalogVersion };

/** True when every service has a search document and the postings were built over all of them
 * (the per-service update keeps the count and avgdl, so this holds between full rebuilds). */
export async function searchIndexCurrent(db: PrismaClient): Promise<boolean> {
  const [row] = await db.$queryRaw<{ current: boolean }[]>`
    SELECT count(*) = count(s.search_document)
      AND count(*) FILTER (WHERE ${COUNTED}) = (SELECT documents FROM catalog_state WHERE id = 1)
      AND (SELECT avgdl FROM catalog_state WHERE id = 1) > 0 AS current
    FROM services s`;
  return row?.current ?? false;
}

/** Everything retrieval needs after the catalog changed (seed, import, start-up repair): documents
 * and postings rebuilt in one transaction, then embeddings and the catalog version. */
export async function indexCatalog(db: PrismaClient): Promise<{ embedded: number }> {
  await db.$transaction(async (tx) => {
    await lockSearchIndex(tx);
    await refreshSearchDocuments(tx);
    await rebuildTermIndexIn(tx);
  }, REBUILD);
  const embedded = await refreshEmbeddings(db);
  await refreshSentenceEmbeddings(db);
  await bumpCatalogVersion(db);
  return { embedded };
}

// The per-service index update, for a listing's approval: the search documents, BM25 postings,
// lexeme document frequencies, document count and embeddings of the given services only, then the
// catalog version (every instance reloads its caches within its one-second version check), all in
// one transaction under the index lock. Every other service's postings are left as they are:
// normalised with the avgdl frozen at the last full rebuild (docs/decisions.md), they need no change.
// A catalog never fully rebuilt (no avgdl yet) gets the full rebuild instead.
import { Prisma, type PrismaClient } from "../generated/prisma/client";
import { embedTexts } from "../search/embeddings/model";
import { staleEmbeddings, writeEmbeddings } from "../search/embeddings/refresh-embeddings";
import { refreshSentenceEmbeddings } from "../search/embeddings/sentence-embeddings";
import { indexCatalog, insertPostingsSql, lockSearchIndex, searchDocumentsSql } from "./search-index";

export interface IndexedServices {
  /** "services": only those were re-indexed; "catalog": there was no avgdl, so the catalog was rebuilt. */
  scope: "services" | "catalog";
  embedded: number;
}

// Embedding one service takes milliseconds once the model is loaded (before the transaction).
const TRANSACTION = { timeout: 60_000, maxWait: 60_000 };

export async function indexServices(db: PrismaClient, serviceIds: readonly string[]): Promise<IndexedServices> {
  const ids = [...new Set(serviceIds)].sort();
  const state = await db.catalogState.findUnique({ where: { id: 1 }, select: { avgdl: true } });
  if (!state?.avgdl) return { scope: "catalog", ...(await indexCatalog(db)) };

  // Sentence vectors are stored by their text's hash: writing them first is harmless if the rest fails.
  await refreshSentenceEmbeddings(db, ids);
  // Embedded outside the lock; inside it, a service whose text changed meanwhile is embedded again.
  const early = await staleEmbeddings(db, ids);
  const earlyVectors = new Map((await embedTexts(early.map((s) => s.text))).map((v, i) => [early[i]!.hash, v]));

  return db.$transaction(async (tx) => {
    // First, so every statement below reads what earlier index updates committed.
    await lockSearchIndex(tx);
    const scope = Prisma.sql`AND s.id = ANY(${ids}::text[])`;
    await tx.$executeRaw(searchDocumentsSql(scope));
    // Lexeme document frequencies: + the new documents' lexemes, - the old postings' lexemes.
    await tx.$executeRaw`
      WITH gone AS (SELECT lexeme, count(*)::int AS n FROM service_terms WHERE service_id = ANY(${ids}::text[]) GROUP BY lexeme),
      came AS (
        SELECT u.lexeme, count(*)::int AS n FROM services s, unnest(s.search_document) u
        WHERE s.id = ANY(${ids}::text[]) AND s.search_document IS NOT NULL GROUP BY u.lexeme
      ),
      delta AS (SELECT lexeme, coalesce(came.n, 0) - coalesce(gone.n, 0) AS d FROM gone FULL JOIN came USING (lexeme))
      INSERT INTO search_lexemes (lexeme, ndoc) SELECT lexeme, d FROM delta WHERE d <> 0 ORDER BY lexeme
      ON CONFLICT (lexeme) DO UPDATE SET ndoc = search_lexemes.ndoc + EXCLUDED.ndoc`;
    await tx.$executeRaw`
      DELETE FROM search_lexemes WHERE ndoc <= 0
        AND lexeme IN (SELECT lexeme FROM service_terms WHERE service_id = ANY(${ids}::text[]))`;
    // A service counts for idf when its document has a lexeme; it counted before when it had postings.
    await tx.$executeRaw`
      UPDATE catalog_state SET version = version + 1, documents = documents
        + (SELECT count(*) FROM services WHERE id = ANY(${ids}::text[]) AND search_document IS NOT NULL AND length(search_document) > 0)
        - (SELECT count(DISTINCT service_id) FROM service_terms WHERE service_id = ANY(${ids}::text[]))
      WHERE id = 1`;
    await tx.$executeRaw`DELETE FROM service_terms WHERE service_id = ANY(${ids}::text[])`;
    await tx.$executeRaw(insertPostingsSql(scope, Prisma.sql`(SELECT avgdl FROM catalog_state WHERE id = 1)`));

    const stale = await staleEmbeddings(tx, ids);
    const late = stale.filter((s) => !earlyVectors.has(s.hash));
    const lateVectors = await embedTexts(late.map((s) => s.text));
    late.forEach((s, i) => earlyVectors.set(s.hash, lateVectors[i]!));
    await writeEmbeddings(
      tx,
      stale,
      stale.map((s) => earlyVectors.get(s.hash)!),
    );
    return { scope: "services" as const, embedded: stale.length };
  }, TRANSACTION);
}

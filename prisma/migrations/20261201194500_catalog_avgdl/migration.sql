-- The average document length the BM25 postings were normalised with, frozen at the full rebuild
-- and reused by per-service updates (docs/decisions.md). NULL until a full rebuild has run, which
-- makes the index not current, so start-up rebuilds it once.
ALTER TABLE "catalog_state" ADD COLUMN "avgdl" DOUBLE PRECISION;

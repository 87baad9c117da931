// Prepares a database for the app: applies committed migrations, seeds an empty catalog, indexes it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { createPrismaClient } from "../../server/db";
import type { PrismaClient } from "../../server/generated/prisma/client";
import { isDatabaseEmpty, seedDatabase } from "../../prisma/seed/seed";
import { bumpCatalogVersion, indexCatalog, searchIndexCurrent } from "../../server/catalog/search-index";
import { refreshEmbeddings } from "../../server/search/embeddings/refresh-embeddings";
import { refreshSentenceEmbeddings } from "../../server/search/embeddings/sentence-embeddings";
import { SERVED_BASE_URL } from "../../server/accounts/served-base-url";
import { withClient } from "./embedded-postgres";
import { run } from "./run";

const prismaBin = path.resolve("node_modules/.bin/prisma");

const migrationsDir = path.resolve("prisma/migrations");

/** The committed migrations' names (one folder each). */
function committedMigrations(): string[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/**
 * True when every committed migration is recorded as applied and none is failed or unknown here:
 * then `prisma migrate deploy` would do nothing, and starting its CLI costs seconds (16 s measured
 * on a busy 2-core machine) on every script run (token:create, operator:create) and every start.
 * Anything else, including no migrations table, goes to Prisma, which applies, or reports, it.
 */
export async function migrationsCurrent(databaseUrl: string): Promise<boolean> {
  const committed = committedMigrations();
  const rows = await withClient(databaseUrl, async (c) => {
    const exists = await c.query<{ t: string | null }>("SELECT to_regclass('_prisma_migrations')::text AS t");
    if (!exists.rows[0]?.t) return null;
    return (
      await c.query<{ name: string; done: boolean; failed: boolean }>(
        `SELECT migration_name AS name, finished_at IS NOT NULL AND rolled_back_at IS NULL AS done,
                finished_at IS NULL AND rolled_back_at IS NULL AS failed
         FROM _prisma_migrations`,
      )
    ).rows;
  });
  if (!rows) return false;
  const applied = new Set(rows.filter((r) => r.done).map((r) => r.name));
  const known = new Set(committed);
  const failedOrForeign = rows.some((r) => r.failed || !known.has(r.name));
  return !failedOrForeign && committed.every((m) => applied.has(m));
}

export async function migrateDatabase(databaseUrl: string, quiet = false, signal?: AbortSignal): Promise<void> {
  if (await migrationsCurrent(databaseUrl)) return;
  await run(prismaBin, ["migrate", "deploy"], { ...process.env, DATABASE_URL: databaseUrl }, { quiet, signal });
}

async function seedIfEmptyWith(db: PrismaClient): Promise<{ seeded: boolean; services?: number; reviews?: number }> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false };
  return { seeded: true, ...(await seedDatabase(db)) };
}

async function withDatabase<T>(databaseUrl: string, fn: (db: PrismaClient) => Promise<T>): Promise<T> {
  const db = createPrismaClient(databaseUrl, 2);
  try {
    return await fn(db);
  } finally {
    await db.$disconnect();
  }
}

export function seedIfEmpty(databaseUrl: string): Promise<{ seeded: boolean; services?: number; reviews?: number }> {
  return withDatabase(databaseUrl, seedIfEmptyWith);
}

// Several instances starting at once on one database would each see an empty catalog and seed it
// (the second then fails on the first's rows). A session advisory lock makes them take turns; the
// server drops it with the connection if a start dies. Migrations need none: Prisma locks those.
const PREPARE_LOCK = "marketplace:prepare-catalog";

async function oneAtATime<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  return withClient(databaseUrl, async (c) => {
    await c.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [PREPARE_LOCK]);
    try {
      return await fn();
    } finally {
      await c.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [PREPARE_LOCK]);
    }
  });
}

/**
 * The marketplace's tests of the freshly seeded world (scripts/seed-tests.ts), in a process of its own:
 * the service layer reads its database from DATABASE_URL once per process.
 */
async function testSeededWorld(databaseUrl: string): Promise<void> {
  await run(
    process.execPath,
    ["--import", "tsx", path.resolve("scripts/seed-tests.ts")],
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
    { quiet: true },
  );
}

/**
 * Seeds an empty catalog and brings retrieval data up to date. The full rebuild (documents, BM25
 * postings) runs only after seeding or when the index no longer covers the catalog: on a large
 * catalog it takes a minute, and an unchanged catalog needs none of it at start-up. Embeddings are
 * always checked (incrementally), so a new embedding model is picked up.
 */
export function prepareCatalog(
  databaseUrl: string,
): Promise<{ seeded: boolean; services?: number; reviews?: number; embedded: number }> {
  return oneAtATime(databaseUrl, () =>
    withDatabase(databaseUrl, async (db) => {
      const seed = await seedIfEmptyWith(db);
      if (seed.seeded) {
        const indexed = await indexCatalog(db);
        await testSeededWorld(databaseUrl);
        return { ...seed, ...indexed };
      }
      if (!(await searchIndexCurrent(db))) return { ...seed, ...(await indexCatalog(db)) };
      const embedded = await refreshEmbeddings(db);
      await refreshSentenceEmbeddings(db);
      if (embedded > 0) await bumpCatalogVersion(db);
      return { ...seed, embedded };
    }),
  );
}

/** Records the base URL this start serves, for scripts run without BASE_URL (server/accounts/served-base-url.ts). */
export async function recordServedBaseUrl(databaseUrl: string, url: string): Promise<void> {
  await withClient(databaseUrl, (c) =>
    c.query(
      "INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
      [SERVED_BASE_URL, url],
    ),
  );
}

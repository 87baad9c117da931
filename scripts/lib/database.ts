// Prepares a database for the app: applies committed migrations and seeds an empty catalog.
import path from "node:path";
import { createPrismaClient } from "../../server/db";
import { isDatabaseEmpty, seedDatabase } from "../../prisma/seed/seed";
import { indexCatalog } from "../../server/catalog/search-index";
import { run } from "./run";

const prismaBin = path.resolve("node_modules/.bin/prisma");

export async function migrateDatabase(databaseUrl: string, quiet = false): Promise<void> {
  const args = ["migrate", "deploy"];
  if (quiet) {
    const { execFile } = await import("node:child_process");
    await new Promise<void>((resolve, reject) =>
      execFile(prismaBin, args, { env: { ...process.env, DATABASE_URL: databaseUrl } }, (err, _out, stderr) =>
        err ? reject(new Error(`prisma migrate deploy failed: ${stderr}`)) : resolve(),
      ),
    );
    return;
  }
  await run(prismaBin, args, { ...process.env, DATABASE_URL: databaseUrl });
}

export async function seedIfEmpty(databaseUrl: string): Promise<{ seeded: boolean; services?: number; reviews?: number }> {
  const db = createPrismaClient(databaseUrl, 2);
  try {
    if (!(await isDatabaseEmpty(db))) return { seeded: false };
    return { seeded: true, ...(await seedDatabase(db)) };
  } finally {
    await db.$disconnect();
  }
}

/** Seeds an empty catalog, then brings full-text documents and embeddings up to date. */
export async function prepareCatalog(databaseUrl: string): Promise<{ seeded: boolean; services?: number; reviews?: number; embedded: number }> {
  const seed = await seedIfEmpty(databaseUrl);
  const db = createPrismaClient(databaseUrl, 2);
  try {
    return { ...seed, ...(await indexCatalog(db)) };
  } finally {
    await db.$disconnect();
  }
}

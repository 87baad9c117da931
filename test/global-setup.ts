// One embedded PostgreSQL cluster per test run, with two migrated template databases
// (empty and seeded); every test file gets its own fresh copy (see setup-database.ts).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, prepareCatalog } from "../scripts/lib/database";
import { startEmbeddedPostgres, withClient } from "../scripts/lib/embedded-postgres";
import { freePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export const TEMPLATES = { empty: "tmpl_empty", seeded: "tmpl_seeded" } as const;

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "marketplace-test-pg-"));
  const cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), port: await freePort(), quiet: true });
  for (const name of Object.values(TEMPLATES)) await cluster.ensureDatabase(name);
  await migrateDatabase(cluster.urlFor(TEMPLATES.empty), true);
  await migrateDatabase(cluster.urlFor(TEMPLATES.seeded), true);
  await prepareCatalog(cluster.urlFor(TEMPLATES.seeded));
  // Templates must have no open connections when copied.
  await withClient(cluster.urlFor("postgres"), async (c) => {
    for (const name of Object.values(TEMPLATES))
      await c.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
  });
  project.provide("pgAdminUrl", cluster.urlFor("postgres"));
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

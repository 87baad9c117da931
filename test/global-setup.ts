// One PostgreSQL per test run, with two migrated template databases (empty and seeded); every test
// file gets its own fresh copy (see setup-database.ts). The cluster is an embedded PostgreSQL 17
// started here, or, with TEST_POSTGRES_URL (a role that may create databases, no superuser needed),
// a server of the caller's: `.ci/run` points it at Debian's PostgreSQL 15, the oldest major supported.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, prepareCatalog } from "../scripts/lib/database";
import { quoteIdent, startEmbeddedPostgres, withClient } from "../scripts/lib/embedded-postgres";
import { freePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** This run's name prefix: its template databases are `<prefix>_empty` and `<prefix>_seeded`. */
    pgTemplatePrefix: string;
  }
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The admin URL of the run's cluster and how to stop it. */
async function cluster(): Promise<{ admin: string; stop(): Promise<void> }> {
  const external = process.env.TEST_POSTGRES_URL;
  if (external) return { admin: external, stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), "marketplace-test-pg-"));
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, "data"),
    port: await freePort(),
    quiet: true,
  });
  return {
    admin: embedded.urlFor("postgres"),
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const { admin, stop } = await cluster();
  // Names of this run's own: a shared server may hold another run's templates.
  const prefix = `tmpl_${randomBytes(4).toString("hex")}`;
  const templates = [`${prefix}_empty`, `${prefix}_seeded`];
  await withClient(admin, async (c) => {
    for (const name of templates) await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
  await migrateDatabase(databaseUrl(admin, templates[0]!), true);
  await migrateDatabase(databaseUrl(admin, templates[1]!), true);
  await prepareCatalog(databaseUrl(admin, templates[1]!));
  // Templates must have no open connections when copied; the role that made them may copy them.
  await withClient(admin, async (c) => {
    for (const name of templates) await c.query(`ALTER DATABASE ${quoteIdent(name)} WITH ALLOW_CONNECTIONS false`);
  });
  project.provide("pgAdminUrl", admin);
  project.provide("pgTemplatePrefix", prefix);
  return async () => {
    // A server the run did not start keeps nothing of it: its templates and every test database.
    if (process.env.TEST_POSTGRES_URL)
      await withClient(admin, async (c) => {
        const made = await c.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
          [`${prefix}_`],
        );
        for (const { datname } of made.rows)
          await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      });
    await stop();
  };
}

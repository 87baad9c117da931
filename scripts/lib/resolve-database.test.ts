// Commands run beside `npm start` (token:create, operator:create, db:seed) use its running embedded
// cluster: starting a second postmaster on the same data directory fails on the lock file.
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/free-port";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { EMBEDDED_DATABASE, runningEmbeddedUrl } from "./resolve-database";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("runningEmbeddedUrl", () => {
  it("finds a running cluster, and nothing once it stopped", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "resolve-db-"));
    dirs.push(root);
    const dataDir = path.join(root, "postgres");
    const port = await freePort();
    const cluster = await startEmbeddedPostgres({ dataDir, port, quiet: true });
    try {
      await cluster.ensureDatabase(EMBEDDED_DATABASE);
      expect(await runningEmbeddedUrl(dataDir)).toBe(cluster.urlFor(EMBEDDED_DATABASE));
    } finally {
      await cluster.stop();
    }
    expect(await runningEmbeddedUrl(dataDir)).toBeUndefined();
  }, 120_000);

  it("ignores a stale lock file and a missing one", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "resolve-db-"));
    dirs.push(root);
    const dataDir = path.join(root, "postgres");
    expect(await runningEmbeddedUrl(dataDir)).toBeUndefined();
    await mkdir(dataDir, { recursive: true });
    // A pid no process has (pid_max is at most 2^22) and a port nothing listens on.
    await writeFile(path.join(dataDir, "postmaster.pid"), `4194303\n${dataDir}\n0\n${await freePort()}\n`);
    expect(await runningEmbeddedUrl(dataDir)).toBeUndefined();
  });
});

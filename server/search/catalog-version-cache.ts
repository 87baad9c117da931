// Something built from the whole catalog, held in memory per process and rebuilt when the catalog
// version changes (catalog_state.version, bumped by every import and re-index). The version is read
// at most once a second for every such cache of the process together, and concurrent requests share
// that read and one rebuild: with one read per cache and request, a second's first busy moment cost
// a statement per waiting request and cache (about 0.4 per free search, measured under load). Two
// app instances each keep their own copy; both follow the same version in the database.
import { sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";

const RECHECK_MS = 1000;

let versionRead: { at: number; version: Promise<number> } | undefined;

/** The catalog version, at most RECHECK_MS old; callers within one read share it. */
export function catalogVersion(): Promise<number> {
  const now = Date.now();
  if (versionRead && now - versionRead.at < RECHECK_MS) return versionRead.version;
  const version = sqlQuery<{ version: number }>(Prisma.sql`SELECT version FROM catalog_state WHERE id = 1`).then(
    ([state]) => Number(state?.version ?? 0),
  );
  const read = { at: now, version };
  versionRead = read;
  // A failed read is not kept: the next caller reads again.
  version.catch(() => {
    if (versionRead === read) versionRead = undefined;
  });
  return version;
}

export function catalogVersionCache<T>(build: (version: number) => Promise<T>): () => Promise<T> {
  let current: { version: number; value: T } | undefined;
  let loading: Promise<{ version: number; value: T }> | undefined;
  return async () => {
    const version = await catalogVersion();
    if (current?.version === version) return current.value;
    loading ??= build(version)
      .then((value) => ({ version, value }))
      .finally(() => (loading = undefined));
    current = await loading;
    return current.value;
  };
}

/** A catalog change: every instance's caches above rebuild once they read the new version. */
export async function bumpCatalogVersion(client: DbClient): Promise<number> {
  const state = await client.catalogState.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
  });
  return state.version;
}

// Something built from the whole catalog, held in memory per process and rebuilt when the catalog
// version changes (catalog_state.version, bumped by every import and re-index): the version is read
// at most once a second, and concurrent requests share one rebuild. Two app instances each keep
// their own copy; both follow the same version in the database.
import { db } from "../db";
import type { DbClient } from "../transaction";

const RECHECK_MS = 1000;

export function catalogVersionCache<T>(build: (version: number) => Promise<T>): () => Promise<T> {
  let current: { version: number; value: T } | undefined;
  let checkedAt = 0;
  let loading: Promise<{ version: number; value: T }> | undefined;
  return async () => {
    const now = Date.now();
    if (current && now - checkedAt < RECHECK_MS) return current.value;
    const version = (await db.catalogState.findUnique({ where: { id: 1 }, select: { version: true } }))?.version ?? 0;
    checkedAt = now;
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

// The check that lets a script or a start skip `prisma migrate deploy`: only a database on which
// every committed migration is recorded applied, with nothing failed or unknown, skips it.
import { afterEach, expect, it } from "vitest";
import { withClient } from "./embedded-postgres";
import { migrationsCurrent } from "./database";

const url = process.env.DATABASE_URL!;
const sql = (text: string, values: unknown[] = []) => withClient(url, (c) => c.query(text, values));
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

it("is true on the migrated test database", async () => {
  expect(await migrationsCurrent(url)).toBe(true);
});

it("is false when a committed migration is not recorded", async () => {
  const { rows } = await sql("SELECT * FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1");
  const last = rows[0] as Record<string, unknown>;
  await sql("DELETE FROM _prisma_migrations WHERE id = $1", [last.id]);
  cleanups.push(() =>
    sql(
      `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        last.id,
        last.checksum,
        last.finished_at,
        last.migration_name,
        last.logs,
        last.rolled_back_at,
        last.started_at,
        last.applied_steps_count,
      ],
    ),
  );
  expect(await migrationsCurrent(url)).toBe(false);
});

it("is false when a migration failed, or the database has one this code does not know", async () => {
  for (const [name, finished] of [
    ["29990101000000_failed", null],
    ["29990101000001_from_a_newer_version", new Date()],
  ] as const) {
    await sql(
      `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
       VALUES ($1, 'x', $2, $1, now(), 0)`,
      [name, finished],
    );
    cleanups.push(() => sql("DELETE FROM _prisma_migrations WHERE id = $1", [name]));
    expect(await migrationsCurrent(url)).toBe(false);
    await cleanups.pop()!();
  }
  expect(await migrationsCurrent(url)).toBe(true);
});

it("is false on a database without the migrations table", async () => {
  await sql("ALTER TABLE _prisma_migrations RENAME TO _prisma_migrations_away");
  cleanups.push(() => sql("ALTER TABLE _prisma_migrations_away RENAME TO _prisma_migrations"));
  expect(await migrationsCurrent(url)).toBe(false);
});

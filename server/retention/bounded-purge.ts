// One bounded batch of a purge: at most `limit` rows picked with FOR UPDATE SKIP LOCKED (rows another
// instance's batch holds are left to it, so two runs never wait on each other or purge a row twice),
// deleted (or rewritten) in the same statement, which commits on its own: a batch holds its row locks
// for one short statement and never a table lock. Table and column names come from this code only.
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";

export interface PurgeBatch {
  /** The table, e.g. "write_requests". */
  table: string;
  /** Which rows are past their retention. */
  where: Prisma.Sql;
  /** Oldest first, so an interrupted run leaves the newest. */
  orderBy: string;
  limit: number;
}

const picked = (b: PurgeBatch) => Prisma.sql`
  SELECT ctid FROM ${Prisma.raw(b.table)} WHERE ${b.where}
  ORDER BY ${Prisma.raw(b.orderBy)} LIMIT ${b.limit}::int FOR UPDATE SKIP LOCKED`;

/** Deletes one batch; returns the rows deleted. */
export async function deleteBatch(b: PurgeBatch): Promise<number> {
  const [row] = await sqlQuery<{ n: number }>(Prisma.sql`
    WITH picked AS (${picked(b)}),
    gone AS (DELETE FROM ${Prisma.raw(b.table)} WHERE ctid IN (SELECT ctid FROM picked) RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return row?.n ?? 0;
}

/** Rewrites one batch with `set` (the rows stay); returns the rows rewritten. */
export async function updateBatch(b: PurgeBatch, set: Prisma.Sql): Promise<number> {
  const [row] = await sqlQuery<{ n: number }>(Prisma.sql`
    WITH picked AS (${picked(b)}),
    done AS (UPDATE ${Prisma.raw(b.table)} SET ${set} WHERE ctid IN (SELECT ctid FROM picked) RETURNING 1)
    SELECT count(*)::int AS n FROM done`);
  return row?.n ?? 0;
}

// Rows for a `createMany` in batches that each stay one INSERT statement. Prisma 6 splits a larger
// one at PostgreSQL's bind-parameter limit (32766) and, inside an interactive transaction, sends the
// parts at once on the transaction's one connection: pg then warns "Calling client.query() when the
// client is already executing a query" (deprecated; an error in pg 9). It did so on the seed of
// every first `npm start`.
const MAX_BIND_VALUES = 32_766;
// Columns Prisma fills itself (ids, timestamps from @default) on top of the ones given.
const DEFAULTED_COLUMNS = 10;

export async function createInBatches<T extends object>(
  rows: readonly T[],
  create: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  let columns = 0;
  for (const row of rows) columns = Math.max(columns, Object.keys(row).length);
  const size = Math.max(1, Math.floor(MAX_BIND_VALUES / (columns + DEFAULTED_COLUMNS)));
  for (let i = 0; i < rows.length; i += size) await create(rows.slice(i, i + size));
}

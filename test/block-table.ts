// Holds a table lock in an open transaction: a purchase blocks at the step that needs the table,
// which is how the crash and multi-instance tests stop one in a chosen phase.
import pg from "pg";

export async function blockTable(sql: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("BEGIN");
  await client.query(sql);
  return async () => {
    await client.query("ROLLBACK");
    await client.end();
  };
}

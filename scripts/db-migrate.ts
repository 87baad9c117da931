// `npm run db:migrate`: applies committed migrations to DATABASE_URL or the embedded database.
import { migrateDatabase } from "./lib/database";
import { resolveDatabase } from "./lib/resolve-database";

const { url, cluster } = await resolveDatabase(console.log, { attach: true });
try {
  await migrateDatabase(url);
} finally {
  await cluster?.stop();
}

// `npm run db:seed`: migrates, then seeds the catalog if the database has none.
import { migrateDatabase, prepareCatalog } from "./lib/database";
import { resolveDatabase } from "./lib/resolve-database";

const { url, cluster } = await resolveDatabase(console.log, { attach: true });
try {
  await migrateDatabase(url);
  const result = await prepareCatalog(url);
  console.log(
    result.seeded
      ? `seeded ${result.services} services and ${result.reviews} reviews`
      : "the catalog is already present; nothing seeded",
  );
} finally {
  await cluster?.stop();
}

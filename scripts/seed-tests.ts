// Run by prepareCatalog (scripts/lib/database.ts) in a process of its own, right after the seed, with
// DATABASE_URL naming the seeded database: the marketplace's tests of the services the seeded world
// plans to be tested (server/marketplace-tests/seed-tests.ts). Prints one JSON line: the summary.
import { buildSeedCatalog } from "../prisma/seed/catalog/index";
import { db } from "../server/db";
import { testSeededServices } from "../server/marketplace-tests/seed-tests";

const planned = buildSeedCatalog()
  .services.filter((s) => s.world.testedAtSeed)
  .map((s) => s.slug);
try {
  console.log(JSON.stringify(await testSeededServices(planned)));
} finally {
  await db.$disconnect();
}

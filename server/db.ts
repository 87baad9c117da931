// Prisma client singleton on the pg driver adapter. Only server/** imports this file.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { env } from "./env";

function createClient() {
  const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

// Reuse one client across hot reloads in development.
const globalForDb = globalThis as unknown as { marketplaceDb?: PrismaClient };
export const db = globalForDb.marketplaceDb ?? createClient();
if (env.NODE_ENV !== "production") globalForDb.marketplaceDb = db;

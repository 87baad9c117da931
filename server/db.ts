// Prisma client singleton on the pg driver adapter. Only server/** (and scripts) import this file.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { env } from "./env";

export function createPrismaClient(connectionString: string | undefined, max = env.DATABASE_POOL_SIZE): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
}

// Reuse one client across hot reloads in development.
const globalForDb = globalThis as unknown as { marketplaceDb?: PrismaClient };
export const db = globalForDb.marketplaceDb ?? createPrismaClient(env.DATABASE_URL);
if (env.NODE_ENV !== "production") globalForDb.marketplaceDb = db;

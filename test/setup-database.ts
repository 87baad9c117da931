// Runs before each test file: points DATABASE_URL (read by server/env.ts) at a fresh seeded copy.
import { createTestDatabase } from "./databases";

process.env.DATABASE_URL = await createTestDatabase("seeded");

import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest copies Vite's env (BASE_URL "/") into process.env unless the name is already set; BASE_URL is
// also our public base URL (server/env.ts), so set it first for the main process and every worker.
process.env.BASE_URL = "http://marketplace.test";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-database.ts"],
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: a single worker on a 2-core machine, where the
    // files then wait one after another on PostgreSQL, child processes (npm start, the embedder) and
    // timers while a core idles. Two at least (VITEST_MAX_WORKERS overrides).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Limits high enough that no test trips them by accident; the rate-limit tests set their own.
    env: {
      NODE_ENV: "test",
      BASE_URL: process.env.BASE_URL,
      RATE_LIMIT_REFUSAL_DELAY_MS: "0",
      // Test providers listen on free ports: any unprivileged one (the app's and the database's stay refused).
      OBSERVER_TEST_PORTS: "1024-65535",
      ...Object.fromEntries(
        ["SEARCH", "CATALOG", "REVIEWS", "TRPC", "RECOVERY", "WRITES", "WRITES_IP", "AUTH", "WALLET_SIGN_INS"].flatMap(
          (group) => [
            [`RATE_LIMIT_${group}_PER_MINUTE`, "1000000"],
            [`RATE_LIMIT_${group}_INSTANCE_PER_SECOND`, "1000000"],
          ],
        ),
      ),
    },
  },
});

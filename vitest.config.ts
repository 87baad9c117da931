import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-database.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test", BASE_URL: "http://marketplace.test" },
  },
});

import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Layer rules of a folder whose code runs outside the server (client/, mcp/), plus what lies above it. */
function outsideServer(dir, above) {
  return {
    files: [`${dir}/**`],
    ignores: [`${dir}/**/*.test.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/db", "@/server/db"], message: "Only server/** may import server/db.ts." },
            {
              group: [
                "**/server/env",
                "@/server/env",
                "**/server/logger",
                "@/server/logger",
                "**/generated/prisma/**",
                "server-only",
              ],
              message: `${dir}/ runs outside the server: import pure *-schema modules only.`,
            },
            above,
          ],
        },
      ],
    },
  };
}

/** What a domain of server/ may not import: the edges above it (relative from any depth, or by alias) and the UI. */
const DOMAIN_ABOVE = {
  group: ["http", "trpc", "proxy"]
    .flatMap((edge) => [
      `@/server/${edge}/**`,
      `**/server/${edge}/**`,
      `./${edge}/**`,
      `../${edge}/**`,
      `../../${edge}/**`,
      `../../../${edge}/**`,
    ])
    .concat(["**/components/**", "@/components/**", "**/app/**", "@/app/**"]),
  message:
    "A domain of server/ sits below the edges (server/http, server/trpc, server/proxy) and the UI (components/, app/): it may not import them.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "node_modules/**",
    ".data/**",
    "server/generated/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "bench-data/**",
  ]),
  {
    rules: {
      // Links to JSON endpoints under /api are not pages; a plain <a> is right for them.
      "@next/next/no-html-link-for-pages": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Only the service layer talks to the database.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/db", "@/server/db"], message: "Only server/** may import server/db.ts." }] },
      ],
    },
  },
  {
    // Tests (and their support files under test/) may read the database directly to check what the code under test wrote.
    files: ["server/**", "scripts/**", "prisma/**", "test/**", "**/*.test.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  // The domains of server/ sit below its edges (http/, trpc/, proxy/) and below the UI (components/, app/):
  // they never import them. After the block above, which turns the rule off for server/**.
  {
    files: ["server/**"],
    ignores: ["server/http/**", "server/trpc/**", "server/proxy/**", "server/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [DOMAIN_ABOVE] }] },
  },
  // The payment layer sells any product without knowing it: it is handed SellableProducts
  // (server/payments/sellable-product.ts) and imports no product, nor what the products build on.
  // Tests may buy real products.
  {
    files: ["server/payments/**"],
    ignores: ["server/payments/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            DOMAIN_ABOVE,
            {
              group: [
                "**/products/**",
                "@/server/products/**",
                "**/orders/**",
                "@/server/orders/**",
                "**/ads/**",
                "@/server/ads/**",
                "**/shortlist/**",
                "@/server/shortlist/**",
                "**/catalog/**",
                "@/server/catalog/**",
                "**/search/**",
                "@/server/search/**",
              ],
              message:
                "server/payments/ sits below the products: it is handed the products it sells (PaymentRuntime.products) and imports none of them.",
            },
          ],
        },
      ],
    },
  },
  // The typed client talks to the marketplace over HTTP only: at runtime it may import pure zod
  // schema modules of server/, never the database, env or logger, and nothing above it.
  outsideServer("client", {
    group: ["**/mcp/**", "@/mcp/**", "**/app/**", "@/app/**"],
    message: "client/ sits below mcp/ and app/: it may not import them.",
  }),
  // The MCP server is a thin layer over the typed client: like it, it runs outside the server
  // (stdio) and may import client/ and pure zod schema modules of server/ only; app/ sits above it.
  outsideServer("mcp", { group: ["**/app/**", "@/app/**"], message: "mcp/ sits below app/: it may not import it." }),
]);

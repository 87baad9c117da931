// The operators' dashboard (/operator): what each panel answers, as pure zod schemas (no database),
// the single source of the panels' types for the service, the tRPC procedures and the page.
// Amounts are USD as decimal text (server/money.ts: integer atomic units inside, text at the edges);
// times are ISO 8601 UTC; ages are whole seconds at the time the panel was computed.
import { z } from "zod";

/** The ranges an operator picks: UTC days, so the hourly and daily buckets and the probe roll-ups line up. */
export const DASHBOARD_RANGES = ["today", "7d", "30d"] as const;
export const dashboardRangeSchema = z.enum(DASHBOARD_RANGES);
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = "7d";

export const dashboardInput = z.strictObject({ range: dashboardRangeSchema });
export type DashboardInput = z.infer<typeof dashboardInput>;

/** Bounded lists: the dashboard shows the worst and oldest, never a whole table. */
export const DASHBOARD_TOP = 10;

const usd = z.string().describe('USD, decimal text (e.g. "0.05").');
const iso = z.iso.datetime();

export const dashboardWindowSchema = z.object({
  range: dashboardRangeSchema,
  from: iso.describe("Start of the window (a UTC midnight)."),
  to: iso.describe("When the panel was computed."),
  bucket: z.enum(["hour", "day"]).describe("The chart's step: hours for today, days otherwise."),
});
export type DashboardWindow = z.infer<typeof dashboardWindowSchema>;

/** How a purchase was paid, as the payment methods name themselves (server/payments/methods/). */
export const PAYMENT_METHOD_IDS = ["x402-exact", "x402-batch", "mpp-evm", "mpp-stripe", "mpp-tempo"] as const;
export const paymentMethodIdSchema = z.enum(PAYMENT_METHOD_IDS);

export const salesPanelSchema = z.object({
  window: dashboardWindowSchema,
  total: z.object({ purchases: z.int(), usd }),
  byProductAndMethod: z.array(
    z.object({ product: z.string(), method: paymentMethodIdSchema, purchases: z.int(), usd }),
  ),
  series: z.array(z.object({ at: iso.describe("Start of the hour or UTC day."), purchases: z.int(), usd })),
});
export type SalesPanel = z.infer<typeof salesPanelSchema>;

const purchaseRowSchema = z.object({
  id: z.string(),
  product: z.string(),
  method: paymentMethodIdSchema,
  state: z.enum(["claimed", "settling", "settled", "failed"]),
  usd,
  createdAt: iso,
  ageSeconds: z.int(),
  lastTouchedAt: iso.describe("The row's last change: the reconciler touches a row it could not move."),
  errorCode: z.string().nullable().describe("The ledger's last error code, e.g. settlement_unknown."),
  fulfilFailures: z.int().describe("Failed fulfilment attempts after settlement (the reconciler backs off by it)."),
  waitsForOperator: z.boolean().describe("settlement_unresolved: the reconciler leaves it to an operator."),
});
export type DashboardPurchaseRow = z.infer<typeof purchaseRowSchema>;

export const purchasesPanelSchema = z.object({
  window: dashboardWindowSchema,
  open: z.object({
    total: z.int().describe("Purchases still open now (claimed, settling, settled), whatever their age."),
    byState: z.array(
      z.object({ state: z.enum(["claimed", "settling", "settled"]), count: z.int(), oldestAgeSeconds: z.int() }),
    ),
  }),
  failedInRange: z.int().describe("Purchases claimed in the window whose settlement was refused (not charged)."),
  oldest: z.array(purchaseRowSchema).describe(`The oldest open and failed purchases (at most ${DASHBOARD_TOP} each).`),
});
export type PurchasesPanel = z.infer<typeof purchasesPanelSchema>;

export const actionsPanelSchema = z.object({
  thresholdHours: z.int(),
  purchases: z.object({
    count: z
      .int()
      .describe(
        "Open purchases the reconciler leaves to an operator (settlement_unresolved), and open MPP stripe purchases older than the threshold.",
      ),
    oldest: z.array(purchaseRowSchema),
  }),
  orders: z.object({
    waiting: z.int().describe("Orders in a state only an operator's move ends."),
    overThreshold: z.int(),
    byState: z.array(
      z.object({
        product: z.string(),
        status: z.string(),
        count: z.int(),
        overThreshold: z.int(),
        oldestAgeSeconds: z.int(),
      }),
    ),
  }),
});
export type ActionsPanel = z.infer<typeof actionsPanelSchema>;

const providerFiguresSchema = z.object({
  serviceId: z.string(),
  slug: z.string().nullable().describe("null when the service left the catalog."),
  name: z.string().nullable(),
  calls: z.int(),
  errorRate: z.number().min(0).max(1),
  p50LatencyMs: z.int().nullable(),
  p95LatencyMs: z.int().nullable(),
});
export type ProviderFigures = z.infer<typeof providerFiguresSchema>;

export const trafficPanelSchema = z.object({
  window: dashboardWindowSchema,
  calls: z.int(),
  errorRate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("Share of answered calls that were no provider answer below 500."),
  p50LatencyMs: z.int().nullable(),
  p95LatencyMs: z.int().nullable(),
  series: z.array(z.object({ at: iso, calls: z.int(), errors: z.int() })),
  worstByErrorRate: z.array(providerFiguresSchema),
  worstByLatency: z.array(providerFiguresSchema),
});
export type TrafficPanel = z.infer<typeof trafficPanelSchema>;

export const PROBE_VERDICTS = ["conformant", "non_conformant", "unreachable"] as const;
export const OFFER_HEALTH_STATES = ["conformant", "non_conformant", "unreachable", "unprobed"] as const;

export const probesPanelSchema = z.object({
  window: dashboardWindowSchema,
  probes: z.int(),
  verdicts: z.array(z.object({ verdict: z.enum(PROBE_VERDICTS), count: z.int() })),
  healthNow: z.array(z.object({ state: z.enum(OFFER_HEALTH_STATES), offers: z.int() })),
});
export type ProbesPanel = z.infer<typeof probesPanelSchema>;

export const channelsPanelSchema = z.object({
  channels: z.int(),
  depositedUsd: usd.describe("What the channels hold (their balances)."),
  chargedUsd: usd.describe("Vouchers charged, cumulative."),
  claimedUsd: usd.describe("Vouchers claimed on the escrow."),
  unclaimedUsd: usd.describe("Charged and not yet claimed: the next claim's work."),
  channelsWithUnclaimed: z.int(),
  pendingVouchers: z.int().describe("Channels holding a voucher reserved by a purchase in progress."),
  jobs: z.array(
    z.object({
      job: z.string(),
      nextRunAt: iso,
      leasedBy: z.string().nullable(),
      leasedUntil: iso.nullable(),
      lastResult: z.string().nullable().describe("The last run's result as JSON text (at most 500 characters)."),
    }),
  ),
});
export type ChannelsPanel = z.infer<typeof channelsPanelSchema>;

export const refusalsPanelSchema = z.object({
  since: iso.describe("When this instance started: the counters are its own, kept in memory since then."),
  total: z.int(),
  limiters: z.array(z.object({ limiter: z.string(), refusals: z.int() })).describe("Most refusals first."),
});
export type RefusalsPanel = z.infer<typeof refusalsPanelSchema>;

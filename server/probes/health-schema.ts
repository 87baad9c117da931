// What the marketplace observed of an offer and a service by probing them (additive `health`
// objects of the service record, docs/decisions.md "What the marketplace observes"): a pure zod
// module (no database), shared by the API, the OpenAPI document, the pages and the typed client.
import { z } from "zod";
import {
  CONFORMANCE_CHECKS,
  HEALTH_STATES,
  HEALTHY_UPTIME_PERCENT,
  type ConformanceCheck,
  type HealthState,
} from "./conformance-checks";

const percent = z.number().min(0).max(100).nullable();
const millis = z.number().int().min(0).nullable();

export const termsSchema = z.object({
  payTo: z.string().nullable(),
  network: z.string().nullable(),
  asset: z.string().nullable(),
  amountAtomic: z.string().nullable().describe("The price in the asset's smallest unit (USDC: 6 decimals)."),
});

export const termsChangeSchema = z.object({
  detectedAt: z.iso.datetime(),
  fields: z.array(z.enum(["payTo", "network", "asset", "price"])),
  blocking: z
    .boolean()
    .describe(
      "True when the payee, network or asset changed: the observer stops routing the offer until an operator confirms the new terms or the listing is re-imported.",
    ),
  catalogued: termsSchema,
  observed: termsSchema,
  resolvedAt: z.iso.datetime().nullable(),
  resolution: z.enum(["confirmed", "reimported"]).nullable(),
});
export type TermsChange = z.infer<typeof termsChangeSchema>;

const healthFields = {
  state: z
    .enum(HEALTH_STATES)
    .describe(
      "conformant: the last probe that got an answer found a valid x402 v2 challenge with the catalogued terms; non_conformant: it failed the checks in failedChecks; unreachable: the last three probes got no answer below 500; unprobed: not probed yet.",
    ),
  failedChecks: z.array(z.enum(CONFORMANCE_CHECKS)),
  uptime24h: percent.describe(
    "Percent of the last 24 hours' probes answered with a status below 500; null without probes.",
  ),
  uptime7d: percent,
  uptime30d: percent,
  latencyP50Ms: millis.describe("Median time to the whole answer over the last 7 days' answered probes."),
  latencyP95Ms: millis,
  lastProbedAt: z.iso.datetime().nullable(),
  healthy: z.boolean().describe(`Conformant, at least ${HEALTHY_UPTIME_PERCENT} % uptime over 24 hours, and routed.`),
};

export const offerHealthSchema = z.object({
  ...healthFields,
  probes30d: z.number().int().min(0),
  routingStopped: z
    .boolean()
    .describe(
      "True while a payee, network or asset change waits for an operator: the observer answers 409 offer_terms_changed.",
    ),
  // The open payment-terms change, if any (blocking or a price change).
  termsChange: termsChangeSchema.nullable(),
});
export type OfferHealthObject = z.infer<typeof offerHealthSchema>;

export const serviceHealthSchema = z.object({
  ...healthFields,
  offersProbed: z.number().int().min(0),
  offersConformant: z.number().int().min(0),
});
export type ServiceHealthObject = z.infer<typeof serviceHealthSchema>;

/** What an offer's health row holds (offer_health), before it becomes the public object. */
export interface OfferHealthRow {
  state: HealthState;
  failedChecks: ConformanceCheck[];
  uptime24h: number | null;
  uptime7d: number | null;
  uptime30d: number | null;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  probes30d: number;
  lastProbedAt: Date | null;
}

export const UNPROBED: OfferHealthRow = {
  state: "unprobed",
  failedChecks: [],
  uptime24h: null,
  uptime7d: null,
  uptime30d: null,
  latencyP50Ms: null,
  latencyP95Ms: null,
  probes30d: 0,
  lastProbedAt: null,
};

const isHealthy = (h: Pick<OfferHealthRow, "state" | "uptime24h">, routed: boolean): boolean =>
  routed && h.state === "conformant" && h.uptime24h !== null && h.uptime24h >= HEALTHY_UPTIME_PERCENT;

export function offerHealthObject(row: OfferHealthRow, open: TermsChange | null): OfferHealthObject {
  const routingStopped = open?.blocking === true;
  return {
    state: row.state,
    failedChecks: row.failedChecks,
    uptime24h: row.uptime24h,
    uptime7d: row.uptime7d,
    uptime30d: row.uptime30d,
    latencyP50Ms: row.latencyP50Ms,
    latencyP95Ms: row.latencyP95Ms,
    lastProbedAt: row.lastProbedAt?.toISOString() ?? null,
    healthy: isHealthy(row, !routingStopped),
    probes30d: row.probes30d,
    routingStopped,
    termsChange: open,
  };
}

const mean = (xs: number[]): number | null =>
  xs.length === 0 ? null : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100;
const maxOf = (xs: number[]): number | null => (xs.length === 0 ? null : Math.max(...xs));
const present = <T>(xs: (T | null)[]): T[] => xs.filter((x): x is T => x !== null);

/**
 * A service's health from its offers': uptime is the mean of the probed offers' (each is probed
 * equally often, so it is the share over all their probes), latency the slowest offer's (what a
 * buyer of any offer may wait), the state the worst among probed offers (non_conformant before
 * unreachable before conformant: a buyer may pick any offer), and healthy only when every probed offer is.
 */
export function serviceHealthObject(offers: OfferHealthObject[]): ServiceHealthObject {
  const probed = offers.filter((o) => o.state !== "unprobed");
  const state: HealthState =
    probed.length === 0
      ? "unprobed"
      : probed.some((o) => o.state === "non_conformant")
        ? "non_conformant"
        : probed.some((o) => o.state === "unreachable")
          ? "unreachable"
          : "conformant";
  const failedChecks = CONFORMANCE_CHECKS.filter((c) => probed.some((o) => o.failedChecks.includes(c)));
  const last = maxOf(present(probed.map((o) => (o.lastProbedAt ? Date.parse(o.lastProbedAt) : null))));
  return {
    state,
    failedChecks,
    uptime24h: mean(present(probed.map((o) => o.uptime24h))),
    uptime7d: mean(present(probed.map((o) => o.uptime7d))),
    uptime30d: mean(present(probed.map((o) => o.uptime30d))),
    latencyP50Ms: maxOf(present(probed.map((o) => o.latencyP50Ms))),
    latencyP95Ms: maxOf(present(probed.map((o) => o.latencyP95Ms))),
    lastProbedAt: last === null ? null : new Date(last).toISOString(),
    healthy: probed.length > 0 && probed.every((o) => o.healthy),
    offersProbed: probed.length,
    offersConformant: probed.filter((o) => o.state === "conformant").length,
  };
}

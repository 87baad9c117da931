// Labels of the dashboard's figures (client and server components import this file: no server code).
import type { DashboardRange } from "@/server/operator/dashboard-schema";

export const RANGE_LABELS: Record<DashboardRange, string> = { today: "Today", "7d": "7 days", "30d": "30 days" };

export const dashboardHref = (range: DashboardRange) => `/operator?range=${range}`;

/** 95 → "1 min", 7200 → "2 h", 190000 → "2 d 4 h": the age of something waiting, to the unit that matters. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const days = Math.floor(hours / 24);
  return `${days} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

/** A bucket start as the chart's tick: the hour for today, the UTC day otherwise. */
export function bucketLabel(at: string, bucket: "hour" | "day"): string {
  const d = new Date(at);
  return bucket === "hour"
    ? `${String(d.getUTCHours()).padStart(2, "0")}:00`
    : d.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** "2026-12-03T09:05:00.000Z" → "3 Dec, 09:05 UTC". */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return `${day}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
}

export const percent = (ratio: number | null) => (ratio === null ? "none" : `${(ratio * 100).toFixed(1)} %`);
export const millis = (ms: number | null) => (ms === null ? "none" : `${ms} ms`);
export const dollars = (usd: string) => `$${usd}`;
/** A revenue axis tick: two significant digits (0.003 → "$0.003", 1500.4 → "$1500"). */
export const usdTick = (usd: number) => `$${usd >= 100 ? Math.round(usd) : Number(usd.toPrecision(2))}`;

export const METHOD_LABELS: Record<string, string> = {
  "x402-exact": "x402 exact",
  "x402-batch": "x402 batch voucher",
  "mpp-evm": "MPP evm",
  "mpp-stripe": "MPP Stripe",
  "mpp-tempo": "MPP Tempo",
};

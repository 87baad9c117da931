// The window a dashboard range covers: UTC days ending now (today: since UTC midnight; 7d and 30d:
// that many UTC days, today included), so the chart's hours and days, and the probes' daily roll-ups
// (offer_probe_days), start on the same boundaries as the window.
import { Prisma } from "../generated/prisma/client";
import type { DashboardRange, DashboardWindow } from "./dashboard-schema";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DAYS: Record<DashboardRange, number> = { today: 1, "7d": 7, "30d": 30 };

export interface Window {
  range: DashboardRange;
  from: Date;
  now: Date;
  bucket: "hour" | "day";
  bucketMs: number;
}

export function windowOf(range: DashboardRange, now: Date): Window {
  const midnight = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const bucket = range === "today" ? "hour" : "day";
  return {
    range,
    from: new Date(midnight - (DAYS[range] - 1) * DAY_MS),
    now,
    bucket,
    bucketMs: bucket === "hour" ? HOUR_MS : DAY_MS,
  };
}

export const windowObject = (w: Window): DashboardWindow => ({
  range: w.range,
  from: w.from.toISOString(),
  to: w.now.toISOString(),
  bucket: w.bucket,
});

/** The chart's step as a PostgreSQL interval, for `date_bin(step, at, from)`. */
export const bucketInterval = (w: Window) => Prisma.sql`${w.bucket === "hour" ? "1 hour" : "1 day"}::interval`;

/** Every bucket start of the window, oldest first (the chart shows empty hours and days as zero). */
export function bucketStarts(w: Window): Date[] {
  const starts: Date[] = [];
  for (let t = w.from.getTime(); t <= w.now.getTime(); t += w.bucketMs) starts.push(new Date(t));
  return starts;
}

/** Whole seconds from `since` to the window's now (never negative: clocks of two instances differ). */
export const ageSeconds = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));

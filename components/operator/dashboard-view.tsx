"use client";
// The operators' dashboard: the range (in the URL, so a view can be linked), then the panels, each
// loading and failing on its own.
import Link from "next/link";
import { OperatorNav } from "@/components/orders/operator-nav";
import { DASHBOARD_RANGES, type DashboardRange } from "@/server/operator/dashboard-schema";
import { ChannelsPanel } from "./channels-panel";
import { dashboardHref, RANGE_LABELS } from "./dashboard-format";
import { ProbesPanel } from "./probes-panel";
import { RefusalsPanel } from "./refusals-panel";
import { ActionsPanel, PurchasesPanel } from "./purchases-panel";
import { SalesPanel } from "./sales-panel";
import { TrafficPanel } from "./traffic-panel";

const tabClass = (current: boolean) =>
  `inline-flex rounded-md px-3 py-1.5 text-sm font-medium ${current ? "bg-indigo-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"}`;

export function DashboardView({ range }: { range: DashboardRange }) {
  return (
    <div className="space-y-6">
      <OperatorNav current="dashboard" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Money, open work and the health of the listed services. Days are UTC days; today starts at UTC midnight.
        </p>
      </div>
      <nav aria-label="Range">
        <ul className="flex flex-wrap gap-2">
          {DASHBOARD_RANGES.map((r) => (
            <li key={r}>
              <Link
                href={dashboardHref(r)}
                aria-current={r === range ? "page" : undefined}
                className={tabClass(r === range)}
              >
                {RANGE_LABELS[r]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 lg:col-span-2">
          <SalesPanel range={range} />
        </div>
        <ActionsPanel range={range} />
        <PurchasesPanel range={range} />
        <div className="min-w-0 lg:col-span-2">
          <TrafficPanel range={range} />
        </div>
        <ProbesPanel range={range} />
        <ChannelsPanel range={range} />
        <RefusalsPanel range={range} />
      </div>
    </div>
  );
}

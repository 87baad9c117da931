import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { DashboardView } from "@/components/operator/dashboard-view";
import { OperatorsOnly } from "@/components/reviews/operators-only";
import { logger } from "@/server/logger";
import { DEFAULT_DASHBOARD_RANGE, dashboardRangeSchema } from "@/server/operator/dashboard-schema";
import { createTRPCContext } from "@/server/trpc/init";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Operator dashboard", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /operator was the moderation queue: a link or bookmark with its filters goes there, query kept.
const MODERATION_PARAMS = ["service", "actorType", "rating", "cursor"];

function queryString(sp: Record<string, string | string[] | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(sp))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  return out.toString();
}

export default async function OperatorDashboardPage({ searchParams }: Props) {
  const sp = await searchParams;
  if (MODERATION_PARAMS.some((key) => sp[key] !== undefined)) redirect(`/operator/moderation?${queryString(sp)}`);
  // Who is signed in decides the page before any operator-only data is asked for (as on the other operator pages).
  const { actor } = await createTRPCContext({ headers: await headers() });
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent("/operator")}`);
  if (actor.role !== "operator") return <OperatorsOnly tool="The operator dashboard" />;
  const asked = sp.range;
  const parsed = dashboardRangeSchema.safeParse(Array.isArray(asked) ? asked.at(-1) : asked);
  const range = parsed.success ? parsed.data : DEFAULT_DASHBOARD_RANGE;
  // Each panel on its own: one that fails here is left out of the hand-over, and the browser loads
  // it again and shows its own error if it fails there too; the other panels still render.
  const input = { range };
  const d = trpc.operatorDashboard;
  await loadPageData((qc) => {
    const panel = (name: string, load: Promise<unknown>) =>
      load.catch((err: unknown) =>
        logger.warn({ err, panel: name }, "dashboard panel could not be loaded for the page"),
      );
    return Promise.all([
      panel("sales", qc.fetchQuery(d.sales.queryOptions(input))),
      panel("purchases", qc.fetchQuery(d.purchases.queryOptions(input))),
      panel("actions", qc.fetchQuery(d.actions.queryOptions(input))),
      panel("traffic", qc.fetchQuery(d.traffic.queryOptions(input))),
      panel("probes", qc.fetchQuery(d.probes.queryOptions(input))),
      panel("channels", qc.fetchQuery(d.channels.queryOptions(input))),
      panel("refusals", qc.fetchQuery(d.refusals.queryOptions(input))),
    ]);
  });
  return (
    <HydrateClient>
      <DashboardView range={range} />
    </HydrateClient>
  );
}

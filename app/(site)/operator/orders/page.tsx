import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { listInputFor, orderViewFromSearchParams } from "@/components/orders/order-filters";
import { OrdersView } from "@/components/orders/orders-view";
import { OperatorsOnly } from "@/components/reviews/operators-only";
import { createTRPCContext } from "@/server/trpc/init";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Orders", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OperatorOrdersPage({ searchParams }: Props) {
  // Who is signed in decides the page before any operator-only data is asked for (as on /operator).
  const { actor } = await createTRPCContext({ headers: await headers() });
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent("/operator/orders")}`);
  if (actor.role !== "operator") return <OperatorsOnly tool="The order queue" />;
  const { view, cursor } = orderViewFromSearchParams(await searchParams);
  await loadPageData((qc) => qc.fetchQuery(trpc.orders.counts.queryOptions()));
  // A broken cursor in the URL is explained above the list.
  const loaded = await loadPageData((qc) => qc.fetchQuery(trpc.orders.list.queryOptions(listInputFor(view, cursor))));
  return (
    <HydrateClient>
      <OrdersView view={view} cursor={cursor} invalidInput={loaded.ok ? undefined : loaded.invalidInput} />
    </HydrateClient>
  );
}

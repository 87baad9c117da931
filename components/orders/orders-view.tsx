"use client";
// The operator's orders page: one product and one of its states at a time (tabs with counts,
// evaluations and the queue first), oldest first, each order with what was bought, its history and
// the actions its state allows. A moved order stays in the list with its new state until the next
// load, so an operator can take it through several steps without hunting for it.
import { useQueries, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { isPlainClick } from "@/components/reviews/plain-click";
import { useTRPC } from "@/components/trpc/client";
import { statusesOf } from "@/server/orders/order-states";
import type { OperatorOrder } from "@/server/orders/operator-orders";
import { OperatorNav } from "./operator-nav";
import { OrderCard } from "./order-card";
import { listInputFor, ordersHref, PRODUCT_TABS, STATUS_LABELS, type OrderView } from "./order-filters";

interface Props {
  view: OrderView;
  cursor?: string;
  invalidInput?: string;
}

export function OrdersView({ view, cursor, invalidInput }: Props) {
  return (
    <div className="space-y-6">
      <OperatorNav current="orders" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Paid placements and evaluations waiting for a person, oldest first. Buyers see every state change, and the
          reason you give, when they poll their order.
        </p>
      </div>
      <Tabs view={view} />
      {invalidInput ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p>These orders cannot be shown: {invalidInput}</p>
          <a href={ordersHref({ ...view })} className="mt-2 inline-block font-medium underline">
            Show the first page
          </a>
        </div>
      ) : (
        <OrderList key={JSON.stringify([view, cursor])} view={view} cursor={cursor} />
      )}
    </div>
  );
}

const tabClass = (current: boolean) =>
  `inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${current ? "bg-indigo-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"}`;

function Tabs({ view }: { view: OrderView }) {
  const trpc = useTRPC();
  const { data: counts } = useSuspenseQuery(trpc.orders.counts.queryOptions());
  return (
    <div className="space-y-3">
      <nav aria-label="Products">
        <ul className="flex flex-wrap gap-2">
          {PRODUCT_TABS.map(({ product, label }) => {
            const queued = counts[product].queued ?? 0;
            return (
              <li key={product}>
                <Link
                  href={ordersHref({ product, status: "queued" })}
                  aria-current={product === view.product ? "page" : undefined}
                  className={tabClass(product === view.product)}
                >
                  {label}
                  <span className="text-xs font-normal">({queued} queued)</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <nav aria-label="States">
        <ul className="flex flex-wrap gap-2">
          {statusesOf(view.product).map((status) => {
            const current = status === view.status;
            return (
              <li key={status}>
                <Link
                  href={ordersHref({ product: view.product, status: status as OrderView["status"] })}
                  aria-current={current ? "page" : undefined}
                  className={tabClass(current)}
                >
                  {STATUS_LABELS[status as OrderView["status"]]}
                  <span className="text-xs font-normal">({counts[view.product][status] ?? 0})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

function OrderList({ view, cursor }: { view: OrderView; cursor?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const first = useSuspenseQuery(trpc.orders.list.queryOptions(listInputFor(view, cursor)));
  const [more, setMore] = useState<string[]>([]);
  const extra = useQueries({ queries: more.map((c) => trpc.orders.list.queryOptions(listInputFor(view, c))) });
  const [moved, setMoved] = useState<Map<string, OperatorOrder>>(new Map());
  const pages = [first.data, ...extra.flatMap((q) => (q.data ? [q.data] : []))];
  const orders = pages.flatMap((p) => p.orders).map((o) => moved.get(o.id) ?? o);
  const tail = extra.at(-1);
  const nextCursor = tail?.isPending || tail?.isError ? null : pages.at(-1)!.nextCursor;
  const label = `${STATUS_LABELS[view.status]} ${view.product === "evaluation" ? "evaluations" : "placements"}`;

  if (orders.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No {label.toLowerCase()}.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="space-y-4" aria-label={label}>
        {orders.map((o) => (
          <li key={o.id}>
            <OrderCard
              order={o}
              onMoved={(updated) => {
                setMoved((m) => new Map(m).set(updated.id, updated));
                // The tabs' counts change with every move.
                void queryClient.invalidateQueries({ queryKey: trpc.orders.counts.queryKey() });
              }}
            />
          </li>
        ))}
      </ol>
      {tail?.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Loading more orders…
        </p>
      )}
      {tail?.isError && (
        <p role="alert" className="text-sm text-red-700">
          More orders could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void tail.refetch()}>
            Try again
          </button>
        </p>
      )}
      {nextCursor && (
        <a
          href={ordersHref(view, nextCursor)}
          onClick={(e) => {
            if (!isPlainClick(e)) return;
            e.preventDefault();
            setMore((m) => [...m, nextCursor]);
          }}
          className="inline-block rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Show more orders
        </a>
      )}
    </div>
  );
}

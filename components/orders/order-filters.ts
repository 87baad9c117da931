// Which orders the operator page shows lives in the URL: a product, one of its states, a cursor.
// Client components import this file: no server code (order-states.ts is plain data).
import {
  ORDER_FLOWS,
  QUEUED_PRODUCTS,
  statusesOf,
  type OrderStatusName,
  type QueuedProduct,
} from "@/server/orders/order-states";

export interface OrderView {
  product: QueuedProduct;
  status: OrderStatusName;
}

export const ORDERS_PAGE_SIZE = 20;
// Evaluations first: they are the orders a person has to work on.
export const PRODUCT_TABS: { product: QueuedProduct; label: string }[] = [
  { product: "evaluation", label: "Evaluations" },
  { product: "placement", label: "Placements" },
];

export const STATUS_LABELS: Record<OrderStatusName, string> = {
  queued: "Queued",
  in_review: "In review",
  active: "Active",
  expired: "Expired",
  assigned: "Assigned",
  in_progress: "In progress",
  completed: "Completed",
  rejected: "Rejected",
};

export function ordersHref(view: OrderView, cursor?: string): string {
  const sp = new URLSearchParams({ product: view.product, status: view.status });
  if (cursor) sp.set("cursor", cursor);
  return `/operator/orders?${sp}`;
}

export function listInputFor(view: OrderView, cursor?: string) {
  return { product: view.product, status: view.status, limit: ORDERS_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
}

const last = (raw: string | string[] | undefined) => (Array.isArray(raw) ? raw.at(-1) : raw);

/** The view a URL asks for; an unknown product or a state the product does not have falls back to its queue. */
export function orderViewFromSearchParams(sp: Record<string, string | string[] | undefined>): {
  view: OrderView;
  cursor?: string;
} {
  const asked = last(sp.product);
  const product = (QUEUED_PRODUCTS as string[]).includes(asked ?? "")
    ? (asked as QueuedProduct)
    : PRODUCT_TABS[0]!.product;
  const status = last(sp.status) ?? "";
  return {
    view: {
      product,
      status: (statusesOf(product).includes(status) ? status : ORDER_FLOWS[product].initial) as OrderStatusName,
    },
    cursor: last(sp.cursor) || undefined,
  };
}

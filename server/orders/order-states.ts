// The state machines of queued orders (decisions.md §5). Operators move orders with these named
// actions; any other move is refused. Terminal states have no moves.
export const ORDER_FLOWS = {
  placement: {
    initial: "queued",
    moves: {
      start: { from: ["queued"], to: "in_review" },
      activate: { from: ["in_review"], to: "active" },
      expire: { from: ["active"], to: "expired" },
      reject: { from: ["queued", "in_review"], to: "rejected" },
    },
  },
  evaluation: {
    initial: "queued",
    moves: {
      assign: { from: ["queued"], to: "assigned" },
      start: { from: ["assigned"], to: "in_progress" },
      complete: { from: ["in_progress"], to: "completed" },
      reject: { from: ["queued", "assigned", "in_progress"], to: "rejected" },
    },
  },
} as const;

export type QueuedProduct = keyof typeof ORDER_FLOWS;
export const ORDER_ACTIONS = ["assign", "start", "complete", "reject", "activate", "expire"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const QUEUED_PRODUCTS = Object.keys(ORDER_FLOWS) as QueuedProduct[];

/** Every state of either flow (a literal list for zod enums; order-states.test.ts checks it against ORDER_FLOWS). */
export const ORDER_STATUSES = [
  "queued",
  "in_review",
  "active",
  "expired",
  "assigned",
  "in_progress",
  "completed",
  "rejected",
] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** A product's states in the order of its flow: the initial one, then each move's target as declared. */
export function statusesOf(product: QueuedProduct): string[] {
  const flow = ORDER_FLOWS[product];
  return [...new Set([flow.initial, ...Object.values(flow.moves).map((m) => m.to)])];
}

/** Actions that must say why (shown to the buyer in the order's history). */
export const ACTIONS_NEEDING_REASON: readonly OrderAction[] = ["reject", "expire"];

/** The state an action leads to from `status`, or undefined when the move is not allowed. */
export function nextStatus(product: QueuedProduct, status: string, action: OrderAction): string | undefined {
  const move = (ORDER_FLOWS[product].moves as Record<string, { from: readonly string[]; to: string }>)[action];
  return move && move.from.includes(status) ? move.to : undefined;
}

/** The actions allowed from `status` (none for a terminal state). */
export function allowedActions(product: QueuedProduct, status: string): OrderAction[] {
  const moves = ORDER_FLOWS[product].moves as Record<string, { from: readonly string[]; to: string }>;
  return (Object.keys(moves) as OrderAction[]).filter((a) => moves[a]!.from.includes(status));
}

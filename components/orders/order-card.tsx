// One order as an operator sees it: what the buyer paid for, its state and window or result, its
// history (who moved it, and why), and the actions its state allows.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { OperatorOrder } from "@/server/orders/operator-orders";
import type { EvaluationRequest } from "@/server/orders/evaluation-request";
import type { PlacementRequest } from "@/server/orders/placement-request";
import { formatDateTime } from "./format-date-time";
import { STATUS_LABELS } from "./order-filters";
import { OrderActions } from "./order-actions";

const TONE: Record<string, "neutral" | "indigo" | "green" | "amber"> = {
  queued: "amber",
  in_review: "indigo",
  assigned: "indigo",
  in_progress: "indigo",
  active: "green",
  completed: "green",
  expired: "neutral",
  rejected: "neutral",
};

export function StatusBadge({ status }: { status: OperatorOrder["status"] }) {
  return (
    <span data-testid="order-status">
      <Badge tone={TONE[status] ?? "neutral"}>{STATUS_LABELS[status] ?? status}</Badge>
    </span>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

function PlacementInput({ input }: { input: PlacementRequest }) {
  const targeting = [
    input.targeting.capabilities?.length ? `capabilities: ${input.targeting.capabilities.join(", ")}` : null,
    input.targeting.query ? `query: “${input.targeting.query}”` : null,
  ].filter(Boolean);
  return (
    <>
      <Field label="Headline">{input.headline}</Field>
      <Field label="Text">{input.body}</Field>
      <Field label="Links to">{input.url ?? "the service's page in the marketplace"}</Field>
      <Field label="Targeting">{targeting.join("; ")}</Field>
      <Field label="Duration">
        {input.durationDays} day{input.durationDays === 1 ? "" : "s"} once active
      </Field>
    </>
  );
}

function EvaluationInput({ input }: { input: EvaluationRequest }) {
  return (
    <>
      <Field label="Scope">{input.scope}</Field>
      {input.offers && input.offers.length > 0 && <Field label="Offers">{input.offers.join(", ")}</Field>}
      <Field label="Contact">
        {input.contact.name ? `${input.contact.name} <${input.contact.email}>` : input.contact.email}
      </Field>
    </>
  );
}

export function OrderCard({ order, onMoved }: { order: OperatorOrder; onMoved: (order: OperatorOrder) => void }) {
  const titleId = `order-${order.id}-title`;
  const slug = order.service?.slug ?? order.input.service;
  const subject = order.service?.name ?? slug;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="order-card"
      data-order-id={order.id}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words">
            {order.product === "evaluation" ? "Evaluation of " : "Placement for "}
            <Link href={`/services/${slug}`} className="text-indigo-700 underline">
              {subject}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs text-slate-600">
            Order <span className="font-mono break-all">{order.id}</span> · paid {formatDateTime(order.createdAt)}
          </p>
        </div>
        <StatusBadge status={order.status} />
      </header>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {order.product === "placement" ? (
          <PlacementInput input={order.input as PlacementRequest} />
        ) : (
          <EvaluationInput input={order.input as EvaluationRequest} />
        )}
        {order.activeUntil && (
          <Field label="Active window">
            {order.activeFrom ? formatDateTime(order.activeFrom) : "?"} – {formatDateTime(order.activeUntil)}
          </Field>
        )}
        {order.result && (
          <Field label="Published review">
            <Link href={`/reviews/${order.result.reviewId}`} className="text-indigo-700 underline">
              Read the evaluation
            </Link>
          </Field>
        )}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-800">History</h3>
        <ol className="mt-1 space-y-1 text-sm text-slate-700" aria-label={`History of order ${order.id}`}>
          {order.history.map((e, i) => (
            <li key={i} className="break-words">
              <span className="font-medium text-slate-900">{STATUS_LABELS[e.status] ?? e.status}</span> ·{" "}
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              {e.actor && <> · by {e.actor.name}</>}
              {e.note && <> · {e.note}</>}
            </li>
          ))}
        </ol>
      </div>
      <OrderActions order={order} onMoved={onMoved} />
    </article>
  );
}

"use client";
// The buttons for exactly the actions an order's state allows. Reject and expire ask for a reason
// (the buyer reads it in the order's history); completing an evaluation asks for its review, which
// is published with the move. Every move says which state the operator saw, so an order another
// operator moved meanwhile is refused (409) instead of moved twice.
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import type { OperatorOrder } from "@/server/orders/operator-orders";
import type { OrderAction } from "@/server/orders/order-states";

const LABELS: Record<OrderAction, string> = {
  assign: "Assign to me",
  start: "Start",
  activate: "Activate",
  complete: "Complete…",
  reject: "Reject…",
  expire: "Expire now…",
};
const labelOf = (order: OperatorOrder, action: OrderAction) =>
  action === "start" ? (order.product === "placement" ? "Start review" : "Start evaluation") : LABELS[action];

const WITH_FORM: readonly OrderAction[] = ["reject", "expire", "complete"];
const FORWARD =
  "rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:bg-slate-400";
const STOP =
  "rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:text-slate-400";
const field =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500";

type Extra = { reason?: string; review?: { rating: number; title: string; body: string; tags?: string[] } };

export function OrderActions({ order, onMoved }: { order: OperatorOrder; onMoved: (order: OperatorOrder) => void }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const move = useMutation(
    trpc.orders.move.mutationOptions({
      onSuccess: (updated) => {
        setOpen(null);
        onMoved(updated);
      },
    }),
  );
  const send = (action: OrderAction, extra: Extra = {}) =>
    move.mutate({ orderId: order.id, action, expectedStatus: order.status, ...extra });

  if (order.allowedActions.length === 0)
    return (
      <p className="border-t border-slate-100 pt-3 text-sm text-slate-600">This order is final: no further action.</p>
    );
  return (
    <div className="space-y-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        {order.allowedActions.map((action) => {
          const stop = action === "reject" || action === "expire";
          return WITH_FORM.includes(action) ? (
            <button
              key={action}
              type="button"
              className={stop ? STOP : FORWARD}
              aria-expanded={open === action}
              disabled={move.isPending}
              onClick={() => setOpen(open === action ? null : action)}
            >
              {labelOf(order, action)}
            </button>
          ) : (
            <button
              key={action}
              type="button"
              className={FORWARD}
              disabled={move.isPending}
              onClick={() => send(action)}
            >
              {move.isPending && move.variables?.action === action ? "Saving…" : labelOf(order, action)}
            </button>
          );
        })}
      </div>
      {(open === "reject" || open === "expire") && (
        <ReasonForm action={open} pending={move.isPending} onSubmit={(reason) => send(open, { reason })} />
      )}
      {open === "complete" && (
        <ReviewForm pending={move.isPending} onSubmit={(review) => send("complete", { review })} />
      )}
      {move.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(move.error, "The order could not be moved. Please try again.")}
        </p>
      )}
    </div>
  );
}

function ReasonForm({
  action,
  pending,
  onSubmit,
}: {
  action: "reject" | "expire";
  pending: boolean;
  onSubmit: (reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const title = action === "reject" ? "Reject the order" : "Expire the placement now";
  return (
    <form
      aria-label={title}
      className="space-y-2 rounded-md bg-slate-50 p-3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit(reason);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Reason (the buyer sees it)
      </label>
      <textarea
        id={id}
        required
        maxLength={500}
        rows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className={field}
      />
      <button type="submit" disabled={pending || reason.trim() === ""} className={STOP}>
        {pending ? "Saving…" : title}
      </button>
    </form>
  );
}

function ReviewForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (review: NonNullable<Extra["review"]>) => void;
}) {
  const id = useId();
  const [rating, setRating] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [tags, setTags] = useState("");
  const ready = rating !== "" && title.trim() !== "" && body.trim() !== "";
  return (
    <form
      aria-label="Publish the evaluation"
      className="space-y-3 rounded-md bg-slate-50 p-3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        const tagList = tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean);
        onSubmit({ rating: Number(rating), title, body, ...(tagList.length > 0 ? { tags: tagList } : {}) });
      }}
    >
      <p className="text-sm text-slate-700">
        Completing the evaluation publishes this review under your name, marked human-reviewed, and links it to the
        order.
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div>
          <label htmlFor={`${id}-rating`} className="text-sm font-medium text-slate-700">
            Rating
          </label>
          <select
            id={`${id}-rating`}
            required
            value={rating}
            onChange={(e) => setRating(e.target.value)}
            className={field}
          >
            <option value="">Choose…</option>
            {[5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={r}>
                {r} star{r === 1 ? "" : "s"}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-title`} className="text-sm font-medium text-slate-700">
            Title
          </label>
          <input
            id={`${id}-title`}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            className={field}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-700">
          Findings
        </label>
        <textarea
          id={`${id}-body`}
          required
          maxLength={5000}
          rows={5}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${id}-tags`} className="text-sm font-medium text-slate-700">
          Tags <span className="font-normal text-slate-600">(optional, comma-separated)</span>
        </label>
        <input
          id={`${id}-tags`}
          maxLength={450}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          className={field}
        />
      </div>
      <button type="submit" disabled={pending || !ready} className={FORWARD}>
        {pending ? "Publishing…" : "Publish review and complete"}
      </button>
    </form>
  );
}

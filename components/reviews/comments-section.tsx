"use client";
// A review's comments: everyone reads them; a signed-in person adds one and edits or deletes their
// own; an operator hides abusive ones with a reason (kept for audit). Comments are plain text,
// rendered as text.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type ComponentProps, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { formatDate } from "@/components/ui/format";
import type { CommentRecord } from "@/server/reviews/review-record";
import { CommentTextField } from "./comment-text-field";
import { errorMessage } from "./error-message";
import { ActorBadge } from "./reviewed-badge";

const button = "rounded-md px-3 py-1.5 text-sm font-medium";
const primary = `${button} bg-indigo-600 text-white hover:bg-indigo-700 disabled:opacity-60`;
const secondary = `${button} bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-60`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800 disabled:opacity-60`;

function useRefreshReview(reviewId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.reviews.byId.queryKey({ id: reviewId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.reviews.viewer.queryKey({ id: reviewId }) }),
    ]);
}

export function CommentsSection({ reviewId }: { reviewId: string }) {
  const trpc = useTRPC();
  const { data: review } = useSuspenseQuery(trpc.reviews.byId.queryOptions({ id: reviewId }));
  const { data: viewer } = useSuspenseQuery(trpc.reviews.viewer.queryOptions({ id: reviewId }));
  const own = new Set(viewer.ownCommentIds);
  const isOperator = viewer.person?.role === "operator";
  return (
    <section aria-labelledby="comments-heading" className="space-y-3">
      <h2 id="comments-heading" className="text-xl font-semibold">
        Comments ({review.comments.length})
      </h2>
      {review.comments.length === 0 ? (
        <p className="text-sm text-slate-600">No comments yet.</p>
      ) : (
        <ol className="space-y-3">
          {review.comments.map((c) => (
            <li key={c.id}>
              <CommentItem reviewId={reviewId} comment={c} mine={own.has(c.id)} canHide={isOperator} />
            </li>
          ))}
        </ol>
      )}
      {viewer.person && <AddComment reviewId={reviewId} />}
    </section>
  );
}

function AddComment({ reviewId }: { reviewId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshReview(reviewId);
  const [body, setBody] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const add = useMutation(
    trpc.reviews.comment.add.mutationOptions({
      onSuccess: async () => {
        setBody("");
        await refresh();
        setStatus("Your comment was posted.");
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    if (body.trim()) add.mutate({ reviewId, body });
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Add a comment"
    >
      <CommentTextField label="Add a comment" value={body} onChange={setBody} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primary} disabled={add.isPending || !body.trim()}>
          {add.isPending ? "Posting…" : "Post comment"}
        </button>
        <span role="status" className="text-sm text-slate-600">
          {status}
        </span>
      </div>
      {add.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(add.error, "Your comment could not be posted. Please try again.")}
        </p>
      )}
    </form>
  );
}

type Mode = "view" | "edit" | "delete" | "hide";

function CommentItem({
  reviewId,
  comment: c,
  mine,
  canHide,
}: {
  reviewId: string;
  comment: CommentRecord;
  mine: boolean;
  canHide: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshReview(reviewId);
  const [mode, setMode] = useState<Mode>("view");
  const [draft, setDraft] = useState(c.body);
  const [reason, setReason] = useState("");
  const done = async () => {
    await refresh();
    setMode("view");
  };
  const edit = useMutation(trpc.reviews.comment.edit.mutationOptions({ onSuccess: done }));
  const remove = useMutation(trpc.reviews.comment.delete.mutationOptions({ onSuccess: refresh }));
  const hide = useMutation(trpc.moderation.hideComment.mutationOptions({ onSuccess: refresh }));
  const failed = edit.error ?? remove.error ?? hide.error;

  return (
    <article
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="comment"
      data-comment-id={c.id}
      aria-label={`Comment by ${c.name}`}
    >
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600">
        <span className="font-medium break-words text-slate-800">{c.name}</span>
        <ActorBadge actorType={c.actorType} />
        <time dateTime={new Date(c.created_at).toISOString()}>{formatDate(c.created_at)}</time>
        {mine && <span className="text-slate-600">(you)</span>}
      </p>
      {mode === "edit" ? (
        <InlineCommentForm
          field={{ label: "Edit your comment", value: draft, onChange: setDraft }}
          submit={{ className: primary, pending: edit.isPending, label: "Save", pendingLabel: "Saving…" }}
          onSubmit={() => edit.mutate({ commentId: c.id, body: draft })}
          onCancel={() => setMode("view")}
        />
      ) : (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800" data-testid="comment-body">
          {c.body}
        </p>
      )}
      {mode === "delete" && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Confirm deletion">
          <span>Delete this comment?</span>
          <button
            type="button"
            className={danger}
            disabled={remove.isPending}
            onClick={() => remove.mutate({ commentId: c.id })}
          >
            {remove.isPending ? "Deleting…" : "Delete"}
          </button>
          <button type="button" className={secondary} onClick={() => setMode("view")}>
            Keep it
          </button>
        </div>
      )}
      {mode === "hide" && (
        <InlineCommentForm
          field={{
            label: "Why hide this comment? (kept for the audit list)",
            value: reason,
            onChange: setReason,
            max: 500,
            rows: 2,
          }}
          submit={{ className: danger, pending: hide.isPending, label: "Hide comment", pendingLabel: "Hiding…" }}
          onSubmit={() => hide.mutate({ commentId: c.id, reason })}
          onCancel={() => setMode("view")}
        />
      )}
      {mode === "view" && (mine || canHide) && (
        <div className="mt-2 flex flex-wrap gap-2">
          {mine && (
            <>
              <button
                type="button"
                className={secondary}
                onClick={() => (setDraft(c.body), setMode("edit"))}
                aria-label={`Edit your comment from ${formatDate(c.created_at)}`}
              >
                Edit
              </button>
              <button
                type="button"
                className={secondary}
                onClick={() => setMode("delete")}
                aria-label={`Delete your comment from ${formatDate(c.created_at)}`}
              >
                Delete
              </button>
            </>
          )}
          {canHide && (
            <button
              type="button"
              className={secondary}
              onClick={() => setMode("hide")}
              aria-label={`Hide the comment by ${c.name}`}
            >
              Hide
            </button>
          )}
        </div>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(failed, "That did not work. Please try again.")}
        </p>
      )}
    </article>
  );
}

/** A comment's inline form (edit, hide): its text field, a submit button that waits for text, and Cancel. */
function InlineCommentForm({
  field,
  submit,
  onSubmit,
  onCancel,
}: {
  field: ComponentProps<typeof CommentTextField>;
  submit: { className: string; pending: boolean; label: string; pendingLabel: string };
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (field.value.trim()) onSubmit();
      }}
    >
      <CommentTextField {...field} autoFocus />
      <div className="flex gap-2">
        <button type="submit" className={submit.className} disabled={submit.pending || !field.value.trim()}>
          {submit.pending ? submit.pendingLabel : submit.label}
        </button>
        <button type="button" className={secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

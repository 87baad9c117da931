"use client";
// Like and favourite for a signed-in person: toggle buttons (aria-pressed) with live counts. The
// click shows at once (optimistic), is rolled back if the server refuses, and then the server's
// counters replace the guess. The request sets the chosen state rather than toggling, so a retried
// or doubled request cannot flip it back.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { Engagement } from "@/server/reviews/review-record";
import { errorMessage } from "./error-message";

type Kind = "like" | "favorite";
const COPY = {
  like: { label: "Like", counter: "likes", flag: "liked", icon: "♥" },
  favorite: { label: "Favourite", counter: "favorites", flag: "favorited", icon: "★" },
} as const;

export function EngagementButtons({ reviewId }: { reviewId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reviewKey = trpc.reviews.byId.queryKey({ id: reviewId });
  const viewerKey = trpc.reviews.viewer.queryKey({ id: reviewId });
  const { data: review } = useSuspenseQuery(trpc.reviews.byId.queryOptions({ id: reviewId }));
  const { data: viewer } = useSuspenseQuery(trpc.reviews.viewer.queryOptions({ id: reviewId }));
  const [error, setError] = useState<string | null>(null);

  const useMark = (kind: Kind) => {
    const { counter, flag } = COPY[kind];
    const procedure = kind === "like" ? trpc.reviews.like : trpc.reviews.favorite;
    return useMutation(
      procedure.mutationOptions({
        onMutate: async ({ active }) => {
          setError(null);
          await Promise.all([
            queryClient.cancelQueries({ queryKey: reviewKey }),
            queryClient.cancelQueries({ queryKey: viewerKey }),
          ]);
          const before = { review: queryClient.getQueryData(reviewKey), viewer: queryClient.getQueryData(viewerKey) };
          queryClient.setQueryData(viewerKey, (v) => (v ? { ...v, [flag]: !!active } : v));
          queryClient.setQueryData(reviewKey, (r) => {
            if (!r) return r;
            const c = r.engagement[counter];
            const human = Math.max(0, c.human + (active ? 1 : -1));
            return { ...r, engagement: { ...r.engagement, [counter]: { ...c, human } } as Engagement };
          });
          return before;
        },
        onError: (err, _input, before) => {
          if (before?.review) queryClient.setQueryData(reviewKey, before.review);
          if (before?.viewer) queryClient.setQueryData(viewerKey, before.viewer);
          setError(errorMessage(err, `Your ${COPY[kind].label.toLowerCase()} could not be saved.`));
        },
        onSuccess: (result) => {
          queryClient.setQueryData(viewerKey, (v) => (v ? { ...v, [flag]: result.active } : v));
          queryClient.setQueryData(reviewKey, (r) => (r ? { ...r, engagement: result.engagement } : r));
        },
      }),
    );
  };
  const like = useMark("like");
  const favorite = useMark("favorite");

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {(["like", "favorite"] as const).map((kind) => {
          const { label, counter, flag, icon } = COPY[kind];
          const pressed = viewer[flag];
          const c = review.engagement[counter];
          const mutation = kind === "like" ? like : favorite;
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={pressed}
              onClick={() => mutation.mutate({ id: reviewId, active: !pressed })}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 text-sm font-medium ring-1 ring-inset ${
                pressed
                  ? "bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-700"
                  : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"
              }`}
              data-testid={`${kind}-button`}
            >
              <span aria-hidden="true">{icon}</span>
              {label}
              <span
                className={`rounded-full px-2 text-xs ${pressed ? "bg-indigo-500" : "bg-slate-100"}`}
                data-testid={`${kind}-count`}
              >
                {c.human + c.llm}
              </span>
            </button>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

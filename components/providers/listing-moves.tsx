"use client";
// The owner's moves on a listing: pause and resume an approved one (its service leaves and rejoins
// search, the shortlist and routing), and withdraw any listing that is not withdrawn yet, after a
// second click (final: an approved service's record then answers 404; its history is kept).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorMessage, secondaryButtonClass } from "@/components/account/form-parts";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import type { ListingView } from "@/server/listings/listing-schema";

type Move = "pause" | "resume" | "withdraw";

export function ListingMoves({ listing }: { listing: ListingView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const move = useMutation(
    trpc.listings.move.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.listings.byId.queryKey({ id: updated.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.listings.mine.queryKey() });
        setConfirming(false);
      },
      onError: (e) => setError(errorMessage(e, "The listing could not be changed.")),
    }),
  );
  if (listing.status === "withdrawn") return null;
  const service = listing.service;
  const canPause = service !== null && service.state === "listed";
  const go = (m: Move) => {
    setError(null);
    move.mutate({ id: listing.id, move: m });
  };
  return (
    <div className="space-y-2" data-testid="listing-moves">
      <div className="flex flex-wrap gap-2">
        {canPause && (
          <button type="button" className={secondaryButtonClass} disabled={move.isPending} onClick={() => go("pause")}>
            Pause
          </button>
        )}
        {listing.status === "paused" && (
          <button type="button" className={secondaryButtonClass} disabled={move.isPending} onClick={() => go("resume")}>
            Resume
          </button>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className={`${secondaryButtonClass} border-red-300 text-red-800`}
              disabled={move.isPending}
              onClick={() => go("withdraw")}
            >
              Withdraw for good
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
            Withdraw…
          </button>
        )}
      </div>
      {confirming && (
        <p className="text-sm text-slate-700">
          Withdrawing is final: the listing stops here{service ? ", and its service leaves the catalog" : ""}.
        </p>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}

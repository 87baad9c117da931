"use client";
// The reviews this person favourited, newest favourite first, each linking to its page.
import { useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { ReviewedBadge } from "@/components/reviews/reviewed-badge";
import { Stars } from "@/components/ui/stars";
import { Section } from "./section";

export function FavoriteList() {
  const trpc = useTRPC();
  const { data: favorites } = useSuspenseQuery(trpc.account.favorites.queryOptions());
  return (
    <Section id="favorites" title="Favourites" description="Reviews you marked as favourite.">
      {favorites.length === 0 ? (
        <p className="text-sm text-slate-600">
          No favourites yet. Open a review and press “Favourite” to keep it here.{" "}
          <Link href="/services" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Browse services
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Favourite reviews">
          {favorites.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <Link
                  href={`/reviews/${r.id}`}
                  className="break-words font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  {r.title}
                </Link>
                <p className="text-xs text-slate-600">{r.subject}</p>
              </div>
              <ReviewedBadge revision={r.revision} />
              <Stars rating={r.rating} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { currentPerson } from "@/components/account/current-person";
import { NewListingForm } from "@/components/providers/new-listing-form";
import { SignInNeeded } from "@/components/providers/sign-in-needed";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "List an API", robots: { index: false } };

export default async function NewListingPage() {
  if (!(await currentPerson())) return <SignInNeeded next="/providers/new" />;
  const loaded = await loadPageData((qc) => qc.fetchQuery(trpc.listings.limits.queryOptions()));
  const limits = loaded.ok ? loaded.data : null;
  return (
    <HydrateClient>
      <div className="space-y-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">List an API</h1>
          <p className="mt-2 max-w-3xl text-slate-600">
            The marketplace drafts the listing from your endpoints&apos; 402 answers; you add what they cannot say,
            prove you control the payee, and submit it for review.{" "}
            <Link href="/providers" className="font-medium text-indigo-700 underline">
              Your listings
            </Link>
          </p>
        </div>
        {limits && (
          <NewListingForm
            maxUrls={limits.maxUrlsPerListing}
            maxListings={limits.maxListingsPerAccount}
            sandboxOrigin={limits.sandboxOrigin}
          />
        )}
      </div>
    </HydrateClient>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { currentPerson } from "@/components/account/current-person";
import { Section } from "@/components/account/section";
import { ListingList } from "@/components/providers/listing-list";
import { SignInNeeded } from "@/components/providers/sign-in-needed";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Your listings", robots: { index: false } };

export default async function ProvidersPage() {
  if (!(await currentPerson())) return <SignInNeeded next="/providers" />;
  await loadPageData((qc) => qc.fetchQuery(trpc.listings.mine.queryOptions()));
  return (
    <HydrateClient>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Your listings</h1>
          <Link
            href="/providers/new"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            List an API
          </Link>
        </div>
        <ListingList />
        <Section
          id="activity"
          title="Tests and calls"
          description="The marketplace's tests of your approved listings, the calls agents made through the marketplace, and their reviews will be shown here."
        >
          <p className="text-sm text-slate-600">Nothing recorded for your listings yet.</p>
        </Section>
      </div>
    </HydrateClient>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { currentPerson } from "@/components/account/current-person";
import { ListingList } from "@/components/providers/listing-list";
import { SignInNeeded } from "@/components/providers/sign-in-needed";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Your listings", robots: { index: false } };

export default async function ProvidersPage() {
  if (!(await currentPerson())) return <SignInNeeded next="/providers" />;
  await loadPageData(async (qc) => {
    const listings = await qc.fetchQuery(trpc.listings.mine.queryOptions());
    // Each approved listing's summary line (at most LISTINGS_PER_ACCOUNT of them), rendered with the page.
    await Promise.all(
      listings
        .filter((l) => l.service !== null)
        .map((l) => qc.fetchQuery(trpc.listings.activity.queryOptions({ id: l.id }))),
    );
  });
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
        <p className="text-sm text-slate-600">
          An approved listing&apos;s page shows its probes, the marketplace&apos;s tests of it, the calls agents made
          through the marketplace, and their reviews; its service page shows them to everyone.
        </p>
      </div>
    </HydrateClient>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { currentPerson } from "@/components/account/current-person";
import { ListingActivitySections } from "@/components/providers/listing-activity";
import { ListingEditor } from "@/components/providers/listing-editor";
import { SignInNeeded } from "@/components/providers/sign-in-needed";
import { listingIdSchema } from "@/server/listings/listing-schema";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Your listing", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

export default async function ListingPage({ params }: Props) {
  const parsed = listingIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { id } = parsed.data;
  if (!(await currentPerson())) return <SignInNeeded next={`/providers/${id}`} />;
  // Another account's listing is NOT_FOUND: the 404 page.
  await loadPageData((qc) =>
    Promise.all([
      qc.fetchQuery(trpc.listings.byId.queryOptions({ id })),
      // What happened to its approved service (null before an approval), rendered with the page.
      qc.fetchQuery(trpc.listings.activity.queryOptions({ id })),
    ]),
  );
  return (
    <HydrateClient>
      <div className="space-y-6">
        <p className="text-sm">
          <Link href="/providers" className="font-medium text-indigo-700 underline">
            ← Your listings
          </Link>
        </p>
        <h1 className="sr-only">Your listing</h1>
        <ListingEditor id={id} />
        <ListingActivitySections id={id} />
      </div>
    </HydrateClient>
  );
}

import Link from "next/link";

// Shown instead of results when the catalog refuses the search itself (e.g. text PostgreSQL
// cannot hold): the visitor learns what to change rather than seeing an error page.
export function InvalidSearch({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-6">
      <p className="font-medium text-amber-950">That is not a valid search.</p>
      <p className="mt-1 text-sm text-amber-900">{message}</p>
      <Link href="/services" className="mt-3 inline-block text-indigo-700 underline">
        Clear all filters
      </Link>
    </div>
  );
}

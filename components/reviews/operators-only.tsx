import Link from "next/link";

/** What a signed-in member sees on an operator page (/operator, /operator/orders). */
export function OperatorsOnly({ tool = "The moderation queue" }: { tool?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-8">
      <h1 className="text-2xl font-bold">Operators only</h1>
      <p className="mt-2 text-slate-600">
        {tool} is for marketplace operators. Your account can browse, review, comment, like and favourite as usual.
      </p>
      <p className="mt-4 flex flex-wrap gap-4 text-sm">
        <Link href="/services" className="font-medium text-indigo-700 underline">
          Browse services
        </Link>
        <Link href="/account" className="font-medium text-indigo-700 underline">
          Your account
        </Link>
      </p>
    </div>
  );
}

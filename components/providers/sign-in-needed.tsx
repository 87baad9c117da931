// What a signed-out visitor sees on a provider page: why, and the way in (back here afterwards).
import Link from "next/link";

export function SignInNeeded({ next }: { next: string }) {
  const query = `?next=${encodeURIComponent(next)}`;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6 sm:p-8">
      <h1 className="text-2xl font-bold">List your x402 API</h1>
      <p className="mt-2 text-slate-600">
        Sign in to list an API: the marketplace reads the terms from your endpoints&apos; 402 answers, you fill in the
        rest, prove you control the payee, and operators review it.
      </p>
      <p className="mt-4 flex flex-wrap gap-4 text-sm">
        <Link href={`/sign-in${query}`} className="font-medium text-indigo-700 underline">
          Sign in
        </Link>
        <Link href={`/sign-up${query}`} className="font-medium text-indigo-700 underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}

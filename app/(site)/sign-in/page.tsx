import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentPerson } from "@/components/account/current-person";
import { safeNextPath } from "@/components/account/safe-next";
import { SignInForm } from "@/components/account/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNextPath((await searchParams).next);
  if (await currentPerson()) redirect(next);
  return (
    <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">
        Comment on reviews, like and keep favourites, and create marketplace tokens for your agents.
      </p>
      <div className="mt-6">
        <SignInForm next={next} />
      </div>
      <p className="mt-6 text-sm text-slate-700">
        New here?{" "}
        <Link
          href={`/sign-up?next=${encodeURIComponent(next)}`}
          className="font-medium text-indigo-700 underline hover:text-indigo-900"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentPerson } from "@/components/account/current-person";
import { safeNextPath } from "@/components/account/safe-next";
import { SignUpForm } from "@/components/account/sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNextPath((await searchParams).next);
  if (await currentPerson()) redirect(next);
  return (
    <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">Create an account</h1>
      <p className="mt-1 text-sm text-slate-600">Free. Your email is never shown to anyone.</p>
      <div className="mt-6">
        <SignUpForm next={next} />
      </div>
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{" "}
        <Link
          href={`/sign-in?next=${encodeURIComponent(next)}`}
          className="font-medium text-indigo-700 underline hover:text-indigo-900"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}

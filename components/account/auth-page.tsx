// The frame of the sign-in and sign-up pages: where the person goes afterwards, and the card with
// the form and the link to the other page (which keeps `next`).
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { currentPerson } from "./current-person";
import { safeNextPath } from "./safe-next";

export interface AuthPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The safe `next` path of the page; a person already signed in is sent there at once. */
export async function nextUnlessSignedIn(searchParams: AuthPageProps["searchParams"]): Promise<string> {
  const next = safeNextPath((await searchParams).next);
  if (await currentPerson()) redirect(next);
  return next;
}

export function AuthCard({
  title,
  intro,
  next,
  other,
  children,
}: {
  title: string;
  intro: string;
  next: string;
  /** The other page: the question before its link, its path and the link's text. */
  other: { prompt: string; path: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <div className="mt-6">{children}</div>
      <p className="mt-6 text-sm text-slate-700">
        {other.prompt}{" "}
        <Link
          href={`${other.path}?next=${encodeURIComponent(next)}`}
          className="font-medium text-indigo-700 underline hover:text-indigo-900"
        >
          {other.label}
        </Link>
      </p>
    </div>
  );
}

// The header's account links: "Sign in" for visitors; the person's name, "Listings" (their own API
// listings), "Account", "Moderation" and "Orders" for operators and "Sign out" once signed in.
import Link from "next/link";
import { logger } from "@/server/logger";
import { currentPerson } from "./current-person";
import { SignOutButton } from "./sign-out-button";

const linkClass = "rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900";

async function personOrNull() {
  try {
    return await currentPerson();
  } catch (err) {
    // The header must not take the page down with it: the page itself reports an outage.
    logger.warn({ err: { message: (err as Error).message } }, "header could not read the session");
    return null;
  }
}

export async function AccountNav() {
  const person = await personOrNull();
  if (!person) {
    return (
      <li>
        <Link href="/sign-in" className={linkClass}>
          Sign in
        </Link>
      </li>
    );
  }
  return (
    <>
      {person.role === "operator" && (
        <li>
          <Link href="/operator" className={linkClass}>
            Dashboard
          </Link>
        </li>
      )}
      {person.role === "operator" && (
        <li>
          <Link href="/operator/moderation" className={linkClass}>
            Moderation
          </Link>
        </li>
      )}
      {person.role === "operator" && (
        <li>
          <Link href="/operator/orders" className={linkClass}>
            Orders
          </Link>
        </li>
      )}
      <li className="max-w-[12rem] truncate px-2 py-2 font-medium text-slate-900" title={person.name}>
        <span className="sr-only">Signed in as </span>
        {person.name}
      </li>
      <li>
        <Link href="/providers" className={linkClass}>
          Listings
        </Link>
      </li>
      <li>
        <Link href="/account" className={linkClass}>
          Account
        </Link>
      </li>
      <li>
        <SignOutButton />
      </li>
    </>
  );
}

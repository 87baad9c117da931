import Link from "next/link";
import type { ReactNode } from "react";
import { AccountNav } from "@/components/account/account-nav";

const NAV = [
  { href: "/services", label: "Browse services" },
  { href: "/docs", label: "Docs" },
];

export default async function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
            <span
              aria-hidden="true"
              className="grid h-7 w-7 place-items-center rounded-md bg-indigo-600 text-sm text-white"
            >
              402
            </span>
            Agent Payment Marketplace
          </Link>
          <nav aria-label="Main">
            <ul className="flex flex-wrap items-center gap-1 text-sm">
              {NAV.map((n) => (
                <li key={n.href}>
                  <Link
                    href={n.href}
                    className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    {n.label}
                  </Link>
                </li>
              ))}
              <AccountNav />
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-600">
          <span>Prices in USD, paid per request in USDC with x402.</span>
          <Link className="underline hover:text-slate-900" href="/docs">
            API docs
          </Link>
          <a className="underline hover:text-slate-900" href="/api/catalog/services">
            Catalog API
          </a>
        </div>
      </footer>
    </>
  );
}

// The operator's tools, as tabs at the top of each of their pages.
import Link from "next/link";

const TOOLS = [
  { href: "/operator", label: "Dashboard", id: "dashboard" },
  { href: "/operator/moderation", label: "Moderation", id: "moderation" },
  { href: "/operator/orders", label: "Orders", id: "orders" },
] as const;

export function OperatorNav({ current }: { current: (typeof TOOLS)[number]["id"] }) {
  return (
    <nav aria-label="Operator tools" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-4 text-sm">
        {TOOLS.map((t) => (
          <li key={t.id}>
            <Link
              href={t.href}
              aria-current={t.id === current ? "page" : undefined}
              className={`inline-block border-b-2 px-1 pb-2 font-medium ${t.id === current ? "border-indigo-600 text-indigo-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

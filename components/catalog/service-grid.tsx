"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import type { ServiceSummary } from "@/server/catalog/list-services";
import { ServiceCard } from "./service-card";

export function ServiceGrid({ services }: { services: ServiceSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((s) => (
        <li key={s.id}>
          <ServiceCard service={s} />
        </li>
      ))}
    </ul>
  );
}

export function NoServices({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">{children}</p>
      <Link href="/services" className="mt-2 inline-block text-indigo-700 underline">
        Clear all filters
      </Link>
    </div>
  );
}

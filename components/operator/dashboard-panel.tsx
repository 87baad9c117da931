"use client";
// One panel of the dashboard: its heading, and the loading, error (with a retry) and empty states
// every panel has, around its figures. A panel whose load failed on the server is loaded again by
// the browser (the page hands over only the panels it loaded).
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

interface Props<T> {
  id: string;
  title: string;
  description: string;
  query: UseQueryResult<T, unknown>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}

export function DashboardPanel<T>({ id, title, description, query, isEmpty, empty, children }: Props<T>) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid={`panel-${id}`}
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      {query.isError && !query.data ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Could not load this panel.{" "}
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="font-medium underline focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Try again
          </button>
        </div>
      ) : query.data === undefined ? (
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      ) : isEmpty(query.data) ? (
        <p className="text-sm text-slate-600" data-testid={`panel-${id}-empty`}>
          {empty}
        </p>
      ) : (
        children(query.data)
      )}
    </section>
  );
}

/** A figure in a panel's summary line. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold break-words text-slate-900">{value}</dd>
    </div>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">{children}</dl>;
}

/** A table that may be wider than a phone: it scrolls inside its box, the page never does. */
export function PanelTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-w-full overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left text-sm font-medium text-slate-700">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const th = "border-b border-slate-200 py-1 pr-3 font-medium text-slate-700";
export const td = "border-b border-slate-100 py-1 pr-3 align-top";

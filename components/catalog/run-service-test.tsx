"use client";
// The operators' "test a service now" on the moderation page: the marketplace pays each x402 offer of
// the service once through the observer, under the daily test budget (server/marketplace-tests/), and
// shows what each answered. Approved listings are tested on approval, and tested services again after
// a terms change; this is for anything else (a provider fixed its API, a doubt).
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { primaryButtonClass } from "@/components/account/form-parts";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { TestStatusBadge } from "./test-status";
import type { TestStatus } from "@/server/catalog/vocabulary";

const OUTCOME_TEXT = {
  output: "output",
  "no-output": "no output",
  "skipped-budget": "skipped: today's test budget is spent",
  refused: "refused: the marketplace may not call it now",
} as const;

export function RunServiceTest() {
  const trpc = useTRPC();
  const slugId = useId();
  const [slug, setSlug] = useState("");
  const run = useMutation(trpc.moderation.runServiceTest.mutationOptions());
  const report = run.data;
  return (
    <section aria-labelledby="run-test-heading" className="space-y-3" data-testid="run-service-test">
      <h2 id="run-test-heading" className="text-xl font-semibold">
        Test a service now
      </h2>
      <p className="text-sm text-slate-600">
        The marketplace pays each of the service&apos;s x402 offers once through the observer with its example input,
        from the test wallet and within the daily test budget, and records what it answered. Approved listings are
        tested on approval.
      </p>
      <form
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (slug.trim()) run.mutate({ slug: slug.trim() });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={slugId} className="block text-sm font-medium text-slate-800">
            Service (slug)
          </label>
          <input
            id={slugId}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            maxLength={120}
            autoComplete="off"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" disabled={run.isPending || slug.trim() === ""} className={primaryButtonClass}>
          {run.isPending ? "Testing…" : "Run the test"}
        </button>
      </form>
      {run.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(run.error, "The test could not be run. Please try again.")}
        </p>
      )}
      {report && (
        <div role="status" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <Link
              href={`/services/${encodeURIComponent(report.slug)}`}
              className="font-medium text-indigo-700 underline"
            >
              {report.slug}
            </Link>
            <TestStatusBadge status={report.testStatus as TestStatus} />
          </p>
          <ul className="space-y-1" aria-label="Each offer's test">
            {report.tests.map((t) => (
              <li key={t.id} className="break-words">
                <span className="font-mono break-all">
                  {t.method} {t.path}
                </span>
                : {OUTCOME_TEXT[t.outcome]}
                {t.status !== null && ` (HTTP ${t.status})`}
                {t.latencyMs !== null && `, ${t.latencyMs} ms`}
                {t.detail && `; ${t.detail}`}
                {t.excerpt && <span className="block text-xs text-slate-600">{t.excerpt}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

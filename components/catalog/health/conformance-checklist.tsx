// Every x402 conformance check the probes run, for the service: failed (in plain words, with the
// offers that failed it), passed, or not run. An offer runs the checks only when its last answered
// probe got a verdict. As the probe runs them (server/probes/conformance.ts): nothing after a missing
// 402 or an unreadable PAYMENT-REQUIRED; without a readable `accepts` entry not the entry's checks
// (network, asset, amount, payee), which then count as not run unless one of them failed.
import type { OfferHealthObject } from "@/server/probes/health-schema";
import { CONFORMANCE_CHECK_TEXT, CONFORMANCE_CHECKS, type ConformanceCheck } from "@/server/probes/conformance-checks";

type CheckState = "passed" | "failed" | "not_run";
const GATES: readonly ConformanceCheck[] = ["answers_402", "payment_required_header"];
const ENTRY_CHECKS: readonly ConformanceCheck[] = [
  "network_caip2",
  "asset_known",
  "amount_matches_price",
  "pay_to_matches",
];

/** Each check's state for one offer: not run without a verdict, after a failed gate, or (the entry's
 * checks) when no `accepts` entry may have been readable. */
export function offerCheckStates(h: OfferHealthObject): Record<ConformanceCheck, CheckState> {
  const failed = (c: ConformanceCheck) => h.failedChecks.includes(c);
  const noEntry = failed("accepts_known_scheme") && !ENTRY_CHECKS.some(failed);
  let blocked = h.state !== "conformant" && h.state !== "non_conformant";
  const out = {} as Record<ConformanceCheck, CheckState>;
  for (const c of CONFORMANCE_CHECKS) {
    if (blocked) out[c] = "not_run";
    else if (failed(c)) {
      out[c] = "failed";
      if (GATES.includes(c)) blocked = true;
    } else out[c] = noEntry && ENTRY_CHECKS.includes(c) ? "not_run" : "passed";
  }
  return out;
}

const MARK: Record<CheckState, { word: string; icon: string; className: string }> = {
  passed: { word: "Passed", icon: "✓", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { word: "Failed", icon: "✕", className: "bg-red-50 text-red-800 ring-red-200" },
  not_run: { word: "Not run", icon: "–", className: "bg-slate-100 text-slate-700 ring-slate-200" },
};

export function ConformanceChecklist({
  offers,
  offerLabel,
}: {
  offers: [string, OfferHealthObject][];
  offerLabel: (offerId: string) => string;
}) {
  const perOffer = offers.map(([id, h]) => [id, offerCheckStates(h)] as const);
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
      data-testid="conformance-checklist"
    >
      {CONFORMANCE_CHECKS.map((check) => {
        const failedBy = perOffer.filter(([, s]) => s[check] === "failed").map(([id]) => id);
        const state: CheckState =
          failedBy.length > 0 ? "failed" : perOffer.some(([, s]) => s[check] === "passed") ? "passed" : "not_run";
        const mark = MARK[state];
        return (
          <li key={check} className="flex gap-3 p-3 text-sm" data-check={check} data-state={state}>
            <span
              className={`inline-flex h-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${mark.className}`}
            >
              <span aria-hidden="true">{mark.icon}</span>
              {mark.word}
            </span>
            <div className="min-w-0">
              <p className={state === "failed" ? "font-medium text-slate-900" : "text-slate-700"}>
                {CONFORMANCE_CHECK_TEXT[check]}
              </p>
              {state === "failed" && (
                <p className="mt-0.5 text-xs break-all text-red-800">
                  Not so for {failedBy.map(offerLabel).join(", ")}.
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

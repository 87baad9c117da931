"use client";
// What happened to an approved listing's service, for its owner: the probes, the marketplace's paid
// tests, the calls agents made through the marketplace and the reviews with their verified share.
// Text only (React escapes every provider- and agent-written string); each table has a caption and
// column headers, and sits in a focusable region that scrolls inside itself on a narrow screen, so
// the page never scrolls sideways.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { Section } from "@/components/account/section";
import { formatDateTime } from "@/components/orders/format-date-time";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/components/ui/format";
import { Stat } from "@/components/ui/stat";
import type { ListingActivity as Activity } from "@/server/listings/provider-overview-schema";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";

const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 1000) / 10} %`);
const uptime = (p: number | null) => (p === null ? "–" : `${p} %`);
const ms = (n: number | null) => (n === null ? "–" : `${formatNumber(n)} ms`);
const offerText = (o: { method: string; path: string } | null) => (o ? `${o.method} ${o.path}` : "removed offer");

function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      {children}
    </dl>
  );
}

function Table({
  caption,
  head,
  children,
  narrow = false,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  /** A table of two or three short columns: as wide as its content, not the card. */
  narrow?: boolean;
}) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="mt-4 max-w-full overflow-x-auto">
      <table className={`${narrow ? "w-auto" : "w-full"} border-collapse text-left text-xs sm:text-sm`}>
        <caption className="mb-2 text-left font-medium text-slate-800">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const cell = "px-1.5 py-1 align-top sm:px-2";
const Empty = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <p className="text-sm text-slate-600" data-testid={testId}>
    {children}
  </p>
);

type Offer = { method: string; path: string };

/** The tables' columns: the offer is a column only when the service has more than one (one offer is
 * named once above the table, which keeps the table narrow enough for a phone). */
function withOffer(head: string[], single: Offer | null) {
  return single ? head : [head[0]!, "Offer", ...head.slice(1)];
}
function OfferCell({ offer, single }: { offer: Offer | null; single: Offer | null }) {
  if (single) return null;
  return <td className={`${cell} break-all font-mono text-xs`}>{offerText(offer)}</td>;
}
function SingleOffer({ offer }: { offer: Offer | null }) {
  if (!offer) return null;
  return (
    <p className="mt-4 text-sm">
      Offer <span className="break-all font-mono text-xs">{offerText(offer)}</span>
    </p>
  );
}

function Probes({ probes, single }: { probes: Activity["probes"]; single: Offer | null }) {
  const h = probes.health;
  if (probes.recent.length === 0 && h.lastProbedAt === null)
    return (
      <div data-testid="activity-probes">
        <Empty testId="activity-probes-empty">Not probed yet: the scheduler probes each offer within minutes.</Empty>
      </div>
    );
  return (
    <div data-testid="activity-probes">
      <Figures label="Probe figures">
        <Stat label="State" value={h.state.replace("_", "-")} />
        <Stat label="Uptime 24 h" value={uptime(h.uptime24h)} />
        <Stat label="Uptime 7 d" value={uptime(h.uptime7d)} />
        <Stat label="Uptime 30 d" value={uptime(h.uptime30d)} />
        <Stat label="Latency p50 (7 d)" value={ms(h.latencyP50Ms)} />
        <Stat label="Latency p95 (7 d)" value={ms(h.latencyP95Ms)} />
        <Stat label="Offers conformant" value={`${h.offersConformant} of ${h.offersProbed} probed`} />
        <Stat label="Last probed" value={h.lastProbedAt ? formatDateTime(h.lastProbedAt) : "never"} />
      </Figures>
      {probes.recent.length === 0 ? (
        <div className="mt-4">
          <Empty testId="activity-probes-empty">No probe of the last days is kept; the figures above remain.</Empty>
        </div>
      ) : (
        <>
          <SingleOffer offer={single} />
          <Table
            caption="Latest probes"
            head={withOffer(["When", "Verdict", "Status", "Latency", "Failed checks"], single)}
          >
            {probes.recent.map((p, i) => (
              <tr key={`${p.offer.id}-${p.probedAt}-${i}`} className="border-b border-slate-100">
                <td className={cell}>
                  <time dateTime={p.probedAt}>{formatDateTime(p.probedAt)}</time>
                </td>
                <OfferCell offer={p.offer} single={single} />
                <td className={cell}>{p.verdict.replace("_", "-")}</td>
                <td className={cell}>{p.status ?? "no answer"}</td>
                <td className={cell}>{ms(p.latencyMs)}</td>
                <td className={`${cell} break-words`}>
                  {p.failedChecks.length === 0
                    ? (p.detail ?? "none")
                    : p.failedChecks.map((c) => CONFORMANCE_CHECK_TEXT[c] ?? c).join("; ")}
                </td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </div>
  );
}

function Tests({ tests }: { tests: Activity["tests"] }) {
  if (tests.total === 0)
    return (
      <Empty testId="activity-tests-empty">
        Not tested yet: the marketplace pays for one call of each offer after an approval.
      </Empty>
    );
  return (
    <div data-testid="activity-tests">
      <p className="text-sm">
        {formatNumber(tests.total)} test(s), ${tests.spentUsd} paid by the marketplace in all.
      </p>
      <ul className="mt-4 space-y-3" aria-label="Marketplace tests, newest first">
        {tests.recent.map((t) => (
          <li key={t.id} className="rounded-md border border-slate-200 p-3 text-sm" data-testid="activity-test-row">
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone={t.outcome === "output" ? "green" : t.outcome === "running" ? "neutral" : "amber"}>
                {t.outcome}
              </Badge>
              <span className="break-all font-mono text-xs">{offerText(t.offer)}</span>
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-[repeat(5,auto)] sm:justify-start">
              {(
                [
                  [
                    "When",
                    <time key="t" dateTime={t.testedAt}>
                      {formatDateTime(t.testedAt)}
                    </time>,
                  ],
                  ["Trigger", t.trigger.replace("_", " ")],
                  ["Status", t.status === null ? "–" : String(t.status)],
                  ["Latency", ms(t.latencyMs)],
                  ["Spent", `$${t.spentUsd}`],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {t.detail && <p className="mt-2 break-words text-slate-700">{t.detail}</p>}
            {t.excerpt && (
              <details className="mt-2">
                <summary className="cursor-pointer text-slate-700">
                  Answer excerpt ({t.excerpt.length} characters)
                </summary>
                <pre className="mt-1 max-w-full whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs">
                  {t.excerpt}
                </pre>
              </details>
            )}
            {t.reviewId && (
              <p className="mt-2">
                <Link href={`/reviews/${t.reviewId}`} className="text-indigo-700 underline">
                  The test review
                </Link>
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Calls({ calls, windowDays, single }: { calls: Activity["calls"]; windowDays: number; single: Offer | null }) {
  if (calls.calls30d === 0)
    return (
      <Empty testId="activity-calls-empty">
        No calls yet: none of the last {windowDays} days&apos; calls through the marketplace reached this service.
      </Empty>
    );
  return (
    <div data-testid="activity-calls">
      <Figures label={`Call figures, last ${windowDays} days`}>
        <Stat label="Calls" value={formatNumber(calls.calls30d)} />
        <Stat label="Paid calls" value={formatNumber(calls.paidCalls30d)} />
        <Stat label="Unique payers" value={formatNumber(calls.uniquePayers30d)} />
        <Stat label="Error rate" value={percent(calls.errorRate)} />
        <Stat label="Latency p50" value={ms(calls.p50LatencyMs)} />
        <Stat label="Latency p95" value={ms(calls.p95LatencyMs)} />
      </Figures>
      <Table caption="Calls per status" head={["Status", "Calls"]} narrow>
        {calls.statuses.map((s) => (
          <tr key={s.status} className="border-b border-slate-100">
            <td className={cell}>{s.status}</td>
            <td className={cell}>{formatNumber(s.calls)}</td>
          </tr>
        ))}
      </Table>
      <SingleOffer offer={single} />
      <Table caption="Latest calls" head={withOffer(["When", "Status", "Outcome", "Latency", "Paid"], single)}>
        {calls.recent.map((c, i) => (
          <tr key={`${c.at}-${i}`} className="border-b border-slate-100">
            <td className={cell}>
              <time dateTime={c.at}>{formatDateTime(c.at)}</time>
            </td>
            <OfferCell offer={c.offer} single={single} />
            <td className={cell}>{c.status}</td>
            <td className={cell}>{c.outcome === "provider" ? "answered" : c.outcome.replaceAll("_", " ")}</td>
            <td className={cell}>{ms(c.latencyMs)}</td>
            <td className={cell}>{c.paid ? "yes" : "no"}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function Reviews({ reviews, slug }: { reviews: Activity["reviews"]; slug: string }) {
  if (reviews.count === 0) return <Empty testId="activity-reviews-empty">No reviews yet.</Empty>;
  return (
    <div data-testid="activity-reviews">
      <Figures label="Review figures">
        <Stat label="Reviews" value={formatNumber(reviews.count)} />
        <Stat label="Average rating" value={reviews.averageRating === null ? "–" : `${reviews.averageRating} of 5`} />
        <Stat label="Verified purchase" value={`${reviews.verifiedCount} of ${reviews.count}`} />
        <Stat label="Verified share" value={percent(reviews.verifiedShare)} />
      </Figures>
      <ul className="mt-4 space-y-2 text-sm" aria-label="Latest reviews">
        {reviews.latest.map((r) => (
          <li key={r.id} className="break-words">
            <Link href={`/reviews/${r.id}`} className="font-medium text-indigo-700 underline">
              {r.title}
            </Link>{" "}
            <span>
              {r.rating} of 5 by {r.name ?? r.actorType}
              {r.verifiedCall ? " · verified call" : ""}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link href={`/services/${slug}#reviews`} className="text-indigo-700 underline">
          All reviews on the service page
        </Link>
      </p>
    </div>
  );
}

/** The four sections on /providers/{id}; nothing until a revision is approved. */
export function ListingActivitySections({ id }: { id: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.listings.activity.queryOptions({ id }));
  const act = data.activity;
  if (!act) return null;
  const single = act.probes.offers.length === 1 ? act.probes.offers[0]!.offer : null;
  return (
    <div className="space-y-6" data-testid="listing-activity">
      <Section
        id="activity-probes"
        title="Probes of your service"
        description="Unpaid requests the marketplace sends each offer on a schedule."
      >
        <Probes probes={act.probes} single={single} />
      </Section>
      <Section
        id="activity-tests"
        title="Marketplace tests"
        description="Paid calls the marketplace made to check each offer's answer."
      >
        <Tests tests={act.tests} />
      </Section>
      <Section
        id="activity-calls"
        title="Calls through the marketplace"
        description={`What the observer recorded of agents' calls over the last ${act.windowDays} days (no payers or tokens).`}
      >
        <Calls calls={act.calls} windowDays={act.windowDays} single={single} />
      </Section>
      <Section
        id="activity-reviews"
        title="Reviews"
        description="Published reviews of your service; verified ones come from agents that paid for a call first."
      >
        <Reviews reviews={act.reviews} slug={act.slug} />
      </Section>
    </div>
  );
}

/** One line per figure for the list of listings (/providers); loaded with the page. */
export function ListingActivitySummary({ id }: { id: string }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.listings.activity.queryOptions({ id }));
  const act = data?.activity;
  if (!act) return null;
  const r = act.reviews;
  return (
    <dl
      className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]"
      data-testid="listing-activity-summary"
    >
      <dt className="text-slate-600">Health</dt>
      <dd>
        {act.probes.health.lastProbedAt === null
          ? "not probed yet"
          : `${act.probes.health.state.replace("_", "-")}, uptime 24 h ${uptime(act.probes.health.uptime24h)}`}
      </dd>
      <dt className="text-slate-600">Tests</dt>
      <dd>{act.tests.total === 0 ? "not tested yet" : `${act.tests.total}, latest ${act.tests.recent[0]!.outcome}`}</dd>
      <dt className="text-slate-600">Calls ({act.windowDays} d)</dt>
      <dd>
        {act.calls.calls30d === 0
          ? "no calls yet"
          : `${formatNumber(act.calls.calls30d)}, ${formatNumber(act.calls.paidCalls30d)} paid, error rate ${percent(act.calls.errorRate)}`}
      </dd>
      <dt className="text-slate-600">Reviews</dt>
      <dd>
        {r.count === 0
          ? "no reviews yet"
          : `${r.count}, average ${r.averageRating} of 5, ${percent(r.verifiedShare)} verified purchase`}
      </dd>
    </dl>
  );
}

// The health section of the service page and the operators' terms-change section render from the
// data their procedures answer (rows inserted directly, read through tRPC callers, put in the query
// cache as the pages do): the 30-day strip with "no data" days, the checklist with failed checks in
// plain words and "not run" after a failed gate, the routing stop, the unprobed empty state, and the
// open change with its evidence and the "Confirm new terms" button. Server-rendered markup (no DOM
// here): what a visitor's browser first receives.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, TRPCClientError } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TRPCProvider } from "@/components/trpc/client";
import { db } from "@/server/db";
import { CONFORMANCE_CHECK_TEXT } from "@/server/probes/conformance-checks";
import { callerFor, createPerson, signedOutCaller } from "@/server/trpc/test-callers";
import type { AppRouter } from "@/server/trpc/router";
import { offerCheckStates } from "./conformance-checklist";
import { HealthSection } from "./health-section";
import { OpenTermsChanges } from "./open-terms-changes";

const HOUR = 3_600_000;

function render(
  fill: (trpc: ReturnType<typeof createTRPCOptionsProxy<AppRouter>>, qc: QueryClient) => void,
  ui: ReactNode,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  // Nothing is fetched while rendering: every query read must be in the cache already.
  const trpcClient = createTRPCClient<AppRouter>({
    links: [() => () => observable((o) => o.error(new TRPCClientError("not loaded")))],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  fill(trpc, queryClient);
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      // Its props type requires `children` (a .ts file has no JSX to pass them).
      // eslint-disable-next-line react/no-children-prop
      createElement(TRPCProvider, { trpcClient, queryClient, children: ui }),
    ),
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function serviceWithOffers(skip: number) {
  const services = await db.service.findMany({
    orderBy: { id: "asc" },
    skip,
    take: 50,
    where: { offers: { some: { protocol: "x402", payTo: { not: null } } } },
    select: {
      id: true,
      slug: true,
      name: true,
      offers: {
        select: { id: true, method: true, path: true, payTo: true, network: true, asset: true, priceAtomic: true },
      },
    },
  });
  return services.find((s) => s.offers.length >= 2)!;
}

describe("the service page's health section", () => {
  it("a probed service: strip of 30 days with no-data days, checklist, routing stopped, terms history", async () => {
    const svc = await serviceWithOffers(0);
    const [a, b] = svc.offers as [(typeof svc.offers)[0], (typeof svc.offers)[0]];
    // The probes sit at hours 0–2 and 30–31 before the last UTC noon, so they fall on exactly two UTC
    // days whatever the time of day the test runs (from Date.now() they spanned three after 06:00).
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    const now = noon.getTime() <= Date.now() ? noon.getTime() : noon.getTime() - 24 * HOUR;
    // Offer a: answers 402 without a readable PAYMENT-REQUIRED header (a failed gate); b: conformant.
    await db.offerProbe.createMany({
      data: [0, 1, 2, 30, 31].flatMap((h) => [
        {
          offerId: a.id,
          probedAt: new Date(now - h * HOUR),
          verdict: "non_conformant",
          status: 402,
          latencyMs: 80,
          failedChecks: ["payment_required_header"],
        },
        { offerId: b.id, probedAt: new Date(now - h * HOUR), verdict: "conformant", status: 402, latencyMs: 120 },
      ]),
    });
    const row = {
      uptime24h: 100,
      uptime7d: 100,
      uptime30d: 100,
      latencyP50Ms: 80,
      latencyP95Ms: 120,
      probes30d: 5,
      lastProbedAt: new Date(now),
    };
    await db.offerHealth.createMany({
      data: [
        { offerId: a.id, state: "non_conformant", failedChecks: ["payment_required_header"], ...row },
        { offerId: b.id, state: "conformant", ...row },
      ],
    });
    const terms = { payTo: b.payTo, network: b.network, asset: b.asset, amountAtomic: String(b.priceAtomic) };
    await db.offerTermsChange.create({
      data: {
        offerId: b.id,
        fields: ["payTo"],
        blocking: true,
        catalogued: terms,
        observed: { ...terms, payTo: "0x" + "9".repeat(40) },
      },
    });
    const data = await (await signedOutCaller()).catalog.health({ slug: svc.slug });
    const labels = new Map(svc.offers.map((o) => [o.id, `${o.method} ${o.path}`]));
    const html = render(
      (trpc, qc) => qc.setQueryData(trpc.catalog.health.queryKey({ slug: svc.slug }), data),
      createElement(HealthSection, { slug: svc.slug, offerLabel: (id: string) => labels.get(id)! }),
    );
    const t = text(html);
    expect(html.match(/data-status="/g)).toHaveLength(30);
    expect(html.match(/data-status="no_data"/g)!.length).toBeGreaterThanOrEqual(28);
    expect(t).toContain(": no data");
    expect(t).toContain(`Routing stopped for ${labels.get(b.id)} : the payee, network or asset changed.`);
    expect(t).toContain("routing stopped until an operator confirms the new terms");
    expect(t).toContain("0x" + "9".repeat(40));
    // The checklist: the failed gate in plain words with its offer; checks after it passed for b.
    expect(html).toMatch(/data-check="payment_required_header" data-state="failed"/);
    expect(t).toContain(CONFORMANCE_CHECK_TEXT.payment_required_header);
    expect(t).toContain(`Not so for ${labels.get(a.id)}`);
    expect(html).toMatch(/data-check="answers_402" data-state="passed"/);
    expect(html).toMatch(/data-check="pay_to_matches" data-state="passed"/);
    expect(t).toContain("Non-conformant");
    // The chart is drawn in the browser only (inline styles under the CSP): its table is in the markup.
    expect(html).toContain('data-testid="probe-latency-chart"');
    expect(html).not.toContain("<svg");
    expect(t).toContain("Probes, uptime and latency per day");
  });

  it("an unprobed service: not probed yet, no strip, no checklist", async () => {
    const svc = await serviceWithOffers(40);
    const data = await (await signedOutCaller()).catalog.health({ slug: svc.slug });
    const html = render(
      (trpc, qc) => qc.setQueryData(trpc.catalog.health.queryKey({ slug: svc.slug }), data),
      createElement(HealthSection, { slug: svc.slug, offerLabel: (id: string) => id }),
    );
    expect(text(html)).toContain("Not probed yet: the marketplace has not checked");
    expect(html).toContain('data-testid="health-empty"');
    expect(html).not.toContain('data-testid="uptime-strip"');
    expect(html).not.toContain('data-testid="conformance-checklist"');
    expect(text(html)).toContain("No payment-terms change recorded.");
  });
});

describe("which checks an offer ran, as the probe runs them", () => {
  const offer = (state: "conformant" | "non_conformant" | "unreachable" | "unprobed", failedChecks: string[]) =>
    offerCheckStates({
      state,
      failedChecks: failedChecks as never,
      uptime24h: null,
      uptime7d: null,
      uptime30d: null,
      latencyP50Ms: null,
      latencyP95Ms: null,
      lastProbedAt: null,
      healthy: false,
      probes30d: 0,
      routingStopped: false,
      termsChange: null,
    });
  it("nothing without a verdict; nothing after a missing 402; the entry's checks unknown without a readable entry", () => {
    expect(new Set(Object.values(offer("unprobed", [])))).toEqual(new Set(["not_run"]));
    expect(new Set(Object.values(offer("unreachable", [])))).toEqual(new Set(["not_run"]));
    expect(new Set(Object.values(offer("conformant", [])))).toEqual(new Set(["passed"]));
    const no402 = offer("non_conformant", ["answers_402"]);
    expect(no402.answers_402).toBe("failed");
    expect(no402.payment_required_header).toBe("not_run");
    expect(no402.resource_matches).toBe("not_run");
    const noEntry = offer("non_conformant", ["accepts_known_scheme"]);
    expect([noEntry.x402_version_2, noEntry.accepts_known_scheme, noEntry.resource_matches]).toEqual([
      "passed",
      "failed",
      "passed",
    ]);
    expect([noEntry.network_caip2, noEntry.asset_known, noEntry.amount_matches_price, noEntry.pay_to_matches]).toEqual([
      "not_run",
      "not_run",
      "not_run",
      "not_run",
    ]);
    // An unknown scheme's entry was read: its checks ran.
    const unknownScheme = offer("non_conformant", ["accepts_known_scheme", "network_caip2"]);
    expect([unknownScheme.network_caip2, unknownScheme.asset_known]).toEqual(["failed", "passed"]);
  });
});

describe("the operators' open terms changes", () => {
  it("lists an open change with catalogued and observed terms, the latest probe, and Confirm new terms", async () => {
    const svc = await serviceWithOffers(80);
    const offer = svc.offers.find((o) => o.payTo)!;
    const terms = {
      payTo: offer.payTo,
      network: offer.network,
      asset: offer.asset,
      amountAtomic: String(offer.priceAtomic),
    };
    await db.offerTermsChange.create({
      data: {
        offerId: offer.id,
        fields: ["payTo", "price"],
        blocking: true,
        catalogued: terms,
        observed: { ...terms, payTo: "0x" + "7".repeat(40), amountAtomic: "2500" },
      },
    });
    await db.offerProbe.create({
      data: {
        offerId: offer.id,
        verdict: "non_conformant",
        status: 402,
        latencyMs: 70,
        failedChecks: ["pay_to_matches", "amount_matches_price"],
      },
    });
    const changes = await (await callerFor(await createPerson("operator"))).moderation.termsChanges();
    const html = render(
      (trpc, qc) => qc.setQueryData(trpc.moderation.termsChanges.queryKey(), changes),
      createElement(OpenTermsChanges),
    );
    const t = text(html);
    expect(t).toContain(svc.name);
    expect(t).toContain(`${offer.method} ${offer.path}`);
    expect(t).toContain(offer.payTo!);
    expect(t).toContain("0x" + "7".repeat(40));
    expect(t).toContain("$0.0025 (2500 atomic)");
    expect(t).toContain("routing stopped");
    expect(t).toContain("non-conformant (HTTP 402)");
    expect(t).toContain(CONFORMANCE_CHECK_TEXT.pay_to_matches);
    expect(html).toMatch(/<button[^>]*>Confirm new terms<\/button>/);
    expect(html).toContain(`href="/services/${svc.slug}"`);
  });
});

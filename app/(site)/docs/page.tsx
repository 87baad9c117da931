import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AgentPaymentGuide } from "@/components/docs/agent-payment-guide";
import { ApiReferenceIndex } from "@/components/docs/api-reference";
import { McpGuide } from "@/components/docs/mcp-guide";
import { ProductSections } from "@/components/docs/product-sections";
import { operationHrefs, schemaHomes, referencePagePath } from "@/components/docs/reference-model";
import { CAPABILITIES } from "@/server/catalog/vocabulary";
import { HEALTHY_UPTIME_PERCENT } from "@/server/probes/conformance-checks";
import { openApiDocument } from "@/server/http/openapi-document";
import { productChallenges } from "@/server/products/product-challenges";
import { PRODUCT_LIST } from "@/server/products/products";

export const metadata: Metadata = { title: "Docs" };
// The examples and the reference use BASE_URL as configured at run time, not at build time.
export const dynamic = "force-dynamic";

function Code({ children }: { children: ReactNode }) {
  // Focusable so keyboard users can scroll a long line (axe: scrollable-region-focusable).
  return (
    <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
      <code>{children}</code>
    </pre>
  );
}

function Endpoint({ method, path, children }: { method: string; path: string; children: ReactNode }) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-mono text-sm font-semibold">
        <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900">{method}</span>
        {path}
      </h3>
      <div className="space-y-2 text-sm text-slate-700">{children}</div>
    </div>
  );
}

export default async function DocsPage() {
  const { document } = openApiDocument();
  // The configured public base URL (BASE_URL), as the OpenAPI document's server states it.
  const baseUrl = document.servers[0]!.url;
  // Each product's 402 as its route answers it: the examples below are those bytes.
  const challenges = await productChallenges(PRODUCT_LIST);
  const shortlist = challenges.find((ch) => ch.productId === "shortlist");
  // The reference's cards and schemas live on each tag's page (/docs/reference/<tag>).
  const hrefs = operationHrefs(document);
  const href = (operationId: string) => hrefs.get(operationId) ?? "#api-reference";
  const healthSchema = `${referencePagePath(schemaHomes(document).get("OfferHealth") ?? "Catalog")}#schema-OfferHealth`;
  return (
    <div className="max-w-3xl space-y-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Documentation</h1>
        <p className="mt-2 text-slate-700">
          Everything here is JSON over HTTP. The catalog and review reads are free and need no account. Errors always
          come back as JSON with an
          <code className="mx-1 rounded bg-slate-100 px-1">error</code> code, a{" "}
          <code className="mx-1 rounded bg-slate-100 px-1">message</code> and, for invalid input, the list of{" "}
          <code className="mx-1 rounded bg-slate-100 px-1">issues</code> (<code>path</code>, <code>message</code>).
        </p>
        <p className="mt-2 text-slate-700">
          The machine-readable description is the OpenAPI {document.openapi} document at{" "}
          <a className="text-indigo-700 underline" href="/openapi.json">
            /openapi.json
          </a>{" "}
          (version {document.info.version}); the{" "}
          <a className="text-indigo-700 underline" href="#api-reference">
            API reference
          </a>{" "}
          below is rendered from it, one page per group. Agents can read all of it as markdown:{" "}
          <a className="text-indigo-700 underline" href="/llms.txt">
            /llms.txt
          </a>{" "}
          lists the guide (
          <a className="text-indigo-700 underline" href="/docs.md">
            /docs.md
          </a>
          ) and every operation.
        </p>
      </header>

      <AgentPaymentGuide baseUrl={baseUrl} paymentRequired={shortlist?.paymentRequired} href={href} />

      <ProductSections products={PRODUCT_LIST} challenges={challenges} baseUrl={baseUrl} href={href} />

      <McpGuide baseUrl={baseUrl} />

      <section className="space-y-4" aria-labelledby="catalog-api">
        <h2 id="catalog-api" className="text-xl font-semibold">
          Catalog API (free)
        </h2>
        <Endpoint method="GET" path="/api/catalog/services">
          <p>Lists services, most called first. Query parameters, all optional:</p>
          <ul className="list-disc pl-5">
            <li>
              <code>q</code>: words that must all appear in the name, description, vendor or tags (1–200 characters).
            </li>
            <li>
              <code>capability</code>: one of {CAPABILITIES.map((c) => `"${c}"`).join(", ")}.
            </li>
            <li>
              <code>protocol</code>: <code>x402</code> or <code>mpp</code>.
            </li>
            <li>
              <code>maxPriceUsd</code>: at least one offer costs at most this much.
            </li>
            <li>
              <code>tested</code>: <code>true</code> (any test), <code>output</code>, <code>no-output</code> or{" "}
              <code>false</code> (untested).
            </li>
            <li>
              <code>healthy</code>: <code>true</code> (the service&apos;s <code>health.healthy</code>, see{" "}
              <a className="text-indigo-700 underline" href="#methodology">
                Methodology
              </a>
              ) or <code>false</code> (every other service, unprobed ones included). The free search{" "}
              <code>/api/catalog/search</code> takes it too.
            </li>
            <li>
              <code>limit</code> (1–100, default 20) and <code>cursor</code> (the <code>nextCursor</code> of the
              previous page).
            </li>
          </ul>
          <Code>{`curl -s '${baseUrl}/api/catalog/services?capability=maps-weather&maxPriceUsd=0.01&limit=5'
# {"services":[{"id":"svc_…","slug":"…","name":"…","startingPriceUsd":"0.001",…}],"nextCursor":"…"}`}</Code>
        </Endpoint>
        <Endpoint method="GET" path="/api/catalog/services/{slug}">
          <p>
            The service record: <code>schemaVersion</code> 1, <code>dataMode</code> <code>snapshot+live-reviews</code>,{" "}
            <code>methodologyUrl</code> and <code>service</code> with its offers. Each offer&apos;s <code>callUrl</code>{" "}
            is the marketplace&apos;s observer route for that offer. An unknown slug answers 404.
          </p>
          <p>
            The service and each offer carry <code>health</code>: what the marketplace&apos;s own probes observed (
            <code>state</code>, <code>failedChecks</code>, uptime, latency, <code>healthy</code>; an offer also{" "}
            <code>routingStopped</code> and an open <code>termsChange</code>). Every list and search summary carries the
            service&apos;s <code>health</code>, and each <code>/discovery/resources</code> item its offer&apos;s in{" "}
            <code>metadata.health</code>.
          </p>
        </Endpoint>
      </section>

      <section className="space-y-4" aria-labelledby="reviews-api">
        <h2 id="reviews-api" className="text-xl font-semibold">
          Reviews API (free reads)
        </h2>
        <Endpoint method="GET" path="/api/reviews?service={slug}&limit&cursor">
          <p>
            Published reviews, newest first, in list form (<code>subject</code>, body cut to 280 characters with an
            ellipsis, no <code>updated_at</code>).
          </p>
        </Endpoint>
        <Endpoint method="GET" path="/api/reviews/{id}">
          <p>
            <code>{`{ok: true, review}`}</code> in full form, with revision information, engagement counters split by
            agent (<code>llm</code>) and <code>human</code>, and comments.
          </p>
        </Endpoint>
      </section>

      <ApiReferenceIndex document={document} />

      <section className="space-y-3" aria-labelledby="methodology-title" id="methodology">
        <h2 id="methodology-title" className="text-xl font-semibold">
          Methodology
        </h2>
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>
            Service descriptions, offers, prices and 30-day call figures come from a catalog snapshot (
            <code>catalogSource</code>, <code>catalogObservedAt</code>); calls made through the marketplace are recorded
            on top of it.
          </li>
          <li>
            Reviews, their counts and ratings are live. Likes, favourites and comments are counted one per actor, split
            between agents and people.
          </li>
          <li>
            A service is <em>tested</em> when the marketplace called it itself: <code>tested-output</code> if it
            returned a usable result, <code>tested-no-output</code> if it did not. Until then <code>testStatus</code> is{" "}
            <code>untested</code> and <code>reviewUrl</code>, <code>testedAt</code>, <code>rating</code> and{" "}
            <code>lastReview</code> are null.
          </li>
          <li>
            The review average is <code>reviewRating</code> in records, list and search results and the shortlist&apos;s{" "}
            <code>reputation</code>, whatever the test status (null without reviews); the pages show it as &ldquo;Review
            average&rdquo;. <code>rating</code> is the same figure once the service is tested.
          </li>
          <li>
            Facts (compliance, regions, limits, SLAs, retention, protocols) are stated with the sentence and page they
            come from. What is not documented stays unknown.
          </li>
          <li>
            <code>health</code> is what the marketplace observed itself: it probes every offer at regular intervals with
            an unpaid request (it never pays) and checks the 402 for x402 v2 conformance (each check is listed under{" "}
            <a className="text-indigo-700 underline" href={healthSchema}>
              OfferHealth
            </a>
            ). An offer is <code>conformant</code>, <code>non_conformant</code> (with the checks it failed),{" "}
            <code>unreachable</code> (its last three probes got no answer below 500) or <code>unprobed</code>. Uptime is
            the share of probes answered below 500 over 24 hours, 7 and 30 days; latency p50 and p95 are over 7 days. An
            offer is <code>healthy</code> when conformant, answering at least {HEALTHY_UPTIME_PERCENT} % of the last 24
            hours&apos; probes and routed; a service when at least one of its offers was probed and every probed offer
            is healthy.
          </li>
          <li>
            When a probe sees an offer&apos;s provider ask another payee, network or asset than the catalog lists, the
            marketplace stops routing that offer: its observer route answers 409 <code>offer_terms_changed</code> (what
            changed and when, in <code>termsChange</code>) and forwards nothing, until an operator confirms the new
            terms or the listing is re-imported. A call that already completed under the same{" "}
            <code>Idempotency-Key</code> is still answered from its record. A price change alone is shown in{" "}
            <code>health.termsChange</code> but does not stop routing.
          </li>
        </ul>
      </section>
    </div>
  );
}

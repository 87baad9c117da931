// The demo provider's entry in the catalog: one service record (our own format, as the catalog API
// serves it, plus the import's additive fields: slug, the x402 `payment` requirements and each
// offer's `exampleInput` for its quickstart) whose offers are its products at the address it listens
// on. `npm run provider:demo` imports it with testMode, so the observer may call the loopback
// address while the local facilitator is active (server/observe/offer-policy.ts).
import { atomicToUsd, usdLabel, usdToAtomic } from "../money";
import { buildQuickstart } from "../catalog/quickstart";
import { NO_OFFER_CALLS, NO_SERVICE_CALLS } from "../observe/call-stats";
import { SCHEMA_VERSION, DATA_MODE, type ServiceRecord } from "../catalog/service-record";
import { urls } from "../catalog/urls";
import { X402_ASSET, X402_MAX_TIMEOUT_SECONDS, X402_NETWORK } from "../payments/payment-network";
import { DEMO_PRODUCTS } from "./products";
import { DEMO_PROVIDER_PAY_TO } from "./start-demo-provider";

export const DEMO_SERVICE_SLUG = "local-demo-provider";
// Stable ids in the catalog's forms ("svc_"/"off_" + 10 lowercase base32 characters), so a new run
// (another port) updates the same service and offers instead of adding new ones.
export const DEMO_SERVICE_ID = "svc_localdemop";
export const DEMO_OFFER_IDS: Record<string, string> = { quote: "off_demoquote2", summarize: "off_demosummar" };
export const DEMO_CATALOG_SOURCE = "urn:x-marketplace:local-demo-provider";

// Without `health`: what the marketplace's probes observe is no part of a listing (an import ignores it).
type ImportableOffer = Omit<ServiceRecord["service"]["offers"][number], "health"> & {
  exampleInput: Record<string, string>;
};
export type DemoCatalogRecord = Omit<ServiceRecord, "service"> & {
  service: Omit<ServiceRecord["service"], "offers" | "facts" | "health"> & {
    slug: string;
    payment: { network: string; asset: string; payTo: string; maxTimeoutSeconds: number };
    offers: ImportableOffer[];
  };
};

export function demoCatalogRecord(
  providerUrl: string,
  observedAt = new Date(),
  payTo = DEMO_PROVIDER_PAY_TO,
): DemoCatalogRecord {
  const name = "Local demo provider";
  const start = Math.min(...DEMO_PRODUCTS.map((p) => usdToAtomic(p.priceUsd)));
  const docsUrl = urls.docs();
  return {
    schemaVersion: SCHEMA_VERSION,
    dataMode: DATA_MODE,
    methodologyUrl: urls.methodology(),
    service: {
      id: DEMO_SERVICE_ID,
      slug: DEMO_SERVICE_SLUG,
      sourceId: DEMO_SERVICE_SLUG,
      protocol: "x402",
      name,
      website: providerUrl,
      serviceUrl: providerUrl,
      hostname: new URL(providerUrl).hostname,
      description:
        "A small x402-paid provider on this machine (npm run provider:demo): deterministic stock quotes and text summaries, paid in test USDC through the marketplace's local facilitator.",
      docsUrl,
      capabilities: ["web-data"],
      primaryCapability: "web-data",
      tags: ["demo", "test-mode", "local"],
      offerCount: DEMO_PRODUCTS.length,
      startingPriceUsd: atomicToUsd(start),
      startingPriceLabel: `From ${usdLabel(start)}`,
      supportsCredits: false,
      protocols: ["x402"],
      calls30d: 0,
      uniquePayers30d: 0,
      observed: NO_SERVICE_CALLS,
      testStatus: "untested",
      reviewUrl: null,
      testedAt: null,
      rating: null,
      reviewRating: null,
      lastReview: null,
      reviewCount: 0,
      entity: { slug: DEMO_SERVICE_SLUG, name, website: providerUrl, profileUrl: null, cataloged: false },
      surface: {
        name,
        subjectSlug: DEMO_SERVICE_SLUG,
        profileUrl: urls.serviceProfile(DEMO_SERVICE_SLUG),
        reputationScope: "surface",
      },
      catalogSource: DEMO_CATALOG_SOURCE,
      catalogObservedAt: observedAt.toISOString(),
      sandbox: false,
      payeeVerified: false,
      payment: { network: X402_NETWORK, asset: X402_ASSET, payTo, maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS },
      offers: DEMO_PRODUCTS.map((p) => {
        const id = DEMO_OFFER_IDS[p.id]!;
        const callUrl = urls.offerCall(id);
        const price = usdToAtomic(p.priceUsd);
        return {
          id,
          protocol: "x402",
          method: p.method,
          path: p.path,
          providerUrl,
          callUrl,
          routedByMarketplace: true,
          description: `${p.name}: ${p.description}`,
          priceUsd: atomicToUsd(price),
          priceLabel: usdLabel(price),
          dynamicPrice: false,
          unitType: "request",
          intent: "charge",
          quickstart: buildQuickstart({ method: p.method, callUrl, exampleInput: p.example }),
          docsUrl,
          observed: NO_OFFER_CALLS,
          exampleInput: p.example,
        };
      }),
    },
  };
}

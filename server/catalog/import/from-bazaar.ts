// An x402 Bazaar discovery list -> the services the import writes. The list has one item per paid
// resource; items are grouped into services by our ids when the list carries them (our own
// /discovery/resources does, in `metadata`), else by the resource's origin, with ids and slug
// derived from the hostname (stable: the same list imports onto the same rows).
import type { Issue } from "../../errors";
import { joinProviderUrl } from "../../offer-url";
import { CAPABILITIES, type Capability } from "../vocabulary";
import type { BazaarItem } from "./catalog-document";
import {
  DEFAULT_SOURCE,
  type ImportOffer,
  type ImportOptions,
  type ImportService,
  type ServiceColumn,
} from "./import-types";
import { IMPORT_LIMITS } from "./limits";
import { offerIdFor, serviceIdForSlug, slugFromHostname, sourceIdForOrigin } from "./stable-ids";

// Words that suggest a capability, for lists that do not say (most foreign ones); web-data otherwise.
const CAPABILITY_WORDS: Record<Capability, RegExp> = {
  "maps-weather": /\b(weather|forecast|maps?|geocod\w*|routing|location|climate)\b/gi,
  "web-data": /\b(scrap\w*|crawl\w*|web|html|extract\w*)\b/gi,
  search: /\b(search\w*|query|index)\b/gi,
  media: /\b(image|video|audio|media|photo|speech|music|transcri\w*)\b/gi,
  social: /\b(social|twitter|tweets?|reddit|farcaster|followers?)\b/gi,
  storage: /\b(storage|store|files?|upload|bucket|ipfs|pin)\b/gi,
  "ai-models": /\b(llm|models?|inference|chat|completions?|embeddings?|ai)\b/gi,
};

function guessCapability(text: string): Capability {
  let best: Capability = "web-data";
  let score = 0;
  for (const c of CAPABILITIES) {
    const n = text.match(CAPABILITY_WORDS[c])?.length ?? 0;
    if (n > score) [best, score] = [c, n];
  }
  return best;
}

function methodOf(item: BazaarItem): string {
  if (item.metadata?.method) return item.metadata.method;
  // A Bazaar discovery extension declares its input: extensions.bazaar.info.input.method.
  const declared = (item.extensions?.bazaar as { info?: { input?: { method?: unknown } } } | undefined)?.info?.input
    ?.method;
  return typeof declared === "string" ? declared.toUpperCase() : "GET";
}

// What a Bazaar list does not say (figures, test status, ...) or only guesses (a name from the
// hostname, a capability from words) must not overwrite what the catalog already knows.
function bazaarKeeps(item: BazaarItem): ServiceColumn[] {
  const meta = item.metadata ?? {};
  const keep: ServiceColumn[] = [
    "sourceId",
    "serviceUrl",
    "hostname",
    "supportsCredits",
    "calls30d",
    "uniquePayers30d",
    "entitySlug",
    "entityCataloged",
  ];
  if (!meta.serviceName && !item.serviceName) keep.push("name", "entityName");
  if (meta.serviceDescription === undefined) keep.push("description");
  if (!meta.website) keep.push("website", "entityWebsite");
  if (!meta.docsUrl) keep.push("docsUrl");
  if (!meta.capabilities && !meta.primaryCapability) keep.push("capabilities", "primaryCapability");
  if (!item.tags?.length) keep.push("tags");
  return keep;
}

export function fromBazaar(items: BazaarItem[], options: ImportOptions, issues: Issue[], now: Date): ImportService[] {
  const groups = new Map<string, ImportService & { lastUpdated: number | null }>();
  items.forEach((item, i) => {
    const at = `items[${i}]`;
    const url = new URL(item.resource);
    const meta = item.metadata ?? {};
    const method = methodOf(item);
    if (method !== "GET" && method !== "POST") {
      issues.push({
        path: `${at}.extensions.bazaar.info.input.method`,
        message: `Only GET and POST resources can be imported (got ${method}).`,
      });
      return;
    }
    // Our own list says which provider base and path make the resource; anything else is split at the origin.
    const own = meta.providerUrl && meta.path && joinProviderUrl(meta.providerUrl, meta.path) === item.resource;
    const providerUrl = own ? meta.providerUrl! : url.origin;
    const path = own ? meta.path! : url.pathname;
    if (path.length > 500)
      issues.push({ path: `${at}.resource`, message: "The resource's path has more than 500 characters." });
    if (url.search || url.hash)
      issues.push({
        path: `${at}.resource`,
        message: "The resource must not carry a query or fragment (an offer is a method and a path).",
      });
    const accept = item.accepts.find((a) => a.scheme === "exact") ?? item.accepts[0]!;
    const j = item.accepts.indexOf(accept);
    const amount = accept.amount ?? accept.maxAmountRequired;
    if (amount === undefined) {
      issues.push({ path: `${at}.accepts[${j}].amount`, message: "Required: the price in the asset's atomic units." });
      return;
    }
    if (BigInt(amount) > BigInt(IMPORT_LIMITS.maxPriceAtomic)) {
      issues.push({
        path: `${at}.accepts[${j}].amount`,
        message: `${amount} atomic units is more than ${IMPORT_LIMITS.maxPriceAtomic / 1e6} USD per call; refused as a likely unit mistake.`,
      });
      return;
    }
    const slug = meta.serviceSlug ?? slugFromHostname(url.hostname);
    const id = meta.serviceId ?? serviceIdForSlug(slug);
    const lastUpdated = item.lastUpdated ? Date.parse(item.lastUpdated) : null;
    let service = groups.get(id);
    if (!service) {
      const description = meta.serviceDescription ?? item.description ?? `Paid x402 resources at ${url.hostname}.`;
      const capabilities = meta.capabilities ?? [
        meta.primaryCapability ??
          guessCapability(`${description} ${(item.tags ?? []).join(" ")} ${url.pathname.replace(/[/_-]+/g, " ")}`),
      ];
      const primary =
        meta.primaryCapability && capabilities.includes(meta.primaryCapability)
          ? meta.primaryCapability
          : capabilities[0]!;
      const name = meta.serviceName ?? item.serviceName ?? url.hostname;
      service = {
        at,
        id,
        sourceId: sourceIdForOrigin(url.origin),
        slug,
        protocols: ["x402"],
        protocolsGiven: false,
        name,
        website: meta.website ?? url.origin,
        serviceUrl: url.origin,
        hostname: url.hostname,
        description,
        docsUrl: meta.docsUrl ?? url.origin,
        capabilities,
        primaryCapability: primary,
        tags: [],
        supportsCredits: false,
        calls30d: 0,
        uniquePayers30d: 0,
        entity: { slug, name, website: meta.website ?? url.origin, cataloged: true },
        catalogSource: meta.catalogSource ?? options.source ?? DEFAULT_SOURCE.bazaar,
        catalogObservedAt: now,
        offers: [],
        evidence: null,
        replacesProtocols: ["x402"],
        keepOnUpdate: bazaarKeeps(item),
        lastUpdated: null,
      };
      groups.set(id, service);
    } else if (service.slug !== slug) {
      issues.push({
        path: `${at}.metadata.serviceSlug`,
        message: `Service ${id} is named ${service.slug} by ${service.at}.`,
      });
    } else if (!meta.serviceId && service.serviceUrl !== url.origin) {
      issues.push({
        path: `${at}.resource`,
        message: `The derived slug ${slug} is also that of ${service.serviceUrl} (${service.at}); give metadata.serviceSlug.`,
      });
    }
    if (lastUpdated !== null && (service.lastUpdated === null || lastUpdated > service.lastUpdated))
      service.lastUpdated = lastUpdated;
    for (const tag of item.tags ?? [])
      if (!service.tags.includes(tag) && service.tags.length < 30) service.tags.push(tag);
    const twin = service.offers.find((o) => o.method === method && o.path === path);
    if (twin) {
      issues.push({ path: `${at}.resource`, message: `${method} ${item.resource} is also ${twin.at}.` });
      return;
    }
    if (service.offers.length >= IMPORT_LIMITS.maxOffersPerService) {
      issues.push({
        path: at,
        message: `Service ${slug} has more than ${IMPORT_LIMITS.maxOffersPerService} resources.`,
      });
      return;
    }
    const offer: ImportOffer = {
      at,
      id: meta.offerId ?? offerIdFor(slug, method, path),
      protocol: "x402",
      method,
      path,
      providerUrl,
      description: meta.description ?? item.description ?? `${method} ${path}`,
      priceAtomic: Number(amount),
      dynamicPrice: false,
      unitType: "request",
      intent: "charge",
      exampleInput: null,
      docsUrl: service.docsUrl,
      network: accept.network,
      asset: accept.asset,
      payTo: accept.payTo,
      maxTimeoutSeconds: accept.maxTimeoutSeconds,
    };
    service.offers.push(offer);
  });
  if (groups.size > IMPORT_LIMITS.maxServices)
    issues.push({
      path: "items",
      message: `The list names ${groups.size} services; at most ${IMPORT_LIMITS.maxServices} per file. Split it.`,
    });
  return [...groups.values()].map(({ lastUpdated, ...s }) => ({
    ...s,
    // The time the list was observed: the caller's, else the newest resource's lastUpdated.
    catalogObservedAt: options.observedAt ?? (lastUpdated !== null ? new Date(lastUpdated) : now),
  }));
}

// Our service-record format -> the services the import writes.
import type { Issue } from "../../errors";
import { PAYMENT_PROTOCOLS, type PaymentProtocol } from "../vocabulary";
import type { RecordService } from "./catalog-document";
import { DEFAULT_SOURCE, type ImportOffer, type ImportOptions, type ImportService } from "./import-types";

/** Distinct protocols in the vocabulary's order (x402 first). */
export function orderedProtocols(protocols: Iterable<string>): PaymentProtocol[] {
  const set = new Set(protocols);
  return PAYMENT_PROTOCOLS.filter((p) => set.has(p));
}

/** `at(i)` is the file path of service i ("services[3]", "[3].service", "service"). */
export function fromRecords(
  services: RecordService[],
  at: (i: number) => string,
  options: ImportOptions,
  issues: Issue[],
  now: Date,
): ImportService[] {
  return services.map((s, i) => {
    const where = at(i);
    const slug = s.slug ?? s.surface?.subjectSlug ?? "";
    if (!slug)
      issues.push({
        path: `${where}.slug`,
        message: "Required: the service's slug (slug, or surface.subjectSlug as in a service record).",
      });
    const seen = new Map<string, number>();
    const offers = s.offers.map((o, j): ImportOffer => {
      const key = `${o.method} ${o.path}`;
      const first = seen.get(key);
      if (first !== undefined)
        issues.push({
          path: `${where}.offers[${j}].path`,
          message: `${key} is also offers[${first}]; a service has one offer per method and path.`,
        });
      else seen.set(key, j);
      return {
        at: `${where}.offers[${j}]`,
        id: o.id,
        protocol: o.protocol,
        method: o.method,
        path: o.path,
        providerUrl: o.providerUrl ?? s.serviceUrl,
        description: o.description,
        priceAtomic: o.priceUsd,
        dynamicPrice: o.dynamicPrice,
        unitType: o.unitType,
        intent: o.intent,
        exampleInput: o.exampleInput ?? null,
        docsUrl: o.docsUrl ?? s.docsUrl,
        network: o.network ?? s.payment?.network ?? null,
        asset: o.asset ?? s.payment?.asset ?? null,
        payTo: o.payTo ?? s.payment?.payTo ?? null,
        maxTimeoutSeconds: o.maxTimeoutSeconds ?? s.payment?.maxTimeoutSeconds ?? null,
      };
    });
    return {
      at: where,
      id: s.id,
      sourceId: s.sourceId ?? s.id,
      slug,
      protocols: orderedProtocols([...(s.protocols ?? []), ...offers.map((o) => o.protocol)]),
      protocolsGiven: s.protocols !== undefined,
      name: s.name,
      website: s.website,
      serviceUrl: s.serviceUrl,
      hostname: new URL(s.serviceUrl).hostname,
      description: s.description,
      docsUrl: s.docsUrl,
      capabilities: [...new Set(s.capabilities)],
      primaryCapability: s.primaryCapability,
      tags: [...new Set(s.tags)],
      supportsCredits: s.supportsCredits,
      calls30d: s.calls30d,
      uniquePayers30d: s.uniquePayers30d,
      // s.testStatus and s.testedAt are read (an exported record has them) and not kept: see import-types.ts.
      entity: s.entity ?? { slug, name: s.name, website: s.website, cataloged: true },
      catalogSource: s.catalogSource ?? options.source ?? DEFAULT_SOURCE.records,
      catalogObservedAt: s.catalogObservedAt ? new Date(s.catalogObservedAt) : (options.observedAt ?? now),
      offers,
      evidence: s.evidence ?? null,
      replacesProtocols: "all",
      keepOnUpdate: [],
    };
  });
}

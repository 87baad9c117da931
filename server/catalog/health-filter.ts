// The `healthy` filter of the list and the free search, and the health a list summary shows. The
// filter is a condition of the services' own query (EXISTS over offer_health and
// offer_terms_changes), so pages, cursors and counts stay right; it says in SQL what
// serviceHealthObject says of `healthy` (health-filter.test.ts compares the two over a mixed set):
// at least one probed offer, and every probed offer conformant, answering at least
// HEALTHY_UPTIME_PERCENT of the last 24 hours' probes and without an open blocking terms change.
import type { Prisma } from "../generated/prisma/client";
import {
  offerHealthObject,
  serviceHealthObject,
  UNPROBED,
  type OfferHealthObject,
  type ServiceHealthObject,
} from "../probes/health-schema";
import { HEALTHY_UPTIME_PERCENT } from "../probes/conformance-checks";
import type { HEALTHY_FILTERS } from "./search-input-schema";

export type HealthyFilter = (typeof HEALTHY_FILTERS)[number];

// An offer counts once probed: a health row in another state than unprobed (no row: unprobed).
const probed = { health: { is: { state: { not: "unprobed" } } } } satisfies Prisma.OfferWhereInput;

// A probed offer that is not healthy. `uptime24h: null` is said apart: `lt` never matches NULL.
const probedUnhealthy = {
  AND: [
    probed,
    {
      OR: [
        { health: { is: { state: { not: "conformant" } } } },
        { health: { is: { uptime24h: null } } },
        { health: { is: { uptime24h: { lt: HEALTHY_UPTIME_PERCENT } } } },
        { termsChanges: { some: { resolvedAt: null, blocking: true } } },
      ],
    },
  ],
} satisfies Prisma.OfferWhereInput;

/** Services whose service health is healthy (`true`), or all the others (`false`). */
export function healthWhere(healthy: HealthyFilter): Prisma.ServiceWhereInput {
  return healthy === "true"
    ? { AND: [{ offers: { some: probed } }, { offers: { none: probedUnhealthy } }] }
    : { OR: [{ offers: { none: probed } }, { offers: { some: probedUnhealthy } }] };
}

const UNPROBED_OFFER = offerHealthObject(UNPROBED, null);

/** An offer's health from the page's map (unprobed when the map has none). */
export const healthOfOffer = (health: Map<string, OfferHealthObject>, offerId: string): OfferHealthObject =>
  health.get(offerId) ?? UNPROBED_OFFER;

/** A service's health from its offers' (serviceHealthObject). */
export const healthOfService = (
  health: Map<string, OfferHealthObject>,
  offers: readonly { id: string }[],
): ServiceHealthObject => serviceHealthObject(offers.map((o) => healthOfOffer(health, o.id)));

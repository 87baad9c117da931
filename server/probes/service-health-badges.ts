// The health of many services at once for the list's badges (/services, search results): each
// service's health from its offers' (serviceHealthObject), in two indexed statements per page.
import { z } from "zod";
import { db } from "../db";
import { serviceHealthObject, type OfferHealthObject, type ServiceHealthObject } from "./health-schema";
import { offerHealthFor } from "./offer-health";

// A page of the list or of search results; the list's page size is well below.
export const serviceHealthBadgesInput = z.object({ serviceIds: z.array(z.string().min(1).max(200)).max(100) });

export async function serviceHealthBadges(
  input: z.infer<typeof serviceHealthBadgesInput>,
): Promise<Record<string, ServiceHealthObject>> {
  const { serviceIds } = serviceHealthBadgesInput.parse(input);
  if (serviceIds.length === 0) return {};
  const offers = await db.offer.findMany({
    where: { serviceId: { in: serviceIds } },
    select: { id: true, serviceId: true },
  });
  const health = await offerHealthFor(offers.map((o) => o.id));
  const byService = new Map<string, OfferHealthObject[]>(serviceIds.map((id) => [id, []]));
  for (const o of offers) byService.get(o.serviceId)?.push(health.get(o.id)!);
  return Object.fromEntries([...byService].map(([id, list]) => [id, serviceHealthObject(list)]));
}

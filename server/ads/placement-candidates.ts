// Placements the ad slot may serve (decisions.md §6): orders of product `placement` that an
// operator activated and whose window is open now, with their paid-serve counts. Targeting is
// checked here, in code: active placements are few, and the word rule is easier to state in one
// place than in SQL.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import { urls } from "../catalog/urls";
import type { DbClient } from "../transaction";
import type { Ad } from "./ad-record";
import type { AdContext } from "./ad-request";
import { shareAWord } from "./ad-words";

export interface PlacementCandidate {
  id: string;
  input: unknown;
  activeFrom: Date | null;
  activeUntil: Date | null;
  serves: number;
  serviceName: string | null;
}

const COLUMNS = Prisma.sql`
  o.id, o.input, o.active_from AS "activeFrom", o.active_until AS "activeUntil", coalesce(r.serves, 0)::int AS serves, s.name AS "serviceName"
  FROM orders o
  LEFT JOIN ad_rotation r ON r.order_id = o.id
  LEFT JOIN services s ON s.slug = o.input->>'service'`;

/** Active now: status `active` and inside its window. */
export function activePlacements(client: DbClient): Promise<PlacementCandidate[]> {
  return client.$queryRaw<PlacementCandidate[]>(Prisma.sql`
    SELECT ${COLUMNS}
    WHERE o.product = 'placement' AND o.status = 'active' AND o.active_until > now() AND (o.active_from IS NULL OR o.active_from <= now())`);
}

/**
 * Placements whose active window ended at most `withinSeconds` ago (expired by the clock or by the
 * expiry job), latest first: what a paid ad is served when its placement lapsed between the
 * precheck and the fulfilment.
 */
export function lapsedPlacements(client: DbClient, withinSeconds: number): Promise<PlacementCandidate[]> {
  return client.$queryRaw<PlacementCandidate[]>(Prisma.sql`
    SELECT ${COLUMNS}
    WHERE o.product = 'placement' AND o.status IN ('active', 'expired') AND o.active_from IS NOT NULL
      AND o.active_until > now() - make_interval(secs => ${withinSeconds}) AND o.active_until <= now()
    ORDER BY o.active_until DESC, o.id`);
}

export function placementById(client: DbClient, id: string): Promise<PlacementCandidate[]> {
  return client.$queryRaw<PlacementCandidate[]>(
    Prisma.sql`SELECT ${COLUMNS} WHERE o.id = ${id}::uuid AND o.product = 'placement'`,
  );
}

// A placement's input as stored when it was bought (validated then by its request schema): read
// tolerantly, and one that does not have these fields is never served.
const storedPlacementSchema = z.object({
  service: z.string(),
  headline: z.string(),
  body: z.string(),
  url: z.string().optional(),
  targeting: z.object({ capabilities: z.array(z.string()).optional(), query: z.string().optional() }),
});
type StoredPlacement = z.infer<typeof storedPlacementSchema>;

function placementInput(input: unknown): StoredPlacement | undefined {
  const parsed = storedPlacementSchema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Whether a placement targets the context: the capability is one it targets, or the query
 * shares a word with its targeted query. `null` (a page without filters) matches every placement.
 */
export function targets(candidate: PlacementCandidate, context: AdContext | null): boolean {
  const input = placementInput(candidate.input);
  if (!input) return false;
  if (context === null) return true;
  const { capabilities, query } = input.targeting;
  if (context.capability !== undefined && capabilities?.includes(context.capability)) return true;
  return context.query !== undefined && query !== undefined && shareAWord(context.query, query);
}

/** The rotation's next placement: fewest paid serves, then the earliest activated, then the id. */
export function nextInRotation(candidates: PlacementCandidate[]): PlacementCandidate | undefined {
  const from = (c: PlacementCandidate) => c.activeFrom?.getTime() ?? 0;
  return [...candidates].sort(
    (a, b) => a.serves - b.serves || from(a) - from(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )[0];
}

export function toAd(candidate: PlacementCandidate): Ad {
  const input = placementInput(candidate.input);
  if (!input) throw new Error(`placement ${candidate.id} has no servable input`);
  return {
    id: candidate.id,
    headline: input.headline,
    body: input.body,
    url: input.url ?? urls.serviceProfile(input.service),
    sponsored: true,
    service: { slug: input.service, name: candidate.serviceName ?? input.service },
  };
}

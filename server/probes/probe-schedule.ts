// The probe schedule every instance shares: one offer_probe_schedule row per x402 offer (its next
// probe time and, while an instance holds it, a lease). An instance takes due rows with
// FOR UPDATE SKIP LOCKED and stamps its lease on them in the same statement, so two instances never
// take the same row, and a row whose instance died is taken again once its lease has run out.
// (Why not pg-boss or graphile-worker: docs/decisions.md "Probes" — no new dependency, one table,
// the same pattern as the purchase reconciler's rows.)
import { Prisma } from "../generated/prisma/client";
import { sqlQuery } from "../db";
import type { DbClient } from "../transaction";
import type { ProbedOffer } from "./probe-offer";

/** Gives every x402 offer without one a schedule row, due now (rows of deleted offers go by cascade).
 * Only x402 offers: the checks are x402's; an MPP offer's challenge is another protocol's. */
export async function addMissingScheduleRows(): Promise<number> {
  const rows = await sqlQuery<{ offer_id: string }>(Prisma.sql`
    INSERT INTO offer_probe_schedule (offer_id, next_probe_at)
    SELECT o.id, now() FROM offers o
    WHERE o.protocol = 'x402' AND NOT EXISTS (SELECT 1 FROM offer_probe_schedule s WHERE s.offer_id = o.id)
    ON CONFLICT (offer_id) DO NOTHING
    RETURNING offer_id`);
  return rows.length;
}

/** The same for one service, inside the caller's transaction (a listing's approval): its new x402
 * offers are due now, so a running scheduler probes them at its next lease (seconds), not at its next
 * sweep of missing rows (a minute). Kept offers keep their rows and next probe times. */
export async function addServiceScheduleRows(tx: DbClient, serviceId: string): Promise<number> {
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO offer_probe_schedule (offer_id, next_probe_at)
    SELECT o.id, now() FROM offers o WHERE o.service_id = ${serviceId} AND o.protocol = 'x402'
    ON CONFLICT (offer_id) DO NOTHING`);
}

export interface LeasedOffer extends ProbedOffer {
  /** The provider's origin authority (host:port), the unit of per-host politeness. */
  host: string;
}

interface LeasedRow {
  id: string;
  host: string | null;
  method: string;
  path: string;
  provider_url: string;
  test_mode: boolean;
  sandbox: boolean;
  example_input: unknown;
  price_atomic: number;
  dynamic_price: boolean;
  network: string | null;
  asset: string | null;
  pay_to: string | null;
}

export interface LeaseRequest {
  instanceId: string;
  /** At most this many rows of one host (the host gate starts them one spacing apart). */
  perHost: number;
  total: number;
  leaseMs: number;
  /** Hosts this instance still has leased work for: none of theirs now, others get their turn. */
  excludeHosts: string[];
}

/**
 * Leases due rows, oldest first, at most `perHost` of any one host. The window picks candidates
 * without locks (FOR UPDATE cannot go with a window function); the locking step then takes those
 * still due and unleased, skipping rows another instance is leasing this instant. Twice the wanted
 * rows are candidates, and the caps apply to the rows locked: two instances leasing at the same
 * moment see the same candidates, and the second takes the next ones instead of none.
 */
export async function leaseDueOffers(req: LeaseRequest): Promise<LeasedOffer[]> {
  const rows = await sqlQuery<LeasedRow>(Prisma.sql`
    WITH due AS (
      SELECT s.offer_id, s.next_probe_at, h.host,
             row_number() OVER (PARTITION BY h.host ORDER BY s.next_probe_at, s.offer_id) AS nth
      FROM offer_probe_schedule s
      JOIN offers o ON o.id = s.offer_id
      CROSS JOIN LATERAL (SELECT coalesce(lower(substring(o.provider_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)')), '') AS host) h
      WHERE s.next_probe_at <= now() AND (s.leased_until IS NULL OR s.leased_until < now())
        AND NOT (h.host = ANY(${req.excludeHosts}::text[]))
    ), chosen AS (
      SELECT offer_id, host FROM due WHERE nth <= ${2 * req.perHost}
      ORDER BY next_probe_at, offer_id LIMIT ${2 * req.total}
    ), locked AS (
      SELECT s.offer_id, s.next_probe_at, chosen.host FROM offer_probe_schedule s JOIN chosen ON chosen.offer_id = s.offer_id
      WHERE s.next_probe_at <= now() AND (s.leased_until IS NULL OR s.leased_until < now())
      FOR UPDATE OF s SKIP LOCKED
    ), taken AS (
      SELECT offer_id, host FROM (
        SELECT offer_id, host, next_probe_at,
               row_number() OVER (PARTITION BY host ORDER BY next_probe_at, offer_id) AS nth
        FROM locked
      ) l WHERE nth <= ${req.perHost} ORDER BY next_probe_at, offer_id LIMIT ${req.total}
    )
    UPDATE offer_probe_schedule s
    SET leased_until = now() + ${req.leaseMs} * interval '1 millisecond', leased_by = ${req.instanceId}
    FROM taken, offers o
    WHERE s.offer_id = taken.offer_id AND o.id = s.offer_id
    RETURNING o.id, taken.host, o.method, o.path, o.provider_url, o.test_mode, o.sandbox, o.example_input,
              o.price_atomic, o.dynamic_price, o.network, o.asset, o.pay_to`);
  return rows.map((r) => ({
    id: r.id,
    host: r.host ?? "",
    method: r.method,
    path: r.path,
    providerUrl: r.provider_url,
    testMode: r.test_mode,
    sandbox: r.sandbox,
    exampleInput: r.example_input,
    priceAtomic: r.price_atomic,
    dynamicPrice: r.dynamic_price,
    network: r.network,
    asset: r.asset,
    payTo: r.pay_to,
  }));
}

/** Hands a leased row back: `nextInMs` from now (a refused offer waits an interval), or due at once
 * (work this instance leased but will not do, e.g. when it stops). */
export async function releaseLeases(instanceId: string, offerIds: string[], nextInMs: number | null): Promise<void> {
  if (offerIds.length === 0) return;
  await sqlQuery(Prisma.sql`
    UPDATE offer_probe_schedule
    SET leased_until = NULL, leased_by = NULL,
        next_probe_at = CASE WHEN ${nextInMs}::int IS NULL THEN next_probe_at
                             ELSE now() + ${nextInMs}::int * interval '1 millisecond' END
    WHERE offer_id = ANY(${offerIds}::text[]) AND leased_by = ${instanceId}`);
}

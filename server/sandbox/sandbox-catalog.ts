// The sandbox's side of the catalog: the offers it serves (read from the database, so its 402 terms
// are the listing's own price and payee), and the start-up step that points them at the address
// the sandbox really answers on and opens the payees' accounts on the local ledger.
import { db, sqlQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import { forgetObservedOffers } from "../observe/observed-offer";
import type { Capability } from "../catalog/vocabulary";

export interface SandboxOffer {
  id: string;
  slug: string;
  serviceName: string;
  capability: Capability;
  method: "GET" | "POST";
  path: string;
  description: string;
  priceAtomic: number;
  payTo: string;
  maxTimeoutSeconds: number;
  exampleInput: Record<string, unknown> | null;
  /** False: this provider settles the payment and answers 502 with no output (start-sandbox.ts). */
  delivers: boolean;
}

/** Every x402 sandbox offer with its payment terms (an MPP twin has the same endpoint and is answered by it). */
export async function loadSandboxOffers(): Promise<SandboxOffer[]> {
  return sqlQuery<SandboxOffer>(Prisma.sql`
    SELECT o.id, s.slug, s.name AS "serviceName", s.primary_capability AS capability, o.method, o.path, o.description,
           o.price_atomic AS "priceAtomic", o.pay_to AS "payTo", o.max_timeout_seconds AS "maxTimeoutSeconds", o.example_input AS "exampleInput",
           o.sandbox_delivers AS delivers
    FROM offers o JOIN services s ON s.id = o.service_id
    WHERE o.sandbox AND o.protocol = 'x402' AND o.pay_to IS NOT NULL AND o.max_timeout_seconds IS NOT NULL
    ORDER BY s.slug, o.method, o.path`);
}

/**
 * Points every sandbox offer at `origin`/slug (a no-op unless SANDBOX_PORT changed since the seed) and
 * gives each sandbox payee an account on the local ledger. Idempotent: instances on one database
 * may all run it.
 */
export async function syncSandboxCatalog(origin: string): Promise<{ moved: number; payees: number }> {
  const moved = await db.$executeRaw`
    UPDATE offers o SET provider_url = ${origin} || '/' || s.slug
    FROM services s
    WHERE s.id = o.service_id AND o.sandbox AND o.provider_url IS DISTINCT FROM ${origin} || '/' || s.slug`;
  const payees = await db.$executeRaw`
    INSERT INTO local_balances (address, balance_atomic, updated_at)
    SELECT DISTINCT lower(pay_to), 0, now() FROM offers WHERE sandbox AND pay_to IS NOT NULL
    ON CONFLICT (address) DO NOTHING`;
  if (moved > 0) forgetObservedOffers();
  return { moved, payees };
}

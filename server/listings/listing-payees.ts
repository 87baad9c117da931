// The payees of a listing (each distinct payTo of its offers) with the latest accepted proof of each:
// what the listing view shows, and what an approved listing will carry into its service record.
import { db } from "../db";
import { isSandboxUrl } from "../sandbox-address";
import { sandboxPayTo, sandboxPayeeKey } from "../sandbox/sandbox-payee";
import type { ListingDraft, ListingPayee } from "./listing-schema";

export interface PayeeProofSeen {
  listingId: string;
  payTo: string;
  verifiedAt: Date;
}

/** The latest accepted proof per listing and payee (lowercase payTo), for these listings. */
export async function latestPayeeProofs(listingIds: readonly string[]): Promise<PayeeProofSeen[]> {
  if (listingIds.length === 0) return [];
  return db.listingPayeeProof.findMany({
    where: { listingId: { in: [...listingIds] } },
    distinct: ["listingId", "payTo"],
    orderBy: [{ listingId: "asc" }, { payTo: "asc" }, { verifiedAt: "desc" }],
    select: { listingId: true, payTo: true, verifiedAt: true },
  });
}

// A sandbox offer's address is <sandbox origin>/<slug>/<path>, and its payee the address of that
// slug's public key: the key is handed back only when both hold (sandbox on, local ledger), so the
// payee proof of a sandbox listing can be signed by anyone trying the provider's flow offline.
function sandboxKeyOf(resourceUrl: string, payTo: string): string | null {
  if (!isSandboxUrl(resourceUrl)) return null;
  const slug = new URL(resourceUrl).pathname.split("/")[1] ?? "";
  if (!/^[a-z0-9-]{1,100}$/.test(slug) || sandboxPayTo(slug) !== payTo.toLowerCase()) return null;
  return sandboxPayeeKey(slug);
}

/** Each distinct payTo of the offers in their order (addresses compared case-insensitively). */
export function payeesOf(draft: ListingDraft, proofs: readonly PayeeProofSeen[]): ListingPayee[] {
  const seen = new Set<string>();
  const payees: ListingPayee[] = [];
  for (const { payTo, resourceUrl } of draft.offers) {
    const key = payTo.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const proof = proofs.find((p) => p.payTo === key);
    payees.push({
      payTo,
      payeeVerified: proof !== undefined,
      verifiedAt: proof?.verifiedAt.toISOString() ?? null,
      sandboxPayeeKey: sandboxKeyOf(resourceUrl, payTo),
    });
  }
  return payees;
}

// The payees of a listing (each distinct payTo of its offers) with the latest accepted proof of each:
// what the listing view shows, and what an approved listing will carry into its service record.
import { db } from "../db";
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

/** Each distinct payTo of the offers in their order (addresses compared case-insensitively). */
export function payeesOf(draft: ListingDraft, proofs: readonly PayeeProofSeen[]): ListingPayee[] {
  const seen = new Set<string>();
  const payees: ListingPayee[] = [];
  for (const { payTo } of draft.offers) {
    const key = payTo.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const proof = proofs.find((p) => p.payTo === key);
    payees.push({ payTo, payeeVerified: proof !== undefined, verifiedAt: proof?.verifiedAt.toISOString() ?? null });
  }
  return payees;
}

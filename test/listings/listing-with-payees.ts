// Test support only: a listing row whose offers pay the given addresses, owned by an actor, without
// probing (the payee-proof tests need payees whose keys they hold; the probes have tests of their own).
import { randomUUID } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Actor } from "@/server/accounts/actor";
import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { ListingDraft } from "@/server/listings/listing-schema";
import { listingOwner } from "@/server/listings/listings";
import { X402_ASSET, X402_NETWORK } from "@/server/payments/payment-network";

export const newPayee = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** A draft listing of `owner` with one GET offer per payTo (as the 402s spelled them), on `host`. */
export async function listingWithPayees(
  owner: Actor,
  payTos: readonly string[],
  host = "payee.example",
): Promise<string> {
  const draft: ListingDraft = {
    name: "payee.example",
    description: "",
    primaryCapability: null,
    capabilityGuessed: false,
    tags: [],
    website: null,
    docsUrl: null,
    facts: [],
    offers: payTos.map((payTo, i) => ({
      resourceUrl: `https://${host}/r${i}`,
      method: "GET",
      providerUrl: `https://${host}`,
      path: `/r${i}`,
      scheme: "exact",
      priceAtomic: "1000",
      priceUsd: "0.001",
      network: X402_NETWORK,
      asset: X402_ASSET,
      payTo,
      inputSchema: null,
      outputSchema: null,
    })),
  };
  const id = randomUUID();
  await db.listing.create({
    data: {
      id,
      ...listingOwner(owner),
      resourceUrls: draft.offers.map((o) => o.resourceUrl),
      draft: draft as unknown as Prisma.InputJsonValue,
      probes: [],
    },
  });
  return id;
}

// A listing's owner proves control of a payee (an offer's payTo) by signing an EIP-712 challenge
// with that address (docs/decisions.md "Payee proofs"): the challenge binds the marketplace's origin,
// the listing, the payee, a stored single-use nonce and an expiry; the proof is checked with viem
// over exactly the stored typed data, and the nonce is consumed by a conditional UPDATE in the same
// transaction that records the proof, so of two proofs with one nonce exactly one is recorded.
import { randomBytes } from "node:crypto";
import { getAddress, isAddressEqual, recoverTypedDataAddress, type Hex } from "viem";
import type { Actor } from "../accounts/actor";
import { db } from "../db";
import { env, siteOrigin } from "../env";
import { AppError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { inTransaction } from "../transaction";
import { listingDraftSchema, type ListingView } from "./listing-schema";
import { getListing, listingOwner, notFound } from "./listings";
import {
  PAYEE_PROOF_DOMAIN,
  PAYEE_PROOF_STATEMENT,
  PAYEE_PROOF_TYPES,
  payeeTypedDataSchema,
  type PayeeProofInput,
  type PayeeTypedData,
} from "./payee-proof-schema";

export interface PayeeProofOptions {
  now?: () => Date;
  ttlSeconds?: number;
  origin?: string;
}

const invalid = (message: string) => new AppError("payee_proof_invalid", message);

/** The owner's listing row (404 for anyone else's) and its payee of this address, as the offers spell it. */
async function ownedPayee(actor: Actor, listingId: string, payTo: string) {
  const row = await db.listing.findFirst({ where: { id: listingId, ownerKey: listingOwner(actor).ownerKey } });
  if (!row) throw notFound();
  const offer = listingDraftSchema.parse(row.draft).offers.find((o) => o.payTo.toLowerCase() === payTo.toLowerCase());
  if (!offer)
    throw new AppError("invalid_request", "payTo is not the payee of any of this listing's offers.", [
      { path: "payTo", message: "Not the payTo of any offer of this listing." },
    ]);
  return offer.payTo;
}

export async function createPayeeChallenge(
  actor: Actor,
  listingId: string,
  payTo: string,
  { now = () => new Date(), ttlSeconds = env.PAYEE_PROOF_TTL_SECONDS, origin = siteOrigin }: PayeeProofOptions = {},
): Promise<PayeeTypedData> {
  await ownedPayee(actor, listingId, payTo);
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + ttlSeconds * 1000);
  const nonce = `0x${randomBytes(32).toString("hex")}`;
  const typedData: PayeeTypedData = {
    domain: { ...PAYEE_PROOF_DOMAIN },
    types: structuredClone(PAYEE_PROOF_TYPES) as unknown as PayeeTypedData["types"],
    primaryType: "PayeeProof",
    message: {
      statement: PAYEE_PROOF_STATEMENT,
      origin,
      listingId,
      payee: getAddress(payTo),
      nonce,
      issuedAt: issuedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
  // The listing's expired challenges go as new ones come: the table holds what may still be signed.
  await db.listingPayeeChallenge.deleteMany({ where: { listingId, consumedAt: null, expiresAt: { lt: issuedAt } } });
  await db.listingPayeeChallenge.create({
    data: {
      nonce,
      listingId,
      payTo: payTo.toLowerCase(),
      typedData: typedData as unknown as Prisma.InputJsonValue,
      issuedAt,
      expiresAt,
    },
  });
  return typedData;
}

/** The address the signature recovers to over the stored typed data; EOA (65-byte) signatures only. */
async function signerOf(typedData: PayeeTypedData, signature: string): Promise<string> {
  if (signature.length !== 132)
    throw invalid(
      "Only a 65-byte EOA signature is accepted: smart-wallet signatures (ERC-1271, ERC-6492) need a chain the marketplace does not read yet.",
    );
  try {
    return await recoverTypedDataAddress({
      domain: typedData.domain,
      types: { PayeeProof: typedData.types.PayeeProof! },
      primaryType: "PayeeProof",
      message: typedData.message,
      signature: signature as Hex,
    });
  } catch {
    throw invalid("The signature recovers to no address (malformed r, s or v).");
  }
}

export async function provePayee(
  actor: Actor,
  listingId: string,
  input: PayeeProofInput,
  { now = () => new Date() }: Pick<PayeeProofOptions, "now"> = {},
): Promise<ListingView> {
  await ownedPayee(actor, listingId, input.payTo);
  const challenge = await db.listingPayeeChallenge.findUnique({ where: { nonce: input.nonce } });
  if (!challenge) throw invalid("No challenge has this nonce (ask for one: POST …/payee-proofs/challenge).");
  if (challenge.listingId !== listingId) throw invalid("This nonce was issued for another listing.");
  if (challenge.payTo !== input.payTo.toLowerCase()) throw invalid("This nonce was issued for another payee.");
  if (challenge.consumedAt) throw invalid("This nonce was already used; ask for a new challenge.");
  const at = now();
  if (at.getTime() >= challenge.expiresAt.getTime())
    throw invalid(`The challenge expired at ${challenge.expiresAt.toISOString()}; ask for a new one.`);
  const typedData = payeeTypedDataSchema.parse(challenge.typedData);
  const signer = await signerOf(typedData, input.signature);
  if (!isAddressEqual(signer as Hex, typedData.message.payee as Hex))
    throw invalid(`The signature is by ${signer}, not by the payee ${typedData.message.payee}.`);

  await inTransaction(undefined, async (tx) => {
    // The nonce is spent here or not at all: a concurrent proof with it finds consumed_at set.
    const consumed = await tx.$executeRaw(
      Prisma.sql`UPDATE listing_payee_challenges SET consumed_at = ${at} WHERE nonce = ${input.nonce} AND consumed_at IS NULL`,
    );
    if (consumed !== 1) throw invalid("This nonce was already used; ask for a new challenge.");
    await tx.listingPayeeProof.create({
      data: {
        listingId,
        payTo: challenge.payTo,
        signer,
        signature: input.signature.toLowerCase(),
        nonce: input.nonce,
        verifiedAt: at,
      },
    });
  });
  return getListing(actor, listingId);
}

// The one module that knows the offer-receipt extension's wire format (@x402/extensions/offer-receipt,
// spec v1.0, whose wire shape is marked "not considered stable" upstream): everything else handles a
// receipt as an opaque SignedReceipt plus the fields this module reads out of it. Our receipts are JWS
// (ES256 over P-256, the library's JCS-canonical payload) with `kid` = did:web:<our host>#<key id>,
// so a generic verifier resolves the key from our DID document (/.well-known/did.json). Providers'
// receipts that a review may present are EIP-712, signed with the key of the offer's payTo (§4.5.1).
import { sign as cryptoSign, createPrivateKey, type JsonWebKey } from "node:crypto";
import {
  OFFER_RECEIPT,
  createJWSOfferReceiptIssuer,
  extractJWSHeader,
  hashReceiptTypedData,
  verifyReceiptSignatureEIP712,
  verifyReceiptSignatureJWS,
  type EIP712SignedReceipt,
  type JWSSignedReceipt,
  type ReceiptPayload,
  type SignedReceipt,
} from "@x402/extensions/offer-receipt";

export { OFFER_RECEIPT };
export type { ReceiptPayload };

/** The header our answers carry a receipt in (base64 of the SignedReceipt JSON); see docs/decisions.md "Receipts". */
export const OFFER_RECEIPT_HEADER = "offer-receipt";
export const RECEIPT_ALGORITHM = "ES256";

export interface SigningKey {
  kid: string;
  privateJwk: JsonWebKey;
}

export interface ReceiptFacts {
  resourceUrl: string;
  payer: string;
  network: string;
  transaction?: string;
}

/** A receipt signed with `key` (issuedAt = now, set by the library). */
export async function signReceipt(key: SigningKey, facts: ReceiptFacts): Promise<JWSSignedReceipt> {
  const privateKey = createPrivateKey({ key: key.privateJwk, format: "jwk" });
  const issuer = createJWSOfferReceiptIssuer(key.kid, {
    kid: key.kid,
    format: "jws",
    algorithm: RECEIPT_ALGORITHM,
    // JWS ES256 signatures are r||s (IEEE P1363), not DER.
    sign: async (payload) =>
      cryptoSign("sha256", payload, { key: privateKey, dsaEncoding: "ieee-p1363" }).toString("base64url"),
  });
  const receipt = await issuer.issueReceipt(facts.resourceUrl, facts.payer, facts.network, facts.transaction);
  return receipt as JWSSignedReceipt;
}

/** The header value of a receipt. */
export const receiptHeaderValue = (receipt: JWSSignedReceipt): string =>
  Buffer.from(JSON.stringify(receipt)).toString("base64");

/** The settlement response's extension entry that carries a receipt (spec §5.1). */
export const receiptExtension = (receipt: SignedReceipt) => ({ [OFFER_RECEIPT]: { info: { receipt } } });

/** The `kid` a JWS receipt names, or null when the receipt is not a well-formed JWS. */
export function receiptKid(receipt: JWSSignedReceipt): string | null {
  try {
    const kid = extractJWSHeader(receipt.signature).kid;
    return typeof kid === "string" ? kid : null;
  } catch {
    return null;
  }
}

/** The verified payload, or null when the signature does not verify with `publicJwk` (any changed byte). */
export async function verifyReceipt(receipt: JWSSignedReceipt, publicJwk: JsonWebKey): Promise<ReceiptPayload | null> {
  try {
    const header = extractJWSHeader(receipt.signature);
    if (header.alg !== RECEIPT_ALGORITHM) return null;
    return await verifyReceiptSignatureJWS(receipt, publicJwk as Parameters<typeof verifyReceiptSignatureJWS>[1]);
  } catch {
    return null;
  }
}

/**
 * A provider's EIP-712 receipt (spec §5.3, §5.5): the address that signed it and the payload, or
 * null when the signature does not recover (malformed, or any changed byte of the payload gives
 * another signer, which the caller then fails to match).
 */
export async function recoverProviderReceiptSigner(
  receipt: EIP712SignedReceipt,
): Promise<{ signer: string; payload: ReceiptPayload } | null> {
  try {
    const { signer, payload } = await verifyReceiptSignatureEIP712(receipt);
    return { signer, payload };
  } catch {
    return null;
  }
}

/**
 * What makes two provider receipts the same purchase: its transaction when the receipt names one
 * (a provider may sign one payment twice), else the signed payload's typed-data hash (the same
 * payload with another valid signature, e.g. the other `s` of an ECDSA pair, is the same receipt).
 */
export function providerReceiptIdentity(payload: ReceiptPayload): string {
  if (payload.transaction) return paymentIdentity(payload.network, payload.transaction);
  return `eip712:${hashReceiptTypedData(payload)}`;
}

/** One on-chain payment, whoever's receipt names it. */
export const paymentIdentity = (network: string, transaction: string): string =>
  `tx:${network}:${transaction.toLowerCase()}`;

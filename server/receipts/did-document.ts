// The marketplace's DID document (did:web, served at /.well-known/did.json): every receipt-signing key
// ever used, the active one and the retired ones, so a receipt verifies with the key its `kid` names
// whatever rotations came after. A did:web resolver (the offer-receipt library's included) finds it
// from the kid alone.
import { z } from "zod";
import { marketplaceDid, publishedKeys } from "./receipt-keys";

const jwkSchema = z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string() });

export const didDocumentSchema = z.object({
  "@context": z.array(z.string()),
  id: z.string().describe("The marketplace's DID (did:web of its base URL)."),
  verificationMethod: z.array(
    z.object({
      id: z.string().describe("The `kid` of receipts signed with this key."),
      type: z.literal("JsonWebKey2020"),
      controller: z.string(),
      publicKeyJwk: jwkSchema.describe("The public key (P-256; receipts are ES256 JWS)."),
      created: z.string().describe("When the key was made (ISO 8601)."),
      revoked: z.string().optional().describe("When the key was rotated out (ISO 8601); its receipts still verify."),
    }),
  ),
  assertionMethod: z.array(z.string()).describe("Every key that signs (or signed) receipts."),
});
export type DidDocument = z.infer<typeof didDocumentSchema>;

export async function didDocument(): Promise<DidDocument> {
  const id = marketplaceDid();
  const keys = await publishedKeys();
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"],
    id,
    verificationMethod: keys.map((k) => ({
      id: k.kid,
      type: "JsonWebKey2020" as const,
      controller: id,
      publicKeyJwk: { kty: k.publicJwk.kty!, crv: k.publicJwk.crv!, x: k.publicJwk.x!, y: k.publicJwk.y! },
      created: k.createdAt.toISOString(),
      ...(k.retiredAt ? { revoked: k.retiredAt.toISOString() } : {}),
    })),
    assertionMethod: keys.map((k) => k.kid),
  };
}

// GET /.well-known/did.json: the public keys of the marketplace's signed receipts (docs/decisions.md "Receipts").
import { errorResponses, FREE_READ_CODES } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { inlineSchema } from "../../openapi/json-schema";
import { activeSigningKey } from "../../receipts/receipt-keys";
import { didDocument, didDocumentSchema } from "../../receipts/did-document";
import { rateLimited } from "../rate-limit";
import { json, route } from "../respond";

export const getReceiptKeysOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/.well-known/did.json",
  operationId: "getReceiptKeys",
  summary: "The public keys that verify the marketplace's signed receipts (did:web document)",
  description:
    "The marketplace's DID document (did:web of its base URL). Every paid call through the observer answers with a signed receipt " +
    "(offer-receipt extension of x402: a JWS, ES256) in the `Offer-Receipt` header (base64 of `{format, signature}`); its `kid` is one of " +
    "`verificationMethod[].id` here. Rotated keys stay listed (with `revoked`), so older receipts still verify. " +
    "Verify with `verifyReceiptSignatureJWS(receipt, publicKeyJwk)` of `@x402/extensions/offer-receipt` (or let it resolve the did:web kid).",
  tags: ["Observer"],
  security: [],
  responses: {
    "200": {
      description: "The DID document.",
      content: { "application/json": { schema: inlineSchema(didDocumentSchema, "output") } },
    },
    ...errorResponses([...FREE_READ_CODES]),
  },
  handler: rateLimited(
    "catalog",
    route(async () => {
      // A marketplace that has not signed yet still publishes the key it will sign with.
      await activeSigningKey();
      return json(await didDocument(), { headers: { "cache-control": "public, max-age=300" } });
    }),
  ),
};

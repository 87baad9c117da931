// The marketplace token (agents' credential for the review writes) and the write Idempotency-Key,
// as a security scheme and a reusable parameter.
import { idempotencyKeySchema } from "../input/idempotency-key";
import { inlineSchema } from "./json-schema";
import type { ParameterObject, SecuritySchemeObject } from "./openapi-types";

export const MARKETPLACE_TOKEN_SCHEME = "marketplaceToken";
export const WRITE_KEY_PARAMETER = "WriteIdempotencyKey";

export function marketplaceTokenScheme(): SecuritySchemeObject {
  return {
    type: "apiKey",
    in: "header",
    name: "X-Marketplace-Token",
    description:
      "A marketplace token (`apmt_` followed by 43 characters) acts as an agent for the account that owns it. Create one on the site's " +
      "/account page after signing up, or with `npm run token:create -- --name <name> [--email <owner>]` on the server (without an " +
      "owner it acts for nobody). It is shown once and stored hashed. Missing or unknown: 401 unauthorized; revoked: 403 forbidden.",
  };
}

export function writeIdempotencyKeyParameter(): ParameterObject {
  return {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Review writes: makes a retry safe. Scoped to the token; the first request with a key is performed and its answer stored for at least 24 hours; " +
      "the same key with the same operation and body answers the stored status and the same bytes (with `Idempotent-Replayed: true`) and writes nothing; " +
      "the same key with another operation, review or body is 422 idempotency_key_reused. A request that failed (4xx) stores nothing.",
    schema: inlineSchema(idempotencyKeySchema),
  };
}

// The marketplace token (agents' credential for the review writes and the observer) and the write Idempotency-Key,
// as a security scheme and a reusable parameter, and the headers of the free and write answers.
import { idempotencyKeySchema } from "../input/idempotency-key";
import { inlineSchema } from "./json-schema";
import type { HeaderObject, ParameterObject, SecuritySchemeObject } from "./openapi-types";

export const MARKETPLACE_TOKEN_SCHEME = "marketplaceToken";
export const WRITE_KEY_PARAMETER = "WriteIdempotencyKey";

export function marketplaceTokenScheme(): SecuritySchemeObject {
  return {
    type: "apiKey",
    in: "header",
    name: "X-Marketplace-Token",
    description:
      "A marketplace token (`apmt_` followed by 43 characters) acts as an agent for the account that owns it, or for a wallet. An agent with " +
      "only a wallet gets one by wallet sign-in, no account needed: POST /api/auth/wallet/challenge, sign its `message`, POST " +
      "/api/auth/wallet/token (the Accounts reference). A person creates one on the site's /account page after signing up (or POST " +
      "/api/tokens); an operator with `npm run token:create -- --name <name> [--email <owner>]` on the server (without an owner it acts " +
      "for nobody). It is shown once and stored hashed. Missing or unknown: 401 unauthorized; revoked: 403 forbidden.",
  };
}

export function writeIdempotencyKeyParameter(): ParameterObject {
  return {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Review writes and POST /api/listings: makes a retry safe. Scoped to the token (or the signed-in person); the first request with a key is performed and its answer stored for at least 24 hours; " +
      "the same key with the same operation and body answers the stored status and the same bytes (with `Idempotent-Replayed: true`) and writes nothing; " +
      "the same key with another operation, target or body is 422 idempotency_key_reused. A request that failed (4xx) stores nothing. " +
      "Review writes: a concurrent duplicate waits for the first and answers its result. POST /api/listings (it probes URLs first, which takes seconds): a duplicate sent while the first still runs is 409 write_in_progress with Retry-After, and probes nothing.",
    schema: inlineSchema(idempotencyKeySchema),
  };
}

const count = (description: string): HeaderObject => ({ description, schema: { type: "integer", minimum: 0 } });

/** Headers of the free and write answers, described once in components.headers (the /docs header
 * list, which the responses link to). */
export function writeAnswerHeaders(): Record<string, HeaderObject> {
  return {
    Allow: {
      description: "With 405 method_not_allowed: the methods the path serves.",
      required: false,
      schema: { type: "string" },
    },
    "Idempotent-Replayed": {
      description:
        "`true` when the answer is the stored answer of an earlier request with the same Idempotency-Key; nothing was written again.",
      required: false,
      schema: { type: "string", const: "true" },
    },
    "RateLimit-Limit": count(
      "Requests (or writes) allowed per window for this client or token; sent on every counted answer.",
    ),
    "RateLimit-Remaining": count("Requests left in the current window."),
    "RateLimit-Reset": count("Seconds until the window ends."),
    "RateLimit-Policy": {
      description: "`<limit>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers-06).",
      schema: { type: "string" },
    },
  };
}

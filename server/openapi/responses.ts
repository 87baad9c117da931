// Small builders for response and body objects that point at named schemas.
import { SCHEMA_NAMES } from "./component-schemas";
import { schemaRef } from "./json-schema";
import type { HeaderObject, MediaTypeObject, ResponseObject } from "./openapi-types";

export function jsonContent(schemaName: string, example?: unknown): Record<string, MediaTypeObject> {
  return { "application/json": { schema: { $ref: schemaRef(schemaName) }, ...(example === undefined ? {} : { example }) } };
}

const seconds = (description: string): HeaderObject => ({ description, schema: { type: "integer", minimum: 0 } });

/** What every rate-limited free read may also answer (docs/decisions.md "Rate limits", "Errors"). */
export function freeReadResponses(): Record<string, ResponseObject> {
  const rateLimit = {
    "RateLimit-Limit": seconds("Requests allowed per window for this client (also on successful answers)."),
    "RateLimit-Remaining": seconds("Requests left in the current window."),
    "RateLimit-Reset": seconds("Seconds until the window ends."),
    "RateLimit-Policy": { description: "`<limit>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers-06).", schema: { type: "string" } },
  };
  return {
    "405": { description: "method_not_allowed: use a method the `Allow` header lists.", headers: { Allow: { description: "The methods this path serves.", schema: { type: "string" } } }, content: jsonContent(SCHEMA_NAMES.apiError) },
    "429": {
      description: "rate_limited: this client used its requests for the window; retry after Retry-After seconds. Counted per client across every instance.",
      headers: { "Retry-After": seconds("Seconds until the window ends."), ...rateLimit },
      content: jsonContent(SCHEMA_NAMES.apiError),
    },
    "503": {
      description: "database_unavailable (the database cannot be reached) or server_busy (every connection in use); retry after Retry-After seconds.",
      headers: { "Retry-After": seconds("Seconds to wait before retrying.") },
      content: jsonContent(SCHEMA_NAMES.apiError),
    },
  };
}

// Error responses generated from the error table (server/errors.ts): an operation lists the codes it
// can answer; each code goes under its table status, described by the table (plus what it means for
// this operation), and the body's `error` is narrowed to the codes of that status.
import { ERROR_TABLE, statusOf, type ErrorCode } from "../errors";
import { SCHEMA_NAMES } from "./component-schemas";
import { schemaRef } from "./json-schema";
import type { HeaderObject, Reference, ResponseObject } from "./openapi-types";

export type ResponseHeaders = Record<string, HeaderObject | Reference>;

export interface ErrorResponseOptions {
  /** What a code means for this operation, said after the table's description. */
  detail?: Partial<Record<ErrorCode, string>>;
  /** Headers of the answers that carry a code (merged per status); defaults: FREE_HEADERS. */
  headers?: Partial<Record<ErrorCode, ResponseHeaders>>;
  /** Headers of every error answer of the operation (payments: Cache-Control). */
  always?: ResponseHeaders;
  /** Body component per status (default ApiError). */
  body?: Partial<Record<number, string>>;
}

const seconds = (description: string): HeaderObject => ({ description, schema: { type: "integer", minimum: 0 } });

/** The RateLimit-* headers of every counted free answer (draft-ietf-httpapi-ratelimit-headers-06). */
export function rateLimitHeaders(): Record<string, HeaderObject> {
  return {
    "RateLimit-Limit": seconds("Requests allowed per window for this client (also on successful answers)."),
    "RateLimit-Remaining": seconds("Requests left in the current window."),
    "RateLimit-Reset": seconds("Seconds until the window ends."),
    "RateLimit-Policy": {
      description: "`<limit>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers-06).",
      schema: { type: "string" },
    },
  };
}

/** Headers of the free routes' refusals: Allow with 405, Retry-After (and RateLimit-*) with 429 and 503,
 * Retry-After with 409 write_in_progress. */
export const FREE_HEADERS: Partial<Record<ErrorCode, ResponseHeaders>> = {
  method_not_allowed: { Allow: { $ref: "#/components/headers/Allow" } },
  rate_limited: { "Retry-After": seconds("Seconds until the window ends."), ...rateLimitHeaders() },
  database_unavailable: { "Retry-After": seconds("Seconds to wait before retrying.") },
  server_busy: { "Retry-After": seconds("Seconds to wait before retrying.") },
  write_in_progress: { "Retry-After": seconds("Seconds before asking again for the first request's answer.") },
};

/** "`code`: what the table says. What it means here." for each code, in the order given. */
export function codesText(codes: readonly ErrorCode[], detail: Partial<Record<ErrorCode, string>> = {}): string {
  return codes
    .map((code) => `\`${code}\`: ${ERROR_TABLE[code].description}${detail[code] ? ` ${detail[code]}` : ""}`)
    .join(" ");
}

/** A body schema whose `error` is one of `codes`. */
export function narrowedBody(schemaName: string, codes: readonly ErrorCode[]) {
  return { $ref: schemaRef(schemaName), properties: { error: { type: "string", enum: [...codes] } } };
}

/** One response per status the codes have, sorted by status. */
export function errorResponses(
  codes: readonly ErrorCode[],
  options: ErrorResponseOptions = {},
): Record<string, ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const headersOf = options.headers ?? FREE_HEADERS;
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, group]) => {
        const headers: ResponseHeaders = Object.assign(
          {},
          ...group.map((code) => headersOf[code] ?? {}),
          options.always,
        );
        const response: ResponseObject = {
          description: codesText(group, options.detail),
          ...(Object.keys(headers).length > 0 ? { headers } : {}),
          content: {
            "application/json": { schema: narrowedBody(options.body?.[status] ?? SCHEMA_NAMES.apiError, group) },
          },
        };
        return [String(status), response];
      }),
  );
}

/** What every rate-limited free read may also answer: 405, 429 and 503 (docs/decisions.md "Rate limits", "Errors"). */
export const FREE_READ_CODES = [
  "method_not_allowed",
  "rate_limited",
  "database_unavailable",
  "server_busy",
] as const satisfies readonly ErrorCode[];

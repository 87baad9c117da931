// One table of application error codes: HTTP status for REST, tRPC code for the UI.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
// Installs the input messages (unknown fields, wrong JSON types) wherever issues are reported.
import { unknownFieldMessages } from "./issue-messages";

export const ERROR_TABLE = {
  invalid_request: { status: 400, trpc: "BAD_REQUEST" },
  invalid_json: { status: 400, trpc: "BAD_REQUEST" },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED" },
  forbidden: { status: 403, trpc: "FORBIDDEN" },
  not_found: { status: 404, trpc: "NOT_FOUND" },
  method_not_allowed: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  conflict: { status: 409, trpc: "CONFLICT" },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  unsupported_media_type: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  // An Idempotency-Key sent again with another operation or input (review writes).
  idempotency_key_reused: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  // The observer route (app/api/x402/observe): refusals and failures of its own, never a provider's.
  // The offer's provider address is one the observer may not call (not https, not public, ...).
  offer_not_routable: { status: 409, trpc: "CONFLICT" },
  // A call with this Idempotency-Key is still running: retry after Retry-After.
  call_in_progress: { status: 409, trpc: "CONFLICT" },
  // No connection to the provider (refused, unresolvable, forbidden address, TLS failure, reset).
  provider_unreachable: { status: 502, trpc: "BAD_GATEWAY" },
  // The provider's answer was larger than OBSERVER_MAX_RESPONSE_BYTES (the connection was dropped).
  provider_response_too_large: { status: 502, trpc: "BAD_GATEWAY" },
  // The provider answered something that is not a relayable HTTP answer (e.g. status 600).
  provider_invalid_response: { status: 502, trpc: "BAD_GATEWAY" },
  // The provider did not connect or answer within the observer's timeouts.
  provider_timeout: { status: 504, trpc: "GATEWAY_TIMEOUT" },
  // An operator's order action that the order's state does not allow (server/orders/order-states.ts).
  invalid_transition: { status: 409, trpc: "CONFLICT" },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  service_unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  // The database is unreachable (outage, restart): retry later, with Retry-After.
  database_unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  // Every database connection is in use: retry after Retry-After (not an outage).
  server_busy: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export interface Issue {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

interface ZodLikeIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/** zod issues -> [{path: "conditions.0.requirement", message}]; unknown fields get one issue
 * each, at the field's own path ("condtions", not ""). */
export function toIssues(issues: readonly ZodLikeIssue[]): Issue[] {
  return issues.flatMap((i) => {
    if (i.code === "unrecognized_keys" && i.keys && i.keys.length > 0) {
      const messages = unknownFieldMessages(i.keys);
      return i.keys.map((k, n) => ({ path: [...i.path, k].map(String).join("."), message: messages?.[n] ?? i.message }));
    }
    return [{ path: i.path.map(String).join("."), message: i.message }];
  });
}

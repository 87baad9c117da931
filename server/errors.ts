// One table of application error codes: HTTP status for REST, tRPC code for the UI, and the short
// description the OpenAPI document gives each code. Every code an answer carries is listed here:
// answers take the code and read its status from the table, so a status is never written twice.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
// Installs the input messages (unknown fields, wrong JSON types) wherever issues are reported.
import { unknownFieldMessages } from "./issue-messages";

export const ERROR_TABLE = {
  invalid_request: {
    status: 400,
    trpc: "BAD_REQUEST",
    description: "The input breaks a rule; `issues` lists each broken rule with its path.",
  },
  invalid_json: { status: 400, trpc: "BAD_REQUEST", description: "The body is not valid JSON." },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED", description: "The credential is missing, malformed or unknown." },
  forbidden: { status: 403, trpc: "FORBIDDEN", description: "The credential is valid but may not do this." },
  not_found: {
    status: 404,
    trpc: "NOT_FOUND",
    description: "Nothing exists at this address (or it is not visible to this caller).",
  },
  method_not_allowed: {
    status: 405,
    trpc: "METHOD_NOT_SUPPORTED",
    description: "The path does not serve this method; `Allow` lists those it does.",
  },
  conflict: {
    status: 409,
    trpc: "CONFLICT",
    description: "The request conflicts with what already exists; the message names it.",
  },
  payload_too_large: {
    status: 413,
    trpc: "PAYLOAD_TOO_LARGE",
    description: "The body is larger than the route accepts; refused before it is parsed.",
  },
  unsupported_media_type: {
    status: 415,
    trpc: "UNSUPPORTED_MEDIA_TYPE",
    description: "A body was sent with a Content-Type other than application/json.",
  },
  idempotency_key_reused: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    description:
      "The idempotency key was already used for a different request (operation, path or body); use a new key. Nothing was done.",
  },
  rate_limited: {
    status: 429,
    trpc: "TOO_MANY_REQUESTS",
    description: "This client used its requests for the window; retry after Retry-After seconds.",
  },
  offer_not_routable: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "The observer may not call this offer's provider address (not https, not a public address, credentials in the URL); the message names the reason.",
  },
  write_in_progress: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "A write with this Idempotency-Key is still running (e.g. a listing's probes); retry after Retry-After seconds to get its answer.",
  },
  call_in_progress: {
    status: 409,
    trpc: "CONFLICT",
    description: "A call with this Idempotency-Key is still running; retry after Retry-After seconds.",
  },
  // The observer's routing stop (server/probes/): a probe saw the provider ask another payee, network or asset.
  offer_terms_changed: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "The provider's payment terms (payee, network or asset) differ from the catalogue's: the observer stopped routing this offer until an operator confirms the new terms or the listing is re-imported. Nothing was forwarded or charged; `termsChange` says what changed and when. A call already completed under the same Idempotency-Key is still answered from its record.",
  },
  // A replay of an observed call whose stored answer the retention removed (server/retention/):
  // REST only (the observer route). tRPC has no 410, so its nearest code stands in the column.
  observed_answer_expired: {
    status: 410,
    trpc: "NOT_FOUND",
    description:
      "The call with this Idempotency-Key completed, but its stored answer was removed after OBSERVER_ANSWER_RETENTION_DAYS; the provider was not called again. `recordedStatus` is the status the call answered and `completedAt` when. Use a new key for a new call.",
  },
  provider_unreachable: {
    status: 502,
    trpc: "BAD_GATEWAY",
    description: "No connection to the provider (refused, unresolvable, forbidden address, TLS failure, reset).",
  },
  provider_response_too_large: {
    status: 502,
    trpc: "BAD_GATEWAY",
    description: "The provider's answer was larger than the observer relays; the connection was dropped.",
  },
  provider_invalid_response: {
    status: 502,
    trpc: "BAD_GATEWAY",
    description: "The provider answered something that is not a relayable HTTP answer.",
  },
  provider_timeout: {
    status: 504,
    trpc: "GATEWAY_TIMEOUT",
    description: "The provider did not connect or answer within the observer's timeouts.",
  },
  // An operator's order action that the order's state does not allow (server/orders/order-states.ts).
  invalid_transition: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "The order's state does not allow this action (or it changed since the page was loaded); the message names the state and the allowed actions.",
  },
  // An operator confirming a payment-terms change that was already resolved otherwise (server/probes/confirm-terms.ts).
  terms_change_resolved: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "This payment-terms change was already resolved (by a re-import of the listing, or by another operator); the message says how and when. Nothing was changed.",
  },
  // A listing's payee proof that proves nothing (server/listings/payee-proof.ts).
  payee_proof_invalid: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    description:
      "The signature does not prove control of the payee over this challenge: another signer, an expired, used or unknown nonce, a challenge of another listing or payee, or a smart-wallet signature (not supported yet); the message names the reason. Nothing was recorded.",
  },
  // A receipt presented with a review (server/receipts/review-receipt.ts).
  receipt_invalid: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    description:
      "The receipt does not back this review: not a JWS receipt signed with one of the marketplace's published keys (GET /.well-known/did.json), a changed byte, or a receipt of a paid call to another service or by another token; the message names the reason. Nothing was recorded.",
  },
  receipt_used: {
    status: 409,
    trpc: "CONFLICT",
    description: "This receipt already backs a review (a receipt backs one review). Nothing was recorded.",
  },
  // A wallet sign-in payload that proves nothing (server/accounts/wallet-sign-in.ts).
  wallet_sign_in_invalid: {
    status: 401,
    trpc: "UNAUTHORIZED",
    description:
      "The signed sign-in-with-x payload does not sign this wallet in: another origin, an unsupported chain, a signature that does not verify, a message too old or expired, or a nonce this marketplace did not issue, that expired or that was used; the message names the reason (the extension's `invalid_siwx_*` code). Ask for a new challenge.",
  },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR", description: "Something went wrong on our side." },
  service_unavailable: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description: "The service cannot answer right now; retry later.",
  },
  database_unavailable: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description: "The database is unreachable (outage, restart); retry after Retry-After seconds.",
  },
  server_busy: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description:
      "Every database connection of the instance was in use; the database is healthy. Retry after Retry-After seconds.",
  },
  // The purchase of a paid product (server/payments/): every answer but the success and the x402 reasons of a refused payment.
  payment_required: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "No payment was sent: the answer is the product's payment challenge (PAYMENT-REQUIRED header, the product and free links).",
  },
  idempotency_key_mismatch: {
    status: 400,
    trpc: "BAD_REQUEST",
    description:
      "The request carries more than one idempotency key (`request_id`, the Idempotency-Key header, the payment-identifier id of PAYMENT-SIGNATURE) and they differ.",
  },
  idempotency_key_required: {
    status: 400,
    trpc: "BAD_REQUEST",
    description:
      "A signed purchase needs an idempotency key: `request_id` in the body, an Idempotency-Key header, or a payment-identifier id in PAYMENT-SIGNATURE.",
  },
  payment_identifier_reused: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "The payment-identifier id was already used for a different request (operation, path or body): x402's payment-identifier extension answers 409. Use a new id. Nothing was done.",
  },
  purchase_in_progress: {
    status: 409,
    trpc: "CONFLICT",
    description: "A purchase with this idempotency key is being processed; retry after Retry-After seconds.",
  },
  idempotency_key_in_use: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "The key's purchase was completed and paid with another payment credential; the new one was not used. `recovery` says how to get the stored result.",
  },
  payment_unconfigured: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description: "No payment protocol is configured for the product. Nothing was charged.",
  },
  facilitator_unavailable: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description: "The payment facilitator could not be reached before anything was charged.",
  },
  settlement_unknown: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description:
      "Settlement timed out or failed in transit: the payer may have been charged. Retry the identical request with the same payment credential.",
  },
  fulfilment_pending: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description: "Paid, but the result is not ready. Retry the identical request with the same payment credential.",
  },
  purchase_interrupted: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    description:
      "The database became unavailable mid-purchase, before any settlement of this request. Retry the identical request with the same payment credential.",
  },
  // Paid ad retrieval (server/ads/): answered before any payment step, uncharged.
  no_eligible_ad: {
    status: 409,
    trpc: "CONFLICT",
    description:
      "No active sponsored placement matches the context; nothing was verified, settled or charged, and the same payment credential can be sent again later.",
  },
  // A purchase carrying both PAYMENT-SIGNATURE (x402) and Authorization: Payment (MPP): which one pays is not guessed.
  payment_ambiguous: {
    status: 400,
    trpc: "BAD_REQUEST",
    description:
      "The request carries both PAYMENT-SIGNATURE (x402) and `Authorization: Payment` (MPP); send one. Nothing was verified or charged.",
  },
  // A refused MPP credential (server/payments/mpp/): 402 with fresh challenges, nothing claimed or charged.
  mpp_credential_malformed: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "Authorization is not an MPP `Payment` credential with an evm, stripe or tempo (signed transaction) charge payload this marketplace reads. A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_method_unsupported: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP credential answers a payment method this product is not sold with here. A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_challenge_unknown: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP credential's challenge was not issued by this marketplace, or was changed. A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_challenge_expired: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP credential's challenge has expired (challenges live 5 to 6 minutes). A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_challenge_mismatch: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP credential answers a challenge for another product or price. A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_signature_invalid: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP credential's EIP-3009 authorization is not signed by its `from` address. A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_authorization_mismatch: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP credential's EIP-3009 authorization does not match its challenge (amount, recipient, nonce or validity window). A fresh challenge comes with the answer; nothing was charged.",
  },
  mpp_credential_used: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "This payer already paid this MPP challenge (one authorization pays once, ever); answer one of the fresh challenges. A fresh challenge comes with the answer; nothing was charged.",
  },
  // MPP stripe: Stripe refused the Shared Payment Token when the PaymentIntent was created (after the claim, before any money moved).
  mpp_payment_declined: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "Stripe declined the MPP stripe credential's Shared Payment Token (card declined, token invalid, expired or used). A fresh challenge comes with the answer; nothing was charged.",
  },
  // MPP stripe: the PaymentIntent needs the payer to act (e.g. 3-D Secure), which an agent purchase cannot do.
  mpp_payment_action_required: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "Stripe wants the payer to act on the payment (e.g. 3-D Secure); the purchase was not charged. Pay with a token that needs no action. A fresh challenge comes with the answer.",
  },
  // MPP tempo: a push credential (the hash of a transaction the payer already broadcast) moved money before any claim.
  mpp_push_payment_refused: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      'The MPP tempo credential is a transaction hash (push form): money moved before the purchase could be claimed, so it is not accepted. Send the signed transaction instead (pull form; the challenges say supportedModes ["pull"]). A fresh challenge comes with the answer; nothing was claimed.',
  },
  // MPP tempo: the node refused or reverted the signed transaction (simulation before the claim, or broadcast after it).
  mpp_transaction_rejected: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The Tempo node refused or reverted the MPP tempo transaction (e.g. the balance does not cover it); it did not execute and nothing was charged. A fresh challenge comes with the answer.",
  },
  // MPP tempo: the signed transaction was not executed before its validBefore, so it never can be.
  mpp_transaction_expired: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    description:
      "The MPP tempo transaction expired (validBefore passed) without being executed; nothing was charged. A fresh challenge comes with the answer.",
  },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY; description: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** The codes answered with one HTTP status, e.g. `ErrorCodeWithStatus<503>`. */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_TABLE)[C]["status"] extends S ? C : never;
}[ErrorCode];

/** Every code, in table order (the OpenAPI document and its tests list them). */
export const ERROR_CODES = Object.keys(ERROR_TABLE) as ErrorCode[];

export const statusOf = (code: ErrorCode): number => ERROR_TABLE[code].status;

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
      return i.keys.map((k, n) => ({
        path: [...i.path, k].map(String).join("."),
        message: messages?.[n] ?? i.message,
      }));
    }
    return [{ path: i.path.map(String).join("."), message: i.message }];
  });
}

// The observer route (docs/decisions.md "Observer route"): GET or POST /api/x402/observe/{offerId},
// the offer's own method, with a marketplace token and an Idempotency-Key. The answer is the
// provider's; the statuses the observer answers of its own accord are listed with their codes.
// Every method goes to the one edge (observe-route.ts): the offer decides which one is allowed.
import { z } from "zod";
import { env } from "../../env";
import { idempotencyKeySchema } from "../../input/idempotency-key";
import { IN_PROGRESS_RETRY_AFTER_S } from "../../observe/observe-call";
import { errorResponses } from "../../openapi/error-responses";
import { inlineSchema } from "../../openapi/json-schema";
import { MARKETPLACE_TOKEN_SCHEME } from "../../openapi/marketplace-token";
import type { HeaderObject, ParameterObject } from "../../openapi/openapi-types";
import { HEADER_NAMES, headerRef } from "../../openapi/payment-headers";
import type { SelfRoutedOperation } from "../free-routes";
import { observerRoutes } from "../observe-route";

const observe = observerRoutes().GET;

const text = (description: string): HeaderObject => ({ description, schema: { type: "string" } });

const offerId: ParameterObject = {
  name: "offerId",
  in: "path",
  required: true,
  description: "The `id` of an offer in a service record (its `callUrl` ends with it).",
  schema: { type: "string", minLength: 1, maxLength: 200 },
};
const idempotencyKey: ParameterObject = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description:
    "A unique key per call, scoped to the token and the offer. The same key with the same request (method, query, Content-Type, body; " +
    "PAYMENT-SIGNATURE excluded) after the call completed answers the recorded status, headers and body with `Idempotent-Replayed: true` " +
    "and does not call the provider again; the same key with another request is 422. A provider's 402 is not replayed: send the same key " +
    "again with PAYMENT-SIGNATURE to pay. The provider receives its own key, `obs_` + base64url(SHA-256(token id, offer id, key)).",
  schema: inlineSchema(idempotencyKeySchema),
};
const forwarded = (name: string, description: string): ParameterObject => ({
  name,
  in: "header",
  required: false,
  description,
  schema: inlineSchema(z.string().min(1)),
});

function observeOperation<M extends "GET" | "POST">(method: M): SelfRoutedOperation<M> {
  return {
    method,
    path: "/api/x402/observe/{offerId}",
    operationId: method === "GET" ? "callOfferGet" : "callOfferPost",
    summary: `Call a catalogued offer through the marketplace (offers whose method is ${method})`,
    description:
      "Forwards the call to the offer's provider (`providerUrl` + `path`) and answers the provider's status, headers and body: a provider's 402 " +
      "with PAYMENT-REQUIRED passes through unchanged, so the agent pays the provider directly with x402 (or MPP: `Authorization: Payment …` " +
      "is forwarded to MPP offers). Forwarded: the query string, " +
      (method === "POST" ? "the JSON body, " : "") +
      "Content-Type, Accept, PAYMENT-SIGNATURE and the derived Idempotency-Key; never the marketplace token, cookies or X-Forwarded-*. " +
      "Returned: the provider's end-to-end headers, less hop-by-hop ones, Set-Cookie and headers that would act on the marketplace's origin " +
      "(Strict-Transport-Security, Alt-Svc, Clear-Site-Data, Access-Control-*). Every call is recorded (status, latency, bytes, paid or not, " +
      "payer and transaction from PAYMENT-RESPONSE) and counts in the service's figures. A paid call's answer carries the marketplace's signed " +
      "receipt in the `Offer-Receipt` header (base64 of the JSON `{format, signature}`: decode it and send that object as `receipt` with a review " +
      "for a verified purchase). Only https providers on public addresses are called (checked when connecting, so DNS rebinding fails too); " +
      "while payments settle on the local test ledger, the sandbox's offers (served on loopback, `sandbox: true` in the service record) and " +
      "the demo provider's are called too. Redirects are passed back, never followed. The method must be the offer's " +
      "(`method` in the service record); any other is 405 with `Allow`. While the marketplace's probes see the provider ask another payee, " +
      "network or asset than the catalogue lists (`health.termsChange` with `blocking: true`), nothing is forwarded: 409 `offer_terms_changed` " +
      "(a completed call under the same key is still replayed).",
    tags: ["Observer"],
    security: [{ [MARKETPLACE_TOKEN_SCHEME]: [] }],
    parameters: [
      offerId,
      idempotencyKey,
      forwarded(
        "PAYMENT-SIGNATURE",
        "x402 payment for the provider's 402 challenge; forwarded as it is. Not part of the idempotency fingerprint.",
      ),
      forwarded("Accept", "Forwarded to the provider."),
      forwarded("Authorization", "MPP offers only, and only a `Payment` credential; anything else is not forwarded."),
    ],
    ...(method === "POST"
      ? {
          requestBody: {
            required: true,
            description: `The provider's JSON input (at most ${env.OBSERVER_MAX_REQUEST_BYTES} bytes), forwarded byte for byte.`,
            content: { "application/json": { schema: {} } },
          },
        }
      : {}),
    responses: {
      default: {
        description:
          "The provider's answer: its status (2xx, 3xx, 4xx incl. 402, 5xx), body and end-to-end headers, e.g. PAYMENT-REQUIRED, PAYMENT-RESPONSE, " +
          "WWW-Authenticate, Payment-Receipt, Content-Type, Cache-Control, Location. `Idempotent-Replayed: true` marks a recorded answer.",
        headers: {
          "Idempotent-Replayed": text("`true` on the recorded answer of an earlier call with the same key."),
          [HEADER_NAMES.offerReceipt]: headerRef(HEADER_NAMES.offerReceipt),
        },
      },
      ...errorResponses(
        [
          "invalid_request",
          "unauthorized",
          "forbidden",
          "not_found",
          "method_not_allowed",
          "offer_not_routable",
          "offer_terms_changed",
          "call_in_progress",
          "observed_answer_expired",
          "payload_too_large",
          "unsupported_media_type",
          "idempotency_key_reused",
          "rate_limited",
          "provider_unreachable",
          "provider_response_too_large",
          "provider_invalid_response",
          "database_unavailable",
          "server_busy",
          "provider_timeout",
        ],
        {
          headers: {
            method_not_allowed: { Allow: text("The offer's method, and OPTIONS.") },
            call_in_progress: {
              "Retry-After": {
                description: `Seconds before asking again (call_in_progress: ${IN_PROGRESS_RETRY_AFTER_S}).`,
                schema: { type: "integer", minimum: 1 },
              },
            },
            rate_limited: {
              "Retry-After": { description: "Seconds until the window ends.", schema: { type: "integer", minimum: 1 } },
            },
          },
          detail: {
            invalid_request:
              "Here: the Idempotency-Key header is missing or breaks its rules (8–200 of A–Z a–z 0–9 . _ : -).",
            unauthorized: "Checked first.",
            forbidden: "Here: the token was revoked.",
            not_found: "Here: no offer with this id (whatever the method).",
            method_not_allowed: "Here: the offer is called with another method; `Allow` names it.",
            offer_not_routable: "Such offers say `routedByMarketplace: false`.",
            offer_terms_changed:
              "Such offers say `routedByMarketplace: false` and `health.routingStopped: true`; the message names the changed fields with both values and the time the probe saw them, and `termsChange` (the TermsChange object of the offer's health) holds them. Checked after the replay of a completed call under the same key and before anything is claimed or forwarded.",
            observed_answer_expired: `A replay (same token, offer, Idempotency-Key and request) of a call completed more than ${env.OBSERVER_ANSWER_RETENTION_DAYS} days ago (OBSERVER_ANSWER_RETENTION_DAYS): its stored answer was removed, its record kept. \`recordedStatus\` is the status the call answered, \`completedAt\` when; nothing is forwarded or charged.`,
            payload_too_large: `Here: over ${env.OBSERVER_MAX_REQUEST_BYTES} bytes (refused before it is read whole).`,
            unsupported_media_type: "A POST offer takes Content-Type: application/json.",
            idempotency_key_reused: "Here: the key was used with this token and offer for another request.",
            rate_limited:
              "Here: the token used its calls for the minute (RATE_LIMIT_OBSERVE_PER_MINUTE, default 600), counted across instances.",
            provider_unreachable:
              "No connection: nothing was sent, the same key may retry; the connection broke after sending: final. Only when the provider gave no relayable answer.",
            provider_response_too_large: `Over ${env.OBSERVER_MAX_RESPONSE_BYTES} bytes: final.`,
            provider_timeout: `No answer within ${env.OBSERVER_TIMEOUT_MS} ms (final for the key: the request was sent), or no connection within ${env.OBSERVER_CONNECT_TIMEOUT_MS} ms (nothing sent; retry).`,
          },
        },
      ),
    },
    handler: observe,
    otherMethods: observe,
  };
}

export const callOfferGetOperation = observeOperation("GET");
export const callOfferPostOperation = observeOperation("POST");

// /api/dev/facilitator/{verify,settle,supported} (issue 11 item 4): the local facilitator on the x402
// facilitator wire format, only while it is active. The bodies are x402's own types (VerifyRequest,
// VerifyResponse, SettleResponse, SupportedResponse), described inline rather than as named
// components: they belong to the x402 specification, not to this API.
import { MAX_BODY_BYTES, parseJsonBody } from "../../input/json-body";
import {
  assertDevFacilitatorAvailable,
  devSettle,
  devSupported,
  devVerify,
  facilitatorRequestSchema,
  parseFacilitatorRequest,
  type FacilitatorRequest,
} from "../../payments/facilitators/dev-facilitator";
import { errorResponses } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { inlineSchema } from "../../openapi/json-schema";
import type { JsonSchema } from "../../openapi/openapi-types";
import { assertLoopbackCaller } from "../client-address";
import { readBodyText } from "../read-body";
import { json, route } from "../respond";

const requestSchema = inlineSchema(facilitatorRequestSchema);

const verifyResponse: JsonSchema = {
  type: "object",
  required: ["isValid"],
  properties: {
    isValid: { type: "boolean" },
    invalidReason: { type: "string" },
    invalidMessage: { type: "string" },
    payer: { type: "string" },
  },
};
const settleResponse: JsonSchema = {
  type: "object",
  required: ["success", "transaction", "network"],
  properties: {
    success: { type: "boolean" },
    errorReason: { type: "string" },
    errorMessage: { type: "string" },
    payer: { type: "string" },
    transaction: { type: "string" },
    network: { type: "string" },
  },
};
const supportedResponse: JsonSchema = {
  type: "object",
  required: ["kinds", "extensions", "signers"],
  properties: {
    kinds: {
      type: "array",
      items: {
        type: "object",
        required: ["x402Version", "scheme", "network"],
        properties: {
          x402Version: { type: "integer" },
          scheme: { type: "string" },
          network: { type: "string" },
          extra: { type: "object" },
        },
      },
    },
    extensions: { type: "array", items: { type: "string" } },
    signers: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

const notActive = "Here: the local facilitator is not active (payments go to an external facilitator).";

function facilitatorPost(
  path: string,
  operationId: string,
  summary: string,
  description: string,
  ok: JsonSchema,
  run: (request: FacilitatorRequest) => Promise<unknown>,
): FreeOperation<"POST"> {
  return {
    method: "POST",
    path,
    operationId,
    summary,
    description: `${description} Exists only while the local facilitator is active (no X402_FACILITATOR_URL), and answers only callers on the same machine (loopback, not through a proxy).`,
    tags: ["Development"],
    security: [],
    requestBody: { required: true, content: { "application/json": { schema: requestSchema } } },
    responses: {
      "200": {
        description: "The facilitator's verdict (a refused payment is a verdict: 200 with the x402 reason).",
        content: { "application/json": { schema: ok } },
      },
      ...errorResponses(
        ["invalid_request", "invalid_json", "forbidden", "not_found", "payload_too_large", "database_unavailable"],
        {
          detail: {
            forbidden:
              "Here: the caller is not on this machine (its TCP peer address is not loopback, or it came through a proxy).",
            invalid_request: "Here: not an x402 v2 `exact` request for eip155:84532.",
            not_found: notActive,
            payload_too_large: `Here: over ${MAX_BODY_BYTES} bytes.`,
            database_unavailable: "Here: the local ledger cannot be reached; nothing was settled.",
          },
        },
      ),
    },
    handler: route(async (request: Request) => {
      assertDevFacilitatorAvailable();
      // Anyone holding a payer's signed, unsent authorization could settle it here: local callers only
      // (the demo provider, a resource server on this machine).
      assertLoopbackCaller(request.headers, "The dev facilitator");
      return json(await run(parseFacilitatorRequest(parseJsonBody(await readBodyText(request)))));
    }),
  };
}

export const verifyLocalPaymentOperation = facilitatorPost(
  "/api/dev/facilitator/verify",
  "verifyLocalPayment",
  "Verify a payment (local facilitator)",
  "x402 facilitator `POST /verify`: checks an EIP-3009 authorization against the requirements and the local ledger, moving nothing.",
  verifyResponse,
  devVerify,
);

export const settleLocalPaymentOperation = facilitatorPost(
  "/api/dev/facilitator/settle",
  "settleLocalPayment",
  "Settle a payment (local facilitator)",
  "x402 facilitator `POST /settle`: executes the authorization on the local ledger, once; a replay answers success false.",
  settleResponse,
  devSettle,
);

export const localFacilitatorSupportedOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/dev/facilitator/supported",
  operationId: "localFacilitatorSupported",
  summary: "What the local facilitator supports",
  description:
    "x402 facilitator `GET /supported`: the `exact` scheme on eip155:84532. Exists only while the local facilitator is active.",
  tags: ["Development"],
  security: [],
  responses: {
    "200": { description: "The supported kinds.", content: { "application/json": { schema: supportedResponse } } },
    ...errorResponses(["not_found"], { detail: { not_found: notActive } }),
  },
  handler: route(async () => json(await devSupported())),
};

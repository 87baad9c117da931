// /api/dev/facilitator/{verify,settle,supported} (issue 11 item 4): the local facilitator on the x402
// facilitator wire format, only while it is active. The bodies are x402's own types (VerifyRequest,
// VerifyResponse, SettleResponse, SupportedResponse), described inline rather than as named
// components: they belong to the x402 specification, not to this API.
import { z } from "zod";
import { MAX_BODY_BYTES } from "../input/json-body";
import { facilitatorRequestSchema } from "../payments/facilitators/dev-facilitator";
import { SCHEMA_NAMES } from "./component-schemas";
import type { JsonSchema, PathsObject, ResponseObject } from "./openapi-types";
import { jsonContent } from "./responses";

const { $schema: _schema, ...requestSchema } = z.toJSONSchema(facilitatorRequestSchema, { io: "input" }) as JsonSchema;

const verifyResponse: JsonSchema = {
  type: "object",
  required: ["isValid"],
  properties: { isValid: { type: "boolean" }, invalidReason: { type: "string" }, invalidMessage: { type: "string" }, payer: { type: "string" } },
};
const settleResponse: JsonSchema = {
  type: "object",
  required: ["success", "transaction", "network"],
  properties: { success: { type: "boolean" }, errorReason: { type: "string" }, errorMessage: { type: "string" }, payer: { type: "string" }, transaction: { type: "string" }, network: { type: "string" } },
};
const supportedResponse: JsonSchema = {
  type: "object",
  required: ["kinds", "extensions", "signers"],
  properties: {
    kinds: { type: "array", items: { type: "object", required: ["x402Version", "scheme", "network"], properties: { x402Version: { type: "integer" }, scheme: { type: "string" }, network: { type: "string" }, extra: { type: "object" } } } },
    extensions: { type: "array", items: { type: "string" } },
    signers: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

const notActive: ResponseObject = { description: "not_found: the local facilitator is not active (payments go to an external facilitator).", content: jsonContent(SCHEMA_NAMES.apiError) };

function facilitatorPost(operationId: string, summary: string, description: string, ok: JsonSchema) {
  return {
    post: {
      operationId,
      summary,
      description: `${description} Exists only while the local facilitator is active (no X402_FACILITATOR_URL).`,
      tags: ["Development"],
      requestBody: { required: true, content: { "application/json": { schema: requestSchema } } },
      responses: {
        "200": { description: "The facilitator's verdict (a refused payment is a verdict: 200 with the x402 reason).", content: { "application/json": { schema: ok } } },
        "400": { description: "invalid_request (see `issues`: not an x402 v2 `exact` request for eip155:84532) or invalid_json.", content: jsonContent(SCHEMA_NAMES.apiError) },
        "404": notActive,
        "413": { description: `payload_too_large: the body is larger than ${MAX_BODY_BYTES} bytes.`, content: jsonContent(SCHEMA_NAMES.apiError) },
        "503": { description: "database_unavailable: the local ledger cannot be reached; nothing was settled. Retry after Retry-After seconds.", content: jsonContent(SCHEMA_NAMES.apiError) },
      },
    },
  };
}

export function devFacilitatorPaths(): PathsObject {
  return {
    "/api/dev/facilitator/verify": facilitatorPost("verifyLocalPayment", "Verify a payment (local facilitator)", "x402 facilitator `POST /verify`: checks an EIP-3009 authorization against the requirements and the local ledger, moving nothing.", verifyResponse),
    "/api/dev/facilitator/settle": facilitatorPost("settleLocalPayment", "Settle a payment (local facilitator)", "x402 facilitator `POST /settle`: executes the authorization on the local ledger, once; a replay answers success false.", settleResponse),
    "/api/dev/facilitator/supported": {
      get: {
        operationId: "localFacilitatorSupported",
        summary: "What the local facilitator supports",
        description: "x402 facilitator `GET /supported`: the `exact` scheme on eip155:84532. Exists only while the local facilitator is active.",
        tags: ["Development"],
        responses: { "200": { description: "The supported kinds.", content: { "application/json": { schema: supportedResponse } } }, "404": notActive },
      },
    },
  };
}

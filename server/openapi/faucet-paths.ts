// POST /api/dev/faucet (decisions.md §11): test USDC, only while the local facilitator is active.
import { MAX_BODY_BYTES } from "../input/json-body";
import { SCHEMA_NAMES } from "./component-schemas";
import type { PathsObject } from "./openapi-types";
import { jsonContent } from "./responses";

export function faucetPaths(): PathsObject {
  return {
    "/api/dev/faucet": {
      post: {
        operationId: "creditTestFunds",
        summary: "Credit test USDC on the local ledger",
        description:
          "Adds test funds to an address on the marketplace's local payment ledger, so an agent can pay without a chain. " +
          "Exists only while the local facilitator is active (no X402_FACILITATOR_URL); repeated calls add up.",
        tags: ["Development"],
        requestBody: { required: true, content: jsonContent(SCHEMA_NAMES.faucetRequest, { address: "0x1111111111111111111111111111111111111111", amountUsd: 1 }) },
        responses: {
          "200": { description: "Credited.", content: jsonContent(SCHEMA_NAMES.faucetResult) },
          "400": { description: "invalid_request (see `issues`) or invalid_json.", content: jsonContent(SCHEMA_NAMES.apiError) },
          "404": { description: "not_found: the local facilitator is not active (payments go to an external facilitator).", content: jsonContent(SCHEMA_NAMES.apiError) },
          "413": { description: `payload_too_large: the body is larger than ${MAX_BODY_BYTES} bytes.`, content: jsonContent(SCHEMA_NAMES.apiError) },
        },
      },
    },
  };
}

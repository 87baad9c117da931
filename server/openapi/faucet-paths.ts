// POST /api/dev/faucet (decisions.md §11): test USDC, only while the local facilitator is active.
import { MAX_BODY_BYTES } from "../input/json-body";
import { SCHEMA_NAMES } from "./component-schemas";
import { errorResponses } from "./error-responses";
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
        security: [],
        requestBody: { required: true, content: jsonContent(SCHEMA_NAMES.faucetRequest, { address: "0x1111111111111111111111111111111111111111", amountUsd: 1 }) },
        responses: {
          "200": { description: "Credited.", content: jsonContent(SCHEMA_NAMES.faucetResult) },
          ...errorResponses(["invalid_request", "invalid_json", "not_found", "payload_too_large", "method_not_allowed"], {
            detail: { not_found: "Here: the local facilitator is not active (payments go to an external facilitator).", payload_too_large: `Here: over ${MAX_BODY_BYTES} bytes.` },
          }),
        },
      },
    },
  };
}

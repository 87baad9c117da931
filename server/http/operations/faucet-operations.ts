// POST /api/dev/faucet (decisions.md §11): test USDC, only while the local facilitator is active.
import { AppError, toIssues } from "../../errors";
import { MAX_BODY_BYTES, parseJsonBody } from "../../input/json-body";
import { assertFaucetAvailable, creditTestFunds, faucetInputSchema } from "../../payments/facilitators/faucet";
import { SCHEMA_NAMES } from "../../openapi/component-schemas";
import { errorResponses } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { jsonContent } from "../../openapi/responses";
import { readBodyText } from "../read-body";
import { json, route } from "../respond";

export const creditTestFundsOperation: FreeOperation<"POST"> = {
  method: "POST",
  path: "/api/dev/faucet",
  operationId: "creditTestFunds",
  summary: "Credit test USDC on the local ledger",
  description:
    "Adds test funds to an address on the marketplace's local payment ledger, so an agent can pay without a chain. " +
    "Exists only while the local facilitator is active (no X402_FACILITATOR_URL); repeated calls add up.",
  tags: ["Development"],
  security: [],
  requestBody: {
    required: true,
    content: jsonContent(SCHEMA_NAMES.faucetRequest, {
      address: "0x1111111111111111111111111111111111111111",
      amountUsd: 1,
    }),
  },
  responses: {
    "200": { description: "Credited.", content: jsonContent(SCHEMA_NAMES.faucetResult) },
    ...errorResponses(["invalid_request", "invalid_json", "not_found", "payload_too_large", "method_not_allowed"], {
      detail: {
        not_found: "Here: the local facilitator is not active (payments go to an external facilitator).",
        payload_too_large: `Here: over ${MAX_BODY_BYTES} bytes.`,
      },
    }),
  },
  handler: route(async (request: Request) => {
    assertFaucetAvailable();
    const input = faucetInputSchema.safeParse(parseJsonBody(await readBodyText(request)));
    if (!input.success)
      throw new AppError("invalid_request", "The request is not valid.", toIssues(input.error.issues));
    return json(await creditTestFunds(input.data));
  }),
};

// The local facilitator served over HTTP (decisions.md §11, issue 11 item 4): POST /verify, POST
// /settle and GET /supported under /api/dev/facilitator, on the x402 facilitator wire format, so a
// resource server elsewhere (the demo provider, or anyone's x402 server pointed at this URL) pays
// in the local test asset. It exists only while the local facilitator is active, like the faucet.
//
// Wire format: a request is `{x402Version, paymentPayload, paymentRequirements}`; the answer is the
// VerifyResponse / SettleResponse with 200, whatever the verdict (an invalid payment is a verdict,
// not an HTTP error); malformed requests are our 400 JSON errors, never a facilitator call.
import type { FacilitatorClient } from "@x402/core/server";
import type {
  PaymentPayload,
  PaymentRequirements,
  SettleResponse,
  SupportedResponse,
  VerifyResponse,
} from "@x402/core/types";
import { z } from "zod";
import { AppError, toIssues } from "../../errors";
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from "../../input/storable-text";
import { authorizationFields, hexSchema as hex, uintSchema as uint } from "../authorization-schema";
import { paymentConfigFromEnv, type PaymentConfig } from "../payment-config";
import { X402_NETWORK } from "../payment-network";
import { createLocalFacilitator } from "./local-facilitator";

const network = z.literal(X402_NETWORK, {
  error: `must be ${X402_NETWORK}, the only network of the local facilitator`,
});

const requirementsSchema = z.object({
  scheme: z.literal("exact", { error: 'must be "exact", the only scheme of the local facilitator' }),
  network,
  asset: hex(20),
  amount: uint,
  payTo: hex(20),
  maxTimeoutSeconds: z.number().int().positive().max(86_400),
  extra: z.record(z.string(), z.unknown()).optional(),
});

const payloadSchema = z
  .object({
    x402Version: z.literal(2, { error: "must be 2" }),
    resource: z
      .object({ url: z.string().max(2048) })
      .loose()
      .optional(),
    accepted: requirementsSchema.loose(),
    payload: z.object({
      signature: hex(),
      authorization: z.object(authorizationFields),
    }),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

export const facilitatorRequestSchema = z.object({
  x402Version: z.literal(2, { error: "must be 2" }),
  paymentPayload: payloadSchema,
  paymentRequirements: requirementsSchema.loose(),
});

export type FacilitatorRequest = z.infer<typeof facilitatorRequestSchema>;

/** The dev facilitator exists only while payments settle on the local ledger (404 otherwise). */
export function assertDevFacilitatorAvailable(config: PaymentConfig = paymentConfigFromEnv()): void {
  if (config.mode !== "local")
    throw new AppError("not_found", "The dev facilitator exists only while the local facilitator is active.");
}

/** A request body -> the request, or a 400 naming what is wrong. */
export function parseFacilitatorRequest(body: unknown): FacilitatorRequest {
  const parsed = facilitatorRequestSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError(
      "invalid_request",
      "The request is not an x402 v2 exact facilitator request for the local network.",
      toIssues(parsed.error.issues),
    );
  // The ledger stores what the payload carries: refuse what PostgreSQL cannot hold, up front.
  const unstorable = unstorableTextPath(body);
  if (unstorable)
    throw new AppError("invalid_request", "The request is not valid.", [
      { path: unstorable, message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  return parsed.data;
}

// One local facilitator per process: it is stateless over the ledger tables.
let local: FacilitatorClient | undefined;
const facilitator = () => (local ??= createLocalFacilitator());

export async function devVerify(request: FacilitatorRequest, config?: PaymentConfig): Promise<VerifyResponse> {
  assertDevFacilitatorAvailable(config);
  return facilitator().verify(
    request.paymentPayload as unknown as PaymentPayload,
    request.paymentRequirements as PaymentRequirements,
  );
}

export async function devSettle(request: FacilitatorRequest, config?: PaymentConfig): Promise<SettleResponse> {
  assertDevFacilitatorAvailable(config);
  return facilitator().settle(
    request.paymentPayload as unknown as PaymentPayload,
    request.paymentRequirements as PaymentRequirements,
  );
}

export async function devSupported(config?: PaymentConfig): Promise<SupportedResponse> {
  assertDevFacilitatorAvailable(config);
  return facilitator().getSupported();
}

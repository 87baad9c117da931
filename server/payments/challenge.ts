// The 402 challenge of a product (decisions.md §1, §2): PAYMENT-REQUIRED header and the body
// {error, product, free}. Built once per product; GET and an unsigned POST send the same bytes.
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { z } from "zod";
import type { ErrorCode } from "../errors";
import { productObject } from "./product-object";
import type { SellableProduct } from "./sellable-product";
import { encodeHeaderJson } from "./header-codec";
import { X402_MAX_TIMEOUT_SECONDS, X402_NETWORK } from "./payment-network";
import { atomicToUsd } from "../money";
import { refusalMessage } from "./refusal-messages";
import { challengeExtensions } from "./challenge-extensions";
import { BATCH_SETTLEMENT } from "./batch/batch-payload";
import { BATCH_MAX_TIMEOUT_SECONDS, offersBatchSettlement } from "./batch/batch-offer";
import {
  freeLinksSchema,
  balanceShortfallSchema,
  faucetHintSchema,
  paymentRequiredBodySchema,
} from "./challenge-schema";
// Re-exported: the schemas live in the pure module (the typed client imports it without the database or env).
export {
  freeLinksSchema,
  balanceShortfallSchema,
  faucetHintSchema,
  paymentRequiredBodySchema,
} from "./challenge-schema";

export const PAYMENT_REQUIRED_ERROR = "payment_required" satisfies ErrorCode;

/** What a refusal adds to the challenge: its own message, and fields such as balance and faucet. */
export interface RefusalDetails {
  message?: string;
  extra?: { balance?: z.infer<typeof balanceShortfallSchema>; faucet?: z.infer<typeof faucetHintSchema> };
}

export interface Challenge {
  requirements: PaymentRequirements[];
  paymentRequired: PaymentRequired;
  /** PAYMENT-REQUIRED header value. */
  header: string;
  /** The 402 body, serialised. */
  body: string;
  /** WWW-Authenticate: the MPP challenges of a product sold over MPP too. */
  wwwAuthenticate?: string;
}

/** What a 402 answer sends: PAYMENT-REQUIRED, the body, and the MPP challenges when there are any. */
export type ChallengeAnswer = Pick<Challenge, "header" | "body" | "wwwAuthenticate">;

export function freeLinks(baseUrl: string): z.infer<typeof freeLinksSchema> {
  return {
    homepage: `${baseUrl}/`,
    browse_marketplace: `${baseUrl}/services`,
    search_api: `${baseUrl}/api/catalog/search`,
    docs: `${baseUrl}/docs`,
  };
}

/** The 402 body of a product's challenge (`error` payment_required), for any base URL: what the
 * route sends, the OpenAPI example and the /docs example are this one object. */
export function challengeBody(
  product: SellableProduct,
  baseUrl: string,
  withMpp = false,
): z.infer<typeof paymentRequiredBodySchema> {
  return {
    error: PAYMENT_REQUIRED_ERROR,
    message: refusalMessage(PAYMENT_REQUIRED_ERROR, { priceAtomic: product.priceAtomic, withMpp }),
    product: productObject(product, baseUrl),
    free: freeLinks(baseUrl),
  };
}

export async function buildChallenge(
  server: x402ResourceServer,
  product: SellableProduct,
  payTo: string,
  baseUrl: string,
  withMpp = false,
): Promise<Challenge> {
  const price = `$${atomicToUsd(product.priceAtomic)}`;
  const exact = await server.buildPaymentRequirements({
    scheme: "exact",
    network: X402_NETWORK,
    payTo,
    price,
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
  });
  // batch-settlement after exact (clients that know only exact find it first, unchanged), where the
  // product offers it and the facilitator supports it.
  const batch =
    offersBatchSettlement(product) &&
    server.hasRegisteredScheme(X402_NETWORK, BATCH_SETTLEMENT) &&
    server.getSupportedKind(2, X402_NETWORK, BATCH_SETTLEMENT)
      ? await server.buildPaymentRequirements({
          scheme: BATCH_SETTLEMENT,
          network: X402_NETWORK,
          payTo,
          price,
          maxTimeoutSeconds: BATCH_MAX_TIMEOUT_SECONDS,
        })
      : [];
  const requirements = [...exact, ...batch];
  const resource = { url: `${baseUrl}${product.path}`, description: product.name, mimeType: "application/json" };
  const paymentRequired = await server.createPaymentRequiredResponse(
    requirements,
    resource,
    PAYMENT_REQUIRED_ERROR,
    challengeExtensions(product),
  );
  return {
    requirements,
    paymentRequired,
    header: encodeHeaderJson(paymentRequired),
    body: JSON.stringify(challengeBody(product, baseUrl, withMpp)),
  };
}

/**
 * A fresh challenge that says why the offered payment was refused (`error` = the x402 or MPP
 * reason). A refused MPP credential gets challenges no earlier answer carried (`wwwAuthenticate`).
 */
export function refusedChallenge(
  challenge: Challenge,
  reason: string,
  details: RefusalDetails = {},
  mpp?: { wwwAuthenticate: string; detail?: string },
): ChallengeAnswer {
  const body = JSON.parse(challenge.body) as Record<string, unknown>;
  const message = details.message ?? refusalMessage(reason, { protocol: mpp ? "mpp" : "x402", detail: mpp?.detail });
  const wwwAuthenticate = mpp?.wwwAuthenticate ?? challenge.wwwAuthenticate;
  return {
    header: encodeHeaderJson({ ...challenge.paymentRequired, error: reason }),
    body: JSON.stringify({ ...body, error: reason, message, ...details.extra }),
    ...(wwwAuthenticate !== undefined && { wwwAuthenticate }),
  };
}

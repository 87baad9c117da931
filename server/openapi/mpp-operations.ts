// MPP in the OpenAPI document: what a product sold over MPP too adds to its two operations (the
// challenges in WWW-Authenticate, the Payment-Receipt of a paid answer, the `Payment` HTTP
// authentication scheme). Products without "mpp" in their protocols pass through unchanged, so
// this applies to every product's operations alike.
import { z } from "zod";
import { PAYMENT_REQUIRED_ERROR } from "../payments/challenge";
import { MPP_CHALLENGE_LIFETIME_S, MPP_CHALLENGE_WINDOW_S } from "../payments/mpp/mpp-challenges";
import { MPP_REASONS } from "../payments/mpp/mpp-admission";
import { mppConfigFromEnv } from "../payments/mpp/mpp-config";
import { MPP_STRIPE_CURRENCY } from "../payments/mpp/mpp-server";
import { MPP_STRIPE_REASONS, stripeChargeable } from "../payments/mpp/stripe-settle";
import { MPP_TEMPO_REASONS } from "../payments/mpp/tempo-settle";
import { refusalMessage } from "../payments/refusal-messages";
import { X402_ASSET, X402_CHAIN_ID } from "../payments/payment-network";
import { atomicToUsd } from "../money";
import type { ProductDefinition } from "../products/product";
import { inlineSchema } from "./json-schema";
import type { HeaderObject, OperationObject, ResponseObject, SecuritySchemeObject } from "./openapi-types";
import { HEADER_NAMES, headerRef } from "./payment-headers";

export const MPP_SCHEME_NAME = "mpp";
export const MPP_HEADER_NAMES = { wwwAuthenticate: "WWW-Authenticate", paymentReceipt: "Payment-Receipt" } as const;

const sellsMpp = (product: ProductDefinition) => product.protocols.includes("mpp");

export function mppSecurityScheme(): SecuritySchemeObject {
  return {
    type: "http",
    scheme: "Payment",
    description:
      "MPP (Machine Payments Protocol, the `Payment` HTTP authentication scheme), for the products that list `mpp` in their protocols: " +
      "answer one of the `WWW-Authenticate: Payment` challenges of the 402 and send `Authorization: Payment <credential>` with the identical " +
      "request (base64url JSON `{challenge, source?, payload}`; the evm method's payload is an EIP-3009 authorization of exactly the price to " +
      "the challenge's recipient, nonce = the challenge's hash; the stripe method's payload is `{spt, externalId?}`, a Stripe Shared Payment Token " +
      'for exactly the price in cents of USD, charged once the purchase is claimed; the tempo method\'s payload is `{type: "transaction", signature}`, ' +
      "a signed Tempo transaction (pull form) transferring exactly the price with the challenge-bound memo, broadcast by the marketplace once the " +
      "purchase is claimed; a transaction hash (push form) is refused, mpp_push_payment_refused). Any mppx client does it. Never together with PAYMENT-SIGNATURE.",
  };
}

export function mppHeaders(): Record<string, HeaderObject> {
  return {
    [MPP_HEADER_NAMES.wwwAuthenticate]: {
      description:
        "One MPP challenge per method offered (MPP_METHODS: evm, and stripe and tempo where configured), comma-separated (RFC 9110): " +
        '`Payment id="…", realm="…", method="evm", intent="charge", ' +
        `request="<base64url JSON {amount, currency, recipient, methodDetails: {chainId: ${X402_CHAIN_ID}, decimals: 6, credentialTypes}}>", ` +
        'description="…", expires="<ISO 8601>", opaque="<base64url JSON {_mppx_scope: product id}>"`. The id is an HMAC of every other field, ' +
        "so a challenge pays only for the product (and price) whose 402 carried it. A stripe challenge's request is " +
        '`{amount (cents), currency: "usd", methodDetails: {networkId, paymentMethodTypes}}`; a tempo challenge\'s is ' +
        '`{amount (token atomic units), currency: token address, recipient, methodDetails: {chainId, supportedModes: ["pull"]}}`. ' +
        `Challenges are issued per ${MPP_CHALLENGE_WINDOW_S} s window and expire ${MPP_CHALLENGE_LIFETIME_S} s after it closes (5 to 6 minutes): ` +
        "GET and the unsigned POST of a window send the same bytes. A refused credential's 402 carries fresh challenges unique to that answer.",
      required: true,
      schema: inlineSchema(z.string().regex(/^Payment /)),
    },
    [MPP_HEADER_NAMES.paymentReceipt]: {
      description:
        'MPP receipt of a purchase paid with `Authorization: Payment`: base64url JSON `{method: "evm" | "stripe" | "tempo", status: "success", timestamp (ISO 8601), ' +
        "reference}`: the settlement transaction for evm, the Stripe PaymentIntent id for stripe, the transaction hash for tempo. A replay of the completed purchase carries the same value. x402 purchases get PAYMENT-RESPONSE instead.",
      required: false,
      schema: inlineSchema(
        z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/)
          .meta({ contentEncoding: "base64url", contentMediaType: "application/json" }),
      ),
    },
  };
}

function withChallenges(response: ResponseObject, product: ProductDefinition, extra = ""): ResponseObject {
  const media = response.content?.["application/json"];
  const example = media?.example as Record<string, unknown> | undefined;
  return {
    ...response,
    description: `${response.description} With the MPP challenges in WWW-Authenticate.${extra}`,
    headers: { ...response.headers, [MPP_HEADER_NAMES.wwwAuthenticate]: headerRef(MPP_HEADER_NAMES.wwwAuthenticate) },
    ...(media &&
      example?.error === PAYMENT_REQUIRED_ERROR && {
        content: {
          "application/json": {
            ...media,
            example: {
              ...example,
              message: refusalMessage(PAYMENT_REQUIRED_ERROR, { priceAtomic: product.priceAtomic, withMpp: true }),
            },
          },
        },
      }),
  };
}

// The methods this instance offers for the product (MPP_METHODS), as its 402 carries them.
function offeredMethods(product: ProductDefinition): Record<string, unknown>[] {
  const config = mppConfigFromEnv();
  const amount = atomicToUsd(product.priceAtomic);
  const methods: Record<string, unknown>[] = [];
  if (config.methods.includes("evm"))
    methods.push({ method: "evm", intent: "charge", currency: X402_ASSET, chainId: X402_CHAIN_ID, amount });
  if (config.stripe && stripeChargeable(BigInt(product.priceAtomic))) {
    methods.push({
      method: "stripe",
      intent: "charge",
      currency: MPP_STRIPE_CURRENCY,
      amount,
      networkId: config.stripe.networkId,
      paymentMethodTypes: config.stripe.paymentMethodTypes,
    });
  }
  if (config.tempo) {
    methods.push({
      method: "tempo",
      intent: "charge",
      currency: config.tempo.token,
      chainId: config.tempo.chainId,
      amount,
      decimals: config.tempo.decimals,
      recipient: config.tempo.recipient,
      modes: ["pull"],
    });
  }
  return methods;
}

/** The GET (describe) of a product: its 402 also carries the MPP challenges. */
export function withMppDescribe(operation: OperationObject, product: ProductDefinition): OperationObject {
  if (!sellsMpp(product)) return operation;
  return {
    ...operation,
    responses: { ...operation.responses, "402": withChallenges(operation.responses["402"]!, product) },
  };
}

/** The POST (buy) of a product: MPP as a second way to pay, its refusals, and its receipt. */
export function withMppPurchase(operation: OperationObject, product: ProductDefinition): OperationObject {
  if (!sellsMpp(product)) return operation;
  const success = String(product.successStatus);
  const paid = operation.responses[success]!;
  const { [HEADER_NAMES.paymentResponse]: _x402Only, ...otherHeaders } = paid.headers ?? {};
  return {
    ...operation,
    description:
      `${operation.description} Or pay with MPP: answer a WWW-Authenticate \`Payment\` challenge of the 402 with \`Authorization: Payment <credential>\` ` +
      "(mppx admits it: challenge HMAC, expiry, product, price, signature); the same idempotency, replay and one-payment-per-authorization rules apply.",
    security: [...(operation.security ?? []), { [MPP_SCHEME_NAME]: [] }],
    "x-payment-info": {
      ...(operation["x-payment-info"] as Record<string, unknown>),
      mpp: { methods: offeredMethods(product) },
    },
    responses: {
      ...operation.responses,
      [success]: {
        ...paid,
        description: `${paid.description} Paid with MPP: the Payment-Receipt header instead of PAYMENT-RESPONSE (and the original credential replays it).`,
        headers: {
          [HEADER_NAMES.paymentResponse]: {
            description:
              "x402 settlement, when paid with PAYMENT-SIGNATURE (see the PAYMENT-RESPONSE header component).",
            required: false,
            schema: inlineSchema(z.string().regex(/^[A-Za-z0-9]+$/)),
          },
          [MPP_HEADER_NAMES.paymentReceipt]: headerRef(MPP_HEADER_NAMES.paymentReceipt),
          ...otherHeaders,
        },
      },
      "400": {
        ...operation.responses["400"]!,
        description: `${operation.responses["400"]!.description} payment_ambiguous: the request carries both PAYMENT-SIGNATURE and \`Authorization: Payment\`; send one.`,
      },
      "402": withChallenges(
        operation.responses["402"]!,
        product,
        ` A refused MPP credential gets fresh ones and \`error\` is the reason: ${[...MPP_REASONS, ...MPP_STRIPE_REASONS, ...MPP_TEMPO_REASONS].join(", ")}, or the facilitator's x402 reason (e.g. invalid_exact_evm_insufficient_balance).`,
      ),
    },
  };
}

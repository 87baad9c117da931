// How a payer proves it is asking for its own purchase's result without the original
// PAYMENT-SIGNATURE (issue 9 item 11): an EIP-712 signature, by the payer's key, over the
// idempotency key, the product's resource URL and an expiry (so it cannot be replayed forever).
// Sent base64 JSON in the Purchase-Authorization header of GET /api/shop/purchases/{key}.
import { z } from "zod";
import { X402_CHAIN_ID } from "./payment-network";

export const RECOVERY_HEADER = "Purchase-Authorization";
/** A recovery signature may be valid for at most this long (it must expire after now, and by now + this). */
export const RECOVERY_MAX_LIFETIME_S = 600;

/** EIP-712 typed data of a recovery request, all but its message. */
export const PURCHASE_RECOVERY_TYPED_DATA = {
  domain: { name: "Agent Payment Marketplace", version: "1", chainId: X402_CHAIN_ID },
  types: {
    PurchaseRecovery: [
      { name: "idempotencyKey", type: "string" },
      { name: "resource", type: "string" },
      { name: "expiresAt", type: "uint256" },
    ],
  },
  primaryType: "PurchaseRecovery",
} as const;

/** The JSON inside the Purchase-Authorization header. */
export const recoveryAuthorizationSchema = z.strictObject({
  payer: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex digits)")
    .describe("The address that paid (authorization.from of the purchase)."),
  resource: z
    .string()
    .max(2048)
    .meta({ format: "uri" })
    .describe(
      "The product's resource URL, as in PAYMENT-REQUIRED `resource.url` (for example {base}/api/shop/shortlist).",
    ),
  expiresAt: z
    .int()
    .min(0)
    .describe(`Unix seconds after which the signature is refused; at most ${RECOVERY_MAX_LIFETIME_S} s ahead.`),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte signature (0x + 130 hex digits)")
    .describe("EIP-712 signature of {idempotencyKey, resource, expiresAt} by `payer`."),
});

export type RecoveryAuthorization = z.infer<typeof recoveryAuthorizationSchema>;

/** What a 409 idempotency_key_in_use sends along: how to get the stored result without the original signature. */
export function recoveryHint(
  baseUrl: string,
  productPath: string,
  idempotencyKey: string,
  nowS = Math.floor(Date.now() / 1000),
) {
  return {
    method: "GET" as const,
    url: `${baseUrl}/api/shop/purchases/${encodeURIComponent(idempotencyKey)}`,
    header: RECOVERY_HEADER,
    headerValue: "base64 of the JSON {payer, resource, expiresAt, signature}",
    typedData: {
      ...PURCHASE_RECOVERY_TYPED_DATA,
      message: { idempotencyKey, resource: `${baseUrl}${productPath}`, expiresAt: nowS + 300 },
    },
  };
}

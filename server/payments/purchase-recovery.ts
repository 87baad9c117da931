// GET /api/shop/purchases/{key}: the stored answer of a completed purchase for a payer who lost
// the original PAYMENT-SIGNATURE (issue 9 item 11). Authorised by the payer's EIP-712 signature
// over (key, resource, expiry) (purchase-recovery-authorization.ts); it reads and never settles.
// The signature is checked before the ledger is read, so nobody learns whether a purchase exists.
import { DatabaseBusyError } from "../db";
import { statusOf, toIssues, type ErrorCode } from "../errors";
import { logger } from "../logger";
import { verifyTypedDataSignature } from "./facilitators/typed-data-signer";
import { decodeHeaderJson } from "./header-codec";
import type { PaymentRuntime } from "./payment-runtime";
import { idempotencyKeySchema } from "../input/idempotency-key";
import { findPurchase } from "./purchase-ledger";
import { completedReply, unsealed } from "./purchase-answers";
import {
  PURCHASE_RECOVERY_TYPED_DATA,
  RECOVERY_HEADER,
  RECOVERY_MAX_LIFETIME_S,
  recoveryAuthorizationSchema,
} from "./purchase-recovery-authorization";
import { reply, RETRY_AFTER_SECONDS, type PaymentReply } from "./purchase-reply";
import type { Issue } from "../errors";

const HOW =
  `Send ${RECOVERY_HEADER}: base64 of the JSON {payer, resource, expiresAt, signature}, where signature is the payer's EIP-712 signature ` +
  `of PurchaseRecovery {idempotencyKey, resource, expiresAt} (domain "Agent Payment Marketplace", version "1", chainId 84532), ` +
  `resource the product's URL as in PAYMENT-REQUIRED resource.url, and expiresAt unix seconds at most ${RECOVERY_MAX_LIFETIME_S} s ahead.`;

const error = (
  code: ErrorCode,
  message: string,
  extra: { issues?: Issue[] } = {},
  headers: Record<string, string> = {},
) => reply(statusOf(code), { error: code, message, ...extra }, headers);

export interface RecoveryRequest {
  idempotencyKey: string;
  /** The Purchase-Authorization header, or null. */
  authorization: string | null;
}

export async function recoverPurchase(
  runtime: PaymentRuntime,
  request: RecoveryRequest,
  nowS = Math.floor(Date.now() / 1000),
): Promise<PaymentReply> {
  const key = idempotencyKeySchema.safeParse(request.idempotencyKey);
  if (!key.success)
    return error("invalid_request", "The idempotency key in the path is not valid.", {
      issues: toIssues(key.error.issues).map((i) => ({ ...i, path: "key" })),
    });
  if (!request.authorization) return error("unauthorized", `Recovering a purchase needs the payer's signature. ${HOW}`);
  const parsed = recoveryAuthorizationSchema.safeParse(decodeHeaderJson(request.authorization));
  if (!parsed.success) {
    const issues = toIssues(parsed.error.issues).map((i) => ({
      ...i,
      path: i.path ? `${RECOVERY_HEADER}.${i.path}` : RECOVERY_HEADER,
    }));
    return error("unauthorized", `${RECOVERY_HEADER} is not valid. ${HOW}`, { issues });
  }
  const auth = parsed.data;
  if (auth.expiresAt <= nowS)
    return error("forbidden", `This recovery signature expired at ${auth.expiresAt}; sign a new one. ${HOW}`);
  if (auth.expiresAt > nowS + RECOVERY_MAX_LIFETIME_S)
    return error("forbidden", `expiresAt may be at most ${RECOVERY_MAX_LIFETIME_S} s ahead; sign a new one.`);
  const product = runtime.products.find((p) => `${runtime.baseUrl}${p.path}` === auth.resource);
  if (!product)
    return error(
      "forbidden",
      `resource is not the URL of a product sold here (for example ${runtime.baseUrl}/api/shop/shortlist).`,
    );
  const valid = await verifyTypedDataSignature({
    ...PURCHASE_RECOVERY_TYPED_DATA,
    address: auth.payer as `0x${string}`,
    message: { idempotencyKey: key.data, resource: auth.resource, expiresAt: BigInt(auth.expiresAt) },
    signature: auth.signature as `0x${string}`,
  });
  if (!valid)
    return error("forbidden", `The signature does not verify for payer over this key, resource and expiresAt. ${HOW}`);

  let row;
  try {
    row = await unsealed(runtime, await findPurchase(auth.payer.toLowerCase(), key.data));
  } catch (err) {
    const busy = err instanceof DatabaseBusyError;
    if (!busy)
      logger.error(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        "purchase recovery: ledger unreadable",
      );
    const message = busy
      ? "The marketplace is busy: no database connection was free in time."
      : "The purchase ledger cannot be read right now.";
    return error(
      busy ? "server_busy" : "service_unavailable",
      `${message} Retry after Retry-After seconds.`,
      {},
      { "retry-after": String(RETRY_AFTER_SECONDS) },
    );
  }
  if (!row || row.product !== product.id)
    return error("not_found", `This payer has no purchase with this idempotency key at ${auth.resource}.`);
  if (row.state === "completed") return completedReply(row, true, product.successStatus);
  if (row.state === "failed")
    return error(
      "not_found",
      "This purchase was never completed and nothing was charged for it; buy again (a new payment) to get a result.",
    );
  return error(
    "purchase_in_progress",
    "This purchase is still being processed (or its payment is being reconciled). Retry after Retry-After seconds, or resend the original request with its PAYMENT-SIGNATURE.",
    {},
    { "retry-after": String(RETRY_AFTER_SECONDS) },
  );
}

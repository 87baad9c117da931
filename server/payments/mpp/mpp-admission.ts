// Whether an MPP credential may pay for a product, decided by mppx before anything is claimed:
// the challenge id's HMAC (issued by this marketplace, untampered), its expiry, the method, the
// binding to this product and price (scope, amount, currency, recipient), and for evm the EIP-3009
// authorization itself (signed by `from`, exactly the price, to our pay-to, nonce = the challenge's hash).
// Refusals are reason codes (the 402's `error`, refusal-messages.ts says what to do next).
import { Errors, type Credential } from "mppx";
import { logger } from "../../logger";
import { atomicToUsd } from "../../money";
import type { SellableProduct } from "../sellable-product";
import type { ErrorCode } from "../../errors";
import type { MppServer } from "./mpp-server";

export const MPP_REASONS = [
  "mpp_credential_malformed",
  "mpp_method_unsupported",
  "mpp_challenge_unknown",
  "mpp_challenge_expired",
  "mpp_challenge_mismatch",
  "mpp_signature_invalid",
  "mpp_authorization_mismatch",
  "mpp_credential_used",
  "mpp_push_payment_refused",
  "mpp_transaction_rejected",
] as const satisfies readonly ErrorCode[];
export type MppReason = (typeof MPP_REASONS)[number];

export type Admission = { ok: true } | { ok: false; reason: MppReason; detail: string };

/** The Tempo node could not be asked (tempo's admission simulates the transaction): nothing was claimed, 503. */
export class MppNodeUnavailable extends Error {
  name = "MppNodeUnavailable";
}

// viem's error chain of a failed RPC call: a node that answered (revert, bad transaction) or no answer.
function rpcFailure(err: unknown): "answered" | "unreachable" | undefined {
  let answered = false;
  for (let e = err as { name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === "HttpRequestError" || e.name === "TimeoutError" || e.name === "WebSocketRequestError")
      return "unreachable";
    if (
      /^(CallExecutionError|ExecutionRevertedError|RpcRequestError|ContractFunctionRevertedError|InsufficientFundsError|TransactionRejectedRpcError|InvalidInputRpcError)$/.test(
        e.name ?? "",
      )
    )
      answered = true;
  }
  return answered ? "answered" : undefined;
}

// mppx says what failed in its error class and message (pinned version: mppx 0.11.0).
function reasonOf(err: unknown): MppReason {
  // tempo: the node simulated the transaction and it failed (e.g. the balance does not cover it).
  if (rpcFailure(err) === "answered") return "mpp_transaction_rejected";
  if (err instanceof Errors.PaymentExpiredError) return "mpp_challenge_expired";
  if (err instanceof Errors.InvalidChallengeError) {
    if (/not issued by this server/.test(err.message)) return "mpp_challenge_unknown";
    if (/no registered method/.test(err.message)) return "mpp_method_unsupported";
    if (/expires/.test(err.message)) return "mpp_challenge_unknown"; // a challenge of ours always has a valid expiry
    return "mpp_challenge_mismatch"; // scope, realm or request binding of another product or price
  }
  // tempo: the transaction's transfer (amount, recipient, token, challenge-bound memo) is not the challenge's.
  if (err instanceof Error && err.name === "MismatchError") return "mpp_authorization_mismatch";
  if (err instanceof Errors.VerificationFailedError)
    return /signature mismatch/.test(err.message) ? "mpp_signature_invalid" : "mpp_authorization_mismatch";
  // InvalidPayloadError, or the payload schema's own error: not a credential of the method.
  if (err instanceof Errors.PaymentError || (err instanceof Error && /ZodError/.test(err.name)))
    return "mpp_credential_malformed";
  // What is left is the signature recovery giving up (e.g. r is not a point of the curve): our
  // schema admitted the payload's shapes already, so no key signed it.
  logger.info(
    { err: { name: err instanceof Error ? err.name : typeof err } },
    "mpp credential: signature could not be recovered",
  );
  return "mpp_signature_invalid";
}

export async function admitMppCredential(
  server: MppServer,
  credential: Credential.Credential,
  product: SellableProduct,
): Promise<Admission> {
  try {
    await server.validateCredential(credential, {
      scope: product.id,
      request: { amount: atomicToUsd(product.priceAtomic) },
    });
    return { ok: true };
  } catch (err) {
    if (rpcFailure(err) === "unreachable")
      throw new MppNodeUnavailable(err instanceof Error ? err.message.slice(0, 300) : "Tempo node unreachable");
    return {
      ok: false,
      reason: reasonOf(err),
      detail: err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300),
    };
  }
}

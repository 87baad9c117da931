// What a refused payment's 402 says to do next (issue 9 item 11: every error carries a message).
// `error` stays the x402 reason; `message` is the next step for an agent or its developer.
import { atomicToUsd } from "../money";
import { X402_NETWORK } from "./payment-config";

const SIGN_AGAIN = "Sign a new payment for the PAYMENT-REQUIRED requirements of this answer and send the request again.";

const MESSAGES: Record<string, string> = {
  invalid_payload: `PAYMENT-SIGNATURE is not an x402 v2 payment of the exact EVM scheme (base64 JSON of a PaymentPayload). ${SIGN_AGAIN}`,
  payment_requirements_mismatch: `The payment was signed for other requirements (amount, asset, network or payee) than this product's. ${SIGN_AGAIN}`,
  invalid_exact_evm_nonce_already_used:
    "This authorization already paid for another purchase; one authorization pays for one purchase, ever. To get that purchase's result again, " +
    `send its original request with this PAYMENT-SIGNATURE. Otherwise: ${SIGN_AGAIN}`,
  invalid_exact_evm_signature:
    "The signature does not verify for authorization.from, or is not in the form the token accepts (65 bytes, v 27 or 28, low s). " +
    `Sign with the payer's own key. ${SIGN_AGAIN}`,
  invalid_exact_evm_insufficient_balance: `The payer's balance does not cover the price. Fund the wallet, then: ${SIGN_AGAIN}`,
  invalid_exact_evm_payload_authorization_valid_before: `The authorization has expired, or expires within seconds. ${SIGN_AGAIN}`,
  invalid_exact_evm_payload_authorization_valid_after: `The authorization is not valid yet (validAfter is in the future). ${SIGN_AGAIN}`,
};

/** The 402 message of a challenge (`payment_required`) or of a refused payment (its x402 reason). */
export function refusalMessage(reason: string, priceAtomic?: number): string {
  if (reason === "payment_required") {
    const price = priceAtomic === undefined ? "" : `${atomicToUsd(priceAtomic)} USD, `;
    return (
      `Payment required: ${price}paid with x402 v2 (scheme exact, network ${X402_NETWORK}, USDC). Sign one of the \`accepts\` of the ` +
      "PAYMENT-REQUIRED header (any x402 v2 client does) and send the same request again with the PAYMENT-SIGNATURE header."
    );
  }
  return MESSAGES[reason] ?? `The payment was refused (${reason}). ${SIGN_AGAIN}`;
}

// What a refused payment's 402 says to do next (issue 9 item 11: every error carries a message).
// `error` stays the x402 reason (or the MPP reason, mpp/mpp-admission.ts); `message` is the next
// step for an agent or its developer.
import { atomicToUsd } from "../money";
import { X402_NETWORK } from "./payment-network";

const SIGN_AGAIN = {
  x402: "Sign a new payment for the PAYMENT-REQUIRED requirements of this answer and send the request again.",
  mpp: "Pay one of the WWW-Authenticate challenges of this answer (they are fresh) and send the request again with the new `Authorization: Payment` credential.",
} as const;
export type RefusalProtocol = keyof typeof SIGN_AGAIN;

const MESSAGES: Record<string, (again: string) => string> = {
  invalid_payload: (again) =>
    `PAYMENT-SIGNATURE is not an x402 v2 payment of the exact EVM scheme (base64 JSON of a PaymentPayload). ${again}`,
  payment_requirements_mismatch: (again) =>
    `The payment was signed for other requirements (amount, asset, network or payee) than this product's. ${again}`,
  invalid_exact_evm_nonce_already_used: (again) =>
    "This authorization already paid for another purchase; one authorization pays for one purchase, ever. To get that purchase's result again, " +
    `send its original request with this PAYMENT-SIGNATURE. Otherwise: ${again}`,
  invalid_exact_evm_signature: (again) =>
    "The signature does not verify for authorization.from, or is not in the form the token accepts (65 bytes, v 27 or 28, low s). " +
    `Sign with the payer's own key. ${again}`,
  invalid_exact_evm_insufficient_balance: (again) =>
    `The payer's balance does not cover the price. Fund the wallet, then: ${again}`,
  invalid_exact_evm_payload_authorization_valid_before: (again) =>
    `The authorization has expired, or expires within seconds. ${again}`,
  invalid_exact_evm_payload_authorization_valid_after: (again) =>
    `The authorization is not valid yet (validAfter is in the future). ${again}`,
  // MPP (`Authorization: Payment`): the credential is refused before anything is claimed or charged.
  mpp_credential_malformed: (again) =>
    `Authorization is not an MPP credential this marketplace reads: \`Payment <base64url JSON {challenge, source?, payload}>\` with an evm charge payload (an EIP-3009 authorization) a stripe charge payload ({spt, externalId?}) or a tempo charge payload ({type: "transaction", signature: the signed Tempo transaction}). ${again}`,
  mpp_method_unsupported: (again) =>
    `The credential answers a payment method this product is not sold with here. ${again}`,
  mpp_challenge_unknown: (again) =>
    `The credential's challenge was not issued by this marketplace, or was changed (its id does not match its contents). ${again}`,
  mpp_challenge_expired: (again) => `The credential's challenge has expired (challenges live 5 to 6 minutes). ${again}`,
  mpp_challenge_mismatch: (again) =>
    `The credential answers a challenge for another product or price; a challenge pays only for the product whose 402 carried it. ${again}`,
  mpp_signature_invalid: (again) => `The EIP-3009 authorization is not signed by its \`from\` address. ${again}`,
  mpp_authorization_mismatch: (again) =>
    `The EIP-3009 authorization does not match its challenge (the amount, the recipient, the nonce = the challenge's hash, or its validity window). ${again}`,
  mpp_credential_used: (again) =>
    "This challenge was already paid by this payer (its hash is the authorization's nonce, which pays once, ever). To get that purchase's result again, " +
    `send its original request with the same credential. For a new purchase: ${again}`,
  mpp_payment_declined: (again) =>
    `Stripe declined the Shared Payment Token; nothing was charged. Use another token (or payment method): ${again}`,
  mpp_payment_action_required: (again) =>
    `Stripe wants the payer to act on this payment (e.g. 3-D Secure), which this purchase cannot wait for; nothing was charged. Use a token that needs no action: ${again}`,
  mpp_push_payment_refused: (again) =>
    `A tempo credential carrying a transaction hash (push form) is not accepted: the money would move before the purchase is claimed. Send the signed transaction (pull form) and this marketplace broadcasts it after the claim. Nothing was claimed. ${again}`,
  mpp_transaction_rejected: (again) =>
    `The Tempo node refused or reverted the transaction (e.g. the balance does not cover it); it did not execute and nothing was charged. ${again}`,
  mpp_transaction_expired: (again) =>
    `The Tempo transaction expired (validBefore passed) before it was executed; it never will be, and nothing was charged. ${again}`,
};

export interface RefusalMessageOptions {
  priceAtomic?: number;
  /** The 402 of a product also sold over MPP: say how to pay either way. */
  withMpp?: boolean;
  /** Which credential was refused: the next step differs. */
  protocol?: RefusalProtocol;
  /** What mppx said, appended for a developer. */
  detail?: string;
  /** invalid_exact_evm_payload_authorization_valid_before: validBefore was further ahead than this many seconds, not too early. */
  tooFarAheadS?: number;
  /** invalid_exact_evm_nonce_already_used: no purchase of ours holds the authorization (it was settled elsewhere). */
  spentElsewhere?: boolean;
}

// Variants of a reason's message, when what happened is known more precisely than the reason says.
const AUTHORIZATION_TOO_LONG = (limitS: number, again: string) =>
  `The authorization is valid for too long: its validBefore is too far ahead. It may be at most ${limitS} s from now (the requirements' maxTimeoutSeconds ` +
  `plus a 60 s clock-skew margin); nothing was claimed or charged. ${again}`;
const NONCE_SPENT_ELSEWHERE = (again: string) =>
  "This authorization was already spent elsewhere: its nonce was used outside this marketplace's purchases (settled directly or through another " +
  `facilitator), and no purchase here holds it. Nothing was charged by this request. ${again}`;

/** The 402 message of a challenge (`payment_required`) or of a refused payment (its reason); a number is the price. */
export function refusalMessage(reason: string, options: number | RefusalMessageOptions = {}): string {
  const opts = typeof options === "number" ? { priceAtomic: options } : options;
  const price = opts.priceAtomic;
  if (reason === "payment_required") {
    const amount = price === undefined ? "" : `${atomicToUsd(price)} USD, `;
    const x402 =
      `Payment required: ${amount}paid with x402 v2 (scheme exact, network ${X402_NETWORK}, USDC). Sign one of the \`accepts\` of the ` +
      "PAYMENT-REQUIRED header (any x402 v2 client does) and send the same request again with the PAYMENT-SIGNATURE header.";
    if (!opts.withMpp) return x402;
    return `${x402} Or pay with MPP: answer one of the WWW-Authenticate \`Payment\` challenges (any mppx client does) and send the same request again with \`Authorization: Payment <credential>\`.`;
  }
  const again = SIGN_AGAIN[opts.protocol ?? "x402"];
  const message =
    reason === "invalid_exact_evm_payload_authorization_valid_before" && opts.tooFarAheadS !== undefined
      ? AUTHORIZATION_TOO_LONG(opts.tooFarAheadS, again)
      : reason === "invalid_exact_evm_nonce_already_used" && opts.spentElsewhere
        ? NONCE_SPENT_ELSEWHERE(again)
        : (MESSAGES[reason]?.(again) ?? `The payment was refused (${reason}). ${again}`);
  return opts.detail ? `${message} (${opts.detail})` : message;
}

// How long an EIP-3009 authorization may stay valid (x402 `exact` and MPP evm carry the same one):
// at most the challenge's maxTimeoutSeconds from now plus a margin for clock skew, as a facilitator
// allows. A signed-but-unsent authorization valid for years is a standing charge anyone holding it
// can settle; it is refused (402) before anything is claimed or charged.
import type { PaymentRequirements } from "@x402/core/types";
import { refusalMessage, type RefusalProtocol } from "../refusal-messages";

/** Seconds an authorization's validBefore may exceed now + maxTimeoutSeconds (our clock and the payer's differ). */
export const VALID_BEFORE_SKEW_S = 60;

export const VALID_BEFORE_REASON = "invalid_exact_evm_payload_authorization_valid_before";

/** The refusal message when validBefore is further ahead than the requirements allow; undefined when it is within them. */
export function validBeforeTooFar(
  validBefore: string,
  requirements: Pick<PaymentRequirements, "maxTimeoutSeconds">,
  protocol: RefusalProtocol,
  nowS = Math.floor(Date.now() / 1000),
): string | undefined {
  const limitS = requirements.maxTimeoutSeconds + VALID_BEFORE_SKEW_S;
  if (BigInt(validBefore) <= BigInt(nowS + limitS)) return undefined;
  return refusalMessage(VALID_BEFORE_REASON, { protocol, tooFarAheadS: limitS });
}

// Which MPP methods the queued products offer (server/env.ts validates MPP_METHODS; a method this
// marketplace cannot settle stops the start). `evm` is mppx's EIP-3009 charge, paid in the same asset
// to the same pay-to address as x402 and settled through the same facilitator and ledger.
import { baseUrl, env, type MppMethodName } from "../../env";

export interface MppConfig {
  methods: readonly MppMethodName[];
  /** The challenges' realm: part of each challenge's HMAC and of the EIP-3009 nonce an evm credential signs. */
  realm: string;
}

export function mppConfigFromEnv(): MppConfig {
  return { methods: env.MPP_METHODS, realm: env.MPP_REALM ?? new URL(baseUrl).host };
}

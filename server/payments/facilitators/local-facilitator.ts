// The local facilitator (decisions.md §11): the x402 reference facilitator logic for the `exact`
// and `batch-settlement` EVM schemes, run in-process over the database ledger of local-chain-signer.ts
// (the batch-settlement escrow contract emulated by local-escrow.ts).
import { x402Facilitator } from "@x402/core/facilitator";
import type { SupportedResponse } from "@x402/core/types";
import { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/facilitator";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { keccak256, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { X402_NETWORK } from "../payment-network";
import type { Facilitator, OwnLedger } from "./facilitator";
import { assertLedgerReachable, createLocalChainSigner, findLocalTransfer, localBalance } from "./local-chain-signer";

// The address the local facilitator reports as its signer ("local-facilitator" in hex); it never
// signs anything, since transfers execute on the ledger tables.
const LOCAL_FACILITATOR_ADDRESS = "0x6c6f63616c2d666163696c697461746f72000000";
// The receiver authorizer the local facilitator advertises for batch-settlement channels (it signs
// claims and refunds, which the local escrow checks). Derived from a fixed phrase: it guards only the
// emulated escrow's test funds, and every instance must sign with the same key.
const LOCAL_RECEIVER_AUTHORIZER = privateKeyToAccount(keccak256(stringToHex("marketplace-local-receiver-authorizer")));
// The x402 reason for a signature that does not verify (@x402/evm's ErrInvalidSignature).
const INVALID_SIGNATURE = "invalid_exact_evm_signature";

// What the ledger tables answer directly: whether an authorization was executed, and a balance.
const ownLedger: OwnLedger = {
  findExecutedTransfer: async (payer, nonce) => (await findLocalTransfer(payer, nonce))?.transaction,
  balanceOf: localBalance,
};

export function createLocalFacilitator(): Facilitator {
  const signer = createLocalChainSigner(LOCAL_FACILITATOR_ADDRESS);
  const facilitator = new x402Facilitator()
    .register(X402_NETWORK, new ExactEvmScheme(signer))
    .register(X402_NETWORK, new BatchSettlementEvmScheme(signer, LOCAL_RECEIVER_AUTHORIZER));
  return {
    async verify(payload, requirements) {
      const verdict = await facilitator.verify(payload, requirements);
      // The reference scheme reports any failed simulation as an invalid payment, whatever made it
      // fail: when the ledger cannot be read, that is an outage (503, nothing charged), not a 402.
      if (!verdict.isValid) await assertLedgerReachable();
      // The library's own check accepts what viem recovers (a high-s signature too); when the
      // token then refuses the signature in simulation, the library can only say "simulation
      // failed": report it as the invalid signature it is, as a facilitator on the chain would.
      if (!verdict.isValid && /invalid signature/i.test(verdict.invalidMessage ?? ""))
        return { ...verdict, invalidReason: INVALID_SIGNATURE };
      return verdict;
    },
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
    ownLedger,
  };
}

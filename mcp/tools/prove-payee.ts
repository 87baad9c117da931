// prove_payee: the payee's signature of a payee_challenge (POST /api/listings/{id}/payee-proofs).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { listingIdSchema, listingSchema } from "../../server/listings/listing-schema";
import { payeeProofInput } from "../../server/listings/payee-proof-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { LISTING_WRITE, listingSummary } from "./listing-summary";

export function registerProvePayee(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "prove_payee",
    {
      title: "Prove a payee",
      description:
        "Send the payee's EIP-712 signature (65-byte EOA, 0x hex) of the challenge with its nonce; the listing then shows the payee verified. A nonce is good once; another signer, an expired or used nonce is payee_proof_invalid.",
      inputSchema: z.object({ id: listingIdSchema.shape.id, ...payeeProofInput.shape }),
      outputSchema: toolOutputSchema(listingSchema),
      annotations: LISTING_WRITE,
    },
    ({ id, ...proof }) =>
      guarded(async () =>
        fromResult(await client.provePayee(id, proof), (value) => ({
          structured: value,
          summary: listingSummary(value),
        })),
      ),
  );
}

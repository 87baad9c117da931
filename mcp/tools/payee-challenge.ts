// payee_challenge: the EIP-712 typed data a listing's payee signs to prove control of it
// (POST /api/listings/{id}/payee-proofs/challenge).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { listingIdSchema } from "../../server/listings/listing-schema";
import { payeeChallengeInput, payeeTypedDataSchema } from "../../server/listings/payee-proof-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";
import { LISTING_WRITE } from "./listing-summary";

export function registerPayeeChallenge(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "payee_challenge",
    {
      title: "Ask for a payee challenge",
      description:
        "EIP-712 typed data (origin, listing, payee, single-use nonce, expiry) for one of the listing's offers' payTo. Sign it with that address's key (eth_signTypedData_v4; viem signTypedData) and send the signature with prove_payee before it expires.",
      inputSchema: z.object({ id: listingIdSchema.shape.id, ...payeeChallengeInput.shape }),
      outputSchema: toolOutputSchema(z.object({ typedData: payeeTypedDataSchema })),
      annotations: LISTING_WRITE,
    },
    ({ id, payTo }) =>
      guarded(async () =>
        fromResult(await client.payeeChallenge(id, payTo), (typedData) => ({
          structured: { typedData },
          summary: `sign as ${typedData.message.payee} before ${typedData.message.expiresAt}`,
        })),
      ),
  );
}

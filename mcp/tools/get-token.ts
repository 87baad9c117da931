// get_token (stdio, wallet mode only): signs in with the wallet key this process already holds
// (MARKETPLACE_WALLET_KEY) by the x402 sign-in-with-x extension (the typed client's
// signInWithWallet) and keeps the marketplace token for the tools that need one (write_review,
// call_offer, the listing tools). The secret stays in this process unless `reveal` asks for it.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { tokenNameSchema } from "../../server/accounts/marketplace-token-schema";
import { walletTokenSchema } from "../../server/accounts/wallet-sign-in-schema";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

const inputSchema = z.strictObject({
  name: tokenNameSchema
    .optional()
    .describe("The agent's name on its reviews and comments (default: the wallet address)."),
  reveal: z
    .boolean()
    .default(false)
    .describe("Also return the token itself (shown once), e.g. to call the REST API with it elsewhere."),
});

const outputSchema = walletTokenSchema.omit({ token: true }).extend({ token: z.string().optional() });

export function registerGetToken(server: McpServer, client: MarketplaceClient): void {
  server.registerTool(
    "get_token",
    {
      title: "Sign in with this server's wallet",
      description:
        "Signs in with the wallet key this MCP server holds (sign-in-with-x: a challenge bound to the marketplace's origin, signed with the key, exchanged for a marketplace token). No account needed. " +
        "From then on write_review, call_offer and the listing tools act as this wallet's agent. At most a few active tokens per wallet: revoke old ones with DELETE /api/tokens/{id}.",
      inputSchema,
      outputSchema: toolOutputSchema(outputSchema),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ name, reveal }) =>
      guarded(async () =>
        fromResult(await client.signInWithWallet({ name }), (value) => {
          const { token, ...rest } = value;
          return {
            structured: reveal ? value : rest,
            summary: `signed in as ${value.tokenSummary.name} (wallet ${value.wallet.address}); token ${value.tokenSummary.prefix}… ${reveal ? token : "kept by this server"}`,
          };
        }),
      ),
  );
}

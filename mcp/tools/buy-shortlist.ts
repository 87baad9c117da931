// buy_shortlist: pays for a shortlist (POST /api/shop/shortlist) with x402, within the caps. Wallet
// mode signs with the process's key; hosted mode pays only with the payment in `_meta["x402/payment"]`.
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { shortlistInputSchema } from "../../server/shortlist/request-schema";
import { shortlistPurchaseSchema } from "../../server/shortlist/result-schema";
import { buyOptions, PAID_TOOL_META, paidArguments, spentField, spentReport, type PaymentMode } from "../paid-options";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

// request_id is the API's body form of the idempotency key; the tool takes idempotencyKey instead.
const inputSchema = shortlistInputSchema.omit({ request_id: true }).extend(paidArguments);

export function registerBuyShortlist(server: McpServer, client: MarketplaceClient, mode: PaymentMode): void {
  server.registerTool(
    "buy_shortlist",
    {
      title: "Buy a shortlist",
      description:
        "Pay (x402, USDC) for a ranked shortlist of services that fit an outcome, with conditions and constraints. Reports what it spent. dryRun shows the price without paying; maxUsd caps this call." +
        (mode === "hosted" ? ' Without a payment in _meta["x402/payment"] it returns the x402 terms to sign.' : ""),
      inputSchema,
      outputSchema: toolOutputSchema(
        z.object({ purchase: shortlistPurchaseSchema, spent: spentField, idempotencyKey: z.string().optional() }),
      ),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      _meta: { ...PAID_TOOL_META, price: "the shortlist's x402 price (dryRun: true shows it)" },
    },
    ({ dryRun, maxUsd, idempotencyKey, ...input }, extra) =>
      guarded(async () =>
        fromResult(
          await client.buyShortlist(input, buyOptions(mode, { dryRun, maxUsd, idempotencyKey }, extra._meta)),
          (paid) => ({
            structured: { purchase: paid.value, spent: paid.spent, idempotencyKey: paid.idempotencyKey },
            ...spentReport(paid, `${paid.value.shortlist.matches.length} match(es)`),
          }),
        ),
      ),
  );
}

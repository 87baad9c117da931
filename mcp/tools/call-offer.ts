// call_offer: calls a provider's offer through the marketplace's observer route with the token;
// when the provider answers 402 it pays within the caps (wallet key or `_meta["x402/payment"]`).
// Without `method` the client asks the observer for the offer's own (GET or POST).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../../client/marketplace-client";
import { buyOptions, PAID_TOOL_META, paidArguments, spentField, spentReport, type PaymentMode } from "../paid-options";
import { fromResult, guarded } from "../tool-result";
import { toolOutputSchema } from "../tool-output";

const inputSchema = z.object({
  offerId: z.string().min(1).max(200).describe("An offer id from get_service or a shortlist match."),
  method: z
    .enum(["GET", "POST"])
    .optional()
    .describe("Default: the offer's own method (the `method` of the offer in its service record)."),
  query: z.record(z.string().max(200), z.string().max(2000)).optional().describe("Query parameters for the provider."),
  body: z.unknown().optional().describe("A JSON body for a POST."),
  ...paidArguments,
});

export function registerCallOffer(server: McpServer, client: MarketplaceClient, mode: PaymentMode): void {
  server.registerTool(
    "call_offer",
    {
      title: "Call an offer",
      description:
        "Call a provider's paid endpoint through the marketplace observer with the marketplace token, paying its 402 within the caps. Reports the provider's answer and what it spent; dryRun shows the provider's terms without paying." +
        (mode === "hosted" ? ' Without a payment in _meta["x402/payment"] it returns the x402 terms to sign.' : ""),
      inputSchema,
      outputSchema: toolOutputSchema(
        z.object({ status: z.int(), contentType: z.string().nullable(), body: z.unknown(), spent: spentField }),
      ),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      _meta: { ...PAID_TOOL_META, price: "the offer's priceUsd (dryRun: true shows the provider's terms)" },
    },
    ({ offerId, method, query, body, dryRun, maxUsd, idempotencyKey }, extra) =>
      guarded(async () => {
        const { dryRun: d, maxUsd: m, payment } = buyOptions(mode, { dryRun, maxUsd }, extra._meta);
        const result = await client.callOffer(
          offerId,
          { method, query, body, idempotencyKey },
          { dryRun: d, maxUsd: m, payment },
        );
        return fromResult(result, (paid) => ({
          structured: { ...paid.value, spent: paid.spent },
          ...spentReport(paid, `provider answered ${paid.value.status}`),
        }));
      }),
  );
}

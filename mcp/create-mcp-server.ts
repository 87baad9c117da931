// The marketplace as an MCP server: one tool per operation, each a thin call of the typed client.
// "wallet": the process holds a key and pays (stdio, `npm run mcp`); "hosted": the marketplace's
// /api/mcp, which never holds a key and pays only with payments the agent signed itself.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MarketplaceClient } from "../client/marketplace-client";
import type { PaymentMode } from "./paid-options";
import { registerBuyShortlist } from "./tools/buy-shortlist";
import { registerCallOffer } from "./tools/call-offer";
import { registerCreateListing } from "./tools/create-listing";
import { registerEditListing } from "./tools/edit-listing";
import { registerGetListing } from "./tools/get-listing";
import { registerGetReviews } from "./tools/get-reviews";
import { registerGetToken } from "./tools/get-token";
import { registerGetService } from "./tools/get-service";
import { registerListListings } from "./tools/list-listings";
import { registerOrderStatus } from "./tools/order-status";
import { registerPayeeChallenge } from "./tools/payee-challenge";
import { registerProvePayee } from "./tools/prove-payee";
import { registerSearchServices } from "./tools/search-services";
import { registerSubmitListing } from "./tools/submit-listing";
import { registerWriteReview } from "./tools/write-review";

export const MCP_SERVER_NAME = "agent-payment-marketplace";
export const MCP_SERVER_VERSION = "0.1.0";

export function createMarketplaceMcpServer(client: MarketplaceClient, options: { mode: PaymentMode }): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      instructions:
        "Search the catalog (search_services, get_service, get_reviews), buy a shortlist (buy_shortlist), call a provider's paid offer (call_offer), then review it (write_review). Providers list their own x402 API (create_listing, list_listings, get_listing, edit_listing, payee_challenge, prove_payee, submit_listing). In stdio mode get_token signs in with this server's wallet (no account) for the tools that need a token. Paid tools report what they spent and never pay above their cap; pass dryRun: true to see the price first.",
    },
  );
  registerSearchServices(server, client);
  registerGetService(server, client);
  registerGetReviews(server, client);
  registerBuyShortlist(server, client, options.mode);
  registerCallOffer(server, client, options.mode);
  registerWriteReview(server, client);
  registerOrderStatus(server, client);
  registerCreateListing(server, client);
  registerListListings(server, client);
  registerGetListing(server, client);
  registerEditListing(server, client);
  registerPayeeChallenge(server, client);
  registerProvePayee(server, client);
  registerSubmitListing(server, client);
  // Only a process that holds a key signs in with it; the hosted server never does.
  if (options.mode === "wallet") registerGetToken(server, client);
  return server;
}

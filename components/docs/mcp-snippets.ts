// The MCP and typed-client examples of the docs page, as plain text (rendered by CodeBlock), and the
// MCP tools in words (the HTML and the markdown docs list them).
import { atomicToUsd } from "@/server/money";
import { shortlistProduct } from "@/server/products/shortlist-product";

export const MCP_TOOLS: { name: string; does: string; spends: string }[] = [
  {
    name: "search_services",
    does: "Free relevance search with filters (capability, protocol, max price, tested).",
    spends: "free, read-only",
  },
  {
    name: "get_service",
    does: "A service's record: offers (ids, prices, protocols), reputation, links.",
    spends: "free, read-only",
  },
  {
    name: "get_reviews",
    does: "A service's published reviews, newest or most liked first.",
    spends: "free, read-only",
  },
  {
    name: "buy_shortlist",
    does: "A ranked shortlist of services that fit an outcome, conditions and constraints.",
    spends: `${atomicToUsd(shortlistProduct.priceAtomic)} USD`,
  },
  {
    name: "call_offer",
    does: "Calls a provider's offer through the observer with your token, paying its 402.",
    spends: "the offer's price",
  },
  {
    name: "write_review",
    does: "Publishes your agent's review of a service (verified after a paid call_offer).",
    spends: "free, needs a token",
  },
  {
    name: "order_status",
    does: "The state of a bought placement or evaluation, with its statusAuthorization.",
    spends: "free, read-only",
  },
  {
    name: "create_listing",
    does: "Lists your x402 API: the marketplace probes each resource URL once, unpaid, and drafts the listing.",
    spends: "free, needs a token",
  },
  { name: "list_listings", does: "Your listings, newest first.", spends: "free, read-only, needs a token" },
  {
    name: "get_listing",
    does: "One listing: status, probe verdicts, offers, payees.",
    spends: "free, read-only, needs a token",
  },
  {
    name: "edit_listing",
    does: "Changes what a probe cannot know: name, description, links, capability, tags, facts.",
    spends: "free, needs a token",
  },
  {
    name: "payee_challenge",
    does: "The EIP-712 typed data a listing's payee signs to prove control of it.",
    spends: "free, needs a token",
  },
  { name: "prove_payee", does: "Sends the payee's signature; the payee is verified.", spends: "free, needs a token" },
  { name: "submit_listing", does: "Sends the listing to the operators' review.", spends: "free, needs a token" },
];

export function mcpStdioConfig(baseUrl: string): string {
  return `{
  "mcpServers": {
    "marketplace": {
      "command": "npm",
      "args": ["run", "--silent", "mcp"],
      "cwd": "/path/to/agent-payment-marketplace",
      "env": {
        "MARKETPLACE_URL": "${baseUrl}",
        "MARKETPLACE_WALLET_KEY": "0x<the agent's private key>",
        "MARKETPLACE_TOKEN": "<a marketplace token, for call_offer and write_review>",
        "MCP_MAX_USD_PER_CALL": "0.01",
        "MCP_MAX_USD_PER_SESSION": "0.10"
      }
    }
  }
}`;
}

export function mcpHttpConfig(baseUrl: string): string {
  return `{
  "mcpServers": {
    "marketplace": {
      "type": "http",
      "url": "${baseUrl}/api/mcp",
      "headers": { "X-Marketplace-Token": "<a marketplace token>" }
    }
  }
}`;
}

export function typedClientExample(baseUrl: string): string {
  return `import { createMarketplaceClient } from "./client/marketplace-client";

const market = createMarketplaceClient({
  baseUrl: "${baseUrl}",
  wallet: "0x<your private key>",
  token: "<your marketplace token>",
  caps: { maxUsdPerCall: "0.01", maxUsdPerSession: "0.10" },
});
const found = await market.searchServices({ q: "weather forecast", limit: 3 });
const bought = await market.buyShortlist({ outcome: "Hourly weather forecasts for any coordinate" });
if (!bought.ok) throw new Error(\`\${bought.error.code}: \${bought.error.message}\`);
console.log(bought.value.spent?.amountUsd, bought.value.value.shortlist.matches[0]?.service.slug);`;
}

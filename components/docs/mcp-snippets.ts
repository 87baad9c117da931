// The MCP and typed-client examples of the docs page, as plain text (rendered by CodeBlock).

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

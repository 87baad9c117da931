// `npm run mcp`: the marketplace's MCP server over stdio, in "wallet" mode: this process holds the
// key (MARKETPLACE_WALLET_KEY) and pays within MCP_MAX_USD_PER_CALL and MCP_MAX_USD_PER_SESSION (the
// session is the process). stdout carries only the protocol; messages go to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMarketplaceClient } from "../client/marketplace-client";
import { createMarketplaceMcpServer } from "../mcp/create-mcp-server";
import { STDIO_PAYMENT_ADVICE } from "../mcp/paid-options";
import { readWalletEnv } from "../mcp/wallet-env";

const settings = readWalletEnv(process.env);
if (!settings.ok) {
  process.stderr.write(`npm run mcp: invalid configuration\n${settings.problems.map((p) => `  ${p}`).join("\n")}\n`);
  process.exit(2);
}
const { env } = settings;
const client = createMarketplaceClient({
  baseUrl: env.MARKETPLACE_URL,
  wallet: env.MARKETPLACE_WALLET_KEY,
  token: env.MARKETPLACE_TOKEN,
  caps: {
    maxUsdPerCall: env.MCP_MAX_USD_PER_CALL,
    maxUsdPerSession: env.MCP_MAX_USD_PER_SESSION,
    maxUsdPerDeposit: env.MCP_MAX_USD_PER_DEPOSIT,
  },
  paymentAdvice: STDIO_PAYMENT_ADVICE,
});
const server = createMarketplaceMcpServer(client, { mode: "wallet" });
await server.connect(new StdioServerTransport());
process.stderr.write(
  `marketplace MCP server on stdio for ${env.MARKETPLACE_URL} (${env.MARKETPLACE_WALLET_KEY ? "pays with its wallet" : "no wallet: paid tools show terms only"}; caps ${env.MCP_MAX_USD_PER_CALL}/call, ${env.MCP_MAX_USD_PER_SESSION}/session, ${env.MCP_MAX_USD_PER_DEPOSIT}/deposit)\n`,
);

// "Use it from an agent (MCP)": the MCP server (stdio and hosted HTTP), its tools, and the typed
// client. The base URL is the page's configured one; nothing here reads the configuration.
import { atomicToUsd } from "@/server/money";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { CodeBlock } from "./code-block";
import { mcpHttpConfig, mcpStdioConfig, typedClientExample } from "./mcp-snippets";

const c = "rounded bg-slate-100 px-1";

const TOOLS: { name: string; does: string; spends: string }[] = [
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

export function McpGuide({ baseUrl }: { baseUrl: string }) {
  return (
    <section id="mcp" className="space-y-4" aria-labelledby="mcp-title">
      <h2 id="mcp-title" className="text-xl font-semibold">
        Use it from an agent (MCP)
      </h2>
      <p className="text-sm text-slate-700">
        The marketplace is an MCP server with fourteen tools. Every tool declares its input and output schemas (the
        API&apos;s own) and annotations (read-only, or spends money). Paid tools report what they spent, never pay above
        their cap, and take <code className={c}>dryRun: true</code> to show the x402 terms without paying. A refusal
        comes back as a tool error with the API&apos;s code (for example <code className={c}>payment_required</code>,{" "}
        <code className={c}>cap_exceeded</code>, <code className={c}>unauthorized</code>); the session goes on.
      </p>
      <h3 className="font-semibold">On your machine (stdio): the server holds your key</h3>
      <p className="text-sm text-slate-700">
        Run from a clone of this repository. <code className={c}>MCP_MAX_USD_PER_CALL</code> and{" "}
        <code className={c}>MCP_MAX_USD_PER_SESSION</code> (defaults 0.10 and 1.00 USD) cap what the process pays; a bad
        value stops it with a message (exit 2).
      </p>
      <CodeBlock label="Agent MCP configuration (stdio)">{mcpStdioConfig(baseUrl)}</CodeBlock>
      <h3 className="font-semibold">Hosted (streamable HTTP): your agent signs</h3>
      <p className="text-sm text-slate-700">
        <code className={c}>{`${baseUrl}/api/mcp`}</code> holds no key. A paid tool called without payment returns the
        x402 terms (a tool error whose structured content is the PaymentRequired); sign one of its{" "}
        <code className={c}>accepts</code> and call again with the PaymentPayload in{" "}
        <code className={c}>{`_meta["x402/payment"]`}</code>. The settlement comes back in{" "}
        <code className={c}>{`_meta["x402/payment-response"]`}</code>; <code className={c}>maxUsd</code> caps the call.
      </p>
      <CodeBlock label="Agent MCP configuration (HTTP)">{mcpHttpConfig(baseUrl)}</CodeBlock>
      <div
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label="MCP tools"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">The MCP tools</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Tool
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                What it does
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Costs
              </th>
            </tr>
          </thead>
          <tbody>
            {TOOLS.map((t) => (
              <tr key={t.name} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2 font-mono text-xs">{t.name}</td>
                <td className="px-3 py-2 text-slate-700">{t.does}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">{t.spends}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="font-semibold">From TypeScript: the typed client</h3>
      <p className="text-sm text-slate-700">
        <code className={c}>client/marketplace-client.ts</code> does the same over HTTP with typed results: every method
        returns <code className={c}>{`{ok: true, value}`}</code> or <code className={c}>{`{ok: false, error}`}</code> (
        <code className={c}>payment_required</code>, <code className={c}>invalid_request</code>,{" "}
        <code className={c}>conflict</code>, <code className={c}>settlement_unknown</code> with retry advice, …).
      </p>
      <CodeBlock label="TypeScript">{typedClientExample(baseUrl)}</CodeBlock>
    </section>
  );
}

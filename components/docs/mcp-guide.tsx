// "Use it from an agent (MCP)": the MCP server (stdio and hosted HTTP), its tools, and the typed
// client. The base URL is the page's configured one; nothing here reads the configuration.
import { CodeBlock } from "./code-block";
import { MCP_TOOLS as TOOLS, mcpHttpConfig, mcpStdioConfig, typedClientExample } from "./mcp-snippets";

const c = "rounded bg-slate-100 px-1";

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

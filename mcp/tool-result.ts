// How client results become MCP tool results. A MarketplaceError is a tool error (isError) that
// carries the API's code in the text and the whole error in structuredContent, so an agent can act
// on it and the session goes on; a handler never throws.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { MarketplaceError, Result } from "../client/marketplace-client";

export function toolSuccess(
  structured: Record<string, unknown>,
  summary: string,
  meta?: Record<string, unknown>,
): CallToolResult {
  return {
    content: [{ type: "text", text: `${summary}\n${JSON.stringify(structured)}` }],
    structuredContent: structured,
    ...(meta ? { _meta: meta } : {}),
  };
}

/** A tool error. For payment_required the decoded PAYMENT-REQUIRED is spread at the top of
 * structuredContent too (x402 MCP transport: the agent signs one of `accepts` and retries with
 * `_meta["x402/payment"]`). */
export function toolError(error: MarketplaceError): CallToolResult {
  const paymentRequired =
    error.kind === "payment_required" && isObject(error.terms?.paymentRequired) ? error.terms.paymentRequired : {};
  const structured = { ...paymentRequired, error };
  const lines = [`${error.code}: ${error.message}`];
  if (error.terms)
    lines.push(
      `terms: ${error.terms.amountUsd} USD (${error.terms.atomic} atomic ${error.terms.asset}) on ${error.terms.network} to ${error.terms.payTo}`,
    );
  if (error.retry) lines.push(`retry: ${error.retry.advice}`);
  for (const issue of error.issues ?? []) lines.push(`${issue.path.join(".") || "(input)"}: ${issue.message}`);
  return { isError: true, content: [{ type: "text", text: lines.join("\n") }], structuredContent: structured };
}

/** A client Result as a tool result; `shape` turns the value into the structured content. */
export function fromResult<T>(
  result: Result<T>,
  shape: (value: T) => { structured: Record<string, unknown>; summary: string; meta?: Record<string, unknown> },
): CallToolResult {
  if (!result.ok) return toolError(result.error);
  const { structured, summary, meta } = shape(result.value);
  return toolSuccess(structured, summary, meta);
}

/** Last line of defence: an unexpected throw (a bug, a closed socket) is a tool error, not a dead session. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    return toolError({
      kind: "server_error",
      status: null,
      code: "internal_error",
      message: err instanceof Error ? err.message : String(err),
    });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

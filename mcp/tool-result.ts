// How client results become MCP tool results. A MarketplaceError is a tool error (isError) that
// carries the API's code in the text and the whole error in structuredContent, so an agent can act
// on it and the session goes on; a handler never throws. A payment-required error is in the x402 MCP
// transport's shape (specs/transports-v2/mcp.md of coinbase/x402), so a generic x402 MCP client pays it.
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

/** The x402 MCP transport's code of a payment-required tool error (`x402/error` in `content[0].text`). */
export const PAYMENT_REQUIRED_CODE = 402;

/**
 * A tool error. A payment_required error with a challenge takes the x402 MCP transport's shape: the
 * PaymentRequired is structuredContent itself, with `error` the reason as a string, and `content[0].text` is
 * `{"x402/error": {code: 402, message, data: PaymentRequired}}`; the agent signs one of `accepts` and calls
 * again with `_meta["x402/payment"]`. The client's error rides along as `marketplaceError` (its terms without
 * the PaymentRequired, which is already at the top). Any other error is `{error: MarketplaceError}`.
 */
export function toolError(error: MarketplaceError): CallToolResult {
  const lines = [`${error.code}: ${error.message}`];
  if (error.terms)
    lines.push(
      `terms: ${error.terms.amountUsd} USD (${error.terms.atomic} atomic ${error.terms.asset}) on ${error.terms.network} to ${error.terms.payTo}`,
    );
  if (error.retry) lines.push(`retry: ${error.retry.advice}`);
  for (const issue of error.issues ?? []) lines.push(`${issue.path.join(".") || "(input)"}: ${issue.message}`);
  const summary = { type: "text" as const, text: lines.join("\n") };
  const challenge = error.terms?.paymentRequired;
  if (error.kind !== "payment_required" || !error.terms || !isObject(challenge))
    return { isError: true, content: [summary], structuredContent: { error } };

  // A refused payment keeps the verifier's reason (the code) in front of the message.
  const reason = error.code === "payment_required" ? error.message : `${error.code}: ${error.message}`;
  const paymentRequired = { ...challenge, error: reason };
  const wrapped = { "x402/error": { code: PAYMENT_REQUIRED_CODE, message: reason, data: paymentRequired } };
  return {
    isError: true,
    content: [{ type: "text", text: JSON.stringify(wrapped) }, summary],
    structuredContent: {
      ...paymentRequired,
      marketplaceError: { ...error, terms: { ...error.terms, paymentRequired: undefined } },
    },
  };
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

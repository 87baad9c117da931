// The id of one request, for its log lines and its X-Request-Id answer header. Plain JavaScript: the
// request-id hook (request-id-hook.mjs) runs it in Next.js's own process, without a TypeScript loader.
// A client's id is used only when it is well-formed; anything else (too long, odd characters, NUL,
// several values joined) is ignored, never logged, and a fresh id is generated instead.
import { randomBytes } from "node:crypto";

// W3C Trace Context: version-traceid-parentid-flags; version ff is invalid, and an all-zero trace or
// parent id is invalid. Versions after 00 may append fields; 00 may not.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-[^\s]*)?$/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_PARENT = "0".repeat(16);

// A client's own X-Request-Id: short, and only characters that need no escaping anywhere it is shown.
export const MAX_REQUEST_ID_CHARS = 128;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The trace id of a well-formed traceparent header, else undefined. */
export function traceIdOf(traceparent) {
  if (typeof traceparent !== "string" || traceparent.length > 512) return undefined;
  const match = TRACEPARENT.exec(traceparent);
  if (!match) return undefined;
  const [, version, traceId, parentId, extra] = match;
  if (version === "ff" || (version === "00" && extra !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_PARENT) return undefined;
  return traceId;
}

/** A client's X-Request-Id when it is well-formed, else undefined. */
export function clientRequestId(value) {
  return typeof value === "string" && REQUEST_ID.test(value) ? value : undefined;
}

/** A fresh id in the W3C trace-id form (32 lowercase hex), so every id looks alike. */
export function newRequestId() {
  return randomBytes(16).toString("hex");
}

/** The request's id: the traceparent's trace id, else the client's X-Request-Id, else a fresh one. */
export function requestIdOf(headers) {
  return traceIdOf(headers["traceparent"]) ?? clientRequestId(headers["x-request-id"]) ?? newRequestId();
}

// Wire format of the x402 headers (decisions.md §1). The specification says base64url, the x402
// v2 reference clients decode only standard base64: the values we emit are valid in both.
//
// How: JSON written as pure ASCII where `>`, `?`, `~`, DEL and every non-ASCII character are \uXXXX
// escapes, padded with trailing spaces (insignificant to JSON) to a length divisible by 3. Base64
// of such bytes has no `=` (no padding needed), and `+` / `/` would need a 6-bit group of 62 / 63,
// which only bytes `>` `?` `~` DEL and bytes >= 0x80 produce in some position — all of them escaped.

import { exceedsJsonDepth } from "../input/json-depth";

const ESCAPED = /[>?~\u007f-\uffff]/g;

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(ESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A header value that is base64 and base64url at once. */
export function encodeHeaderJson(value: unknown): string {
  const json = asciiJson(value);
  return Buffer.from(json.padEnd(json.length + ((3 - (json.length % 3)) % 3), " "), "ascii").toString("base64");
}

const BASE64_ANY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Decodes a header value written in standard base64 or base64url, padded or not, to JSON.
 * Returns undefined when the value is not base64 of a JSON document, or of one nested deeper than
 * MAX_JSON_DEPTH (no x402 payload is: such a header only costs work to walk).
 */
export function decodeHeaderJson(value: string): unknown {
  const trimmed = value.trim();
  if (!BASE64_ANY.test(trimmed) || (/[+/]/.test(trimmed) && /[-_]/.test(trimmed))) return undefined;
  const unpadded = trimmed.replace(/=+$/, "");
  if (unpadded.length % 4 === 1) return undefined;
  const text = Buffer.from(unpadded.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
  if (exceedsJsonDepth(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

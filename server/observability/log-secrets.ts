// What a credential looks like in text, for the last line of defence of the logs: pino's redaction
// (server/logger.ts) removes credentials by field; this scrubs any that got into a message, an
// error or an unlisted field anyway, in the written line itself. The e2e run scans the app's whole
// output with the same shapes (scripts/lib/scan-app-log.ts), so a credential printed past the logger
// (console, Next.js) fails it.
export interface SecretShape {
  name: string;
  pattern: RegExp;
}

export const SECRET_SHAPES: readonly SecretShape[] = [
  // An EIP-712 / EIP-3009 signature: r, s and v, 65 bytes.
  { name: "signature", pattern: /0x[0-9a-fA-F]{130}(?![0-9a-fA-F])/g },
  // server/accounts/marketplace-tokens.ts: "apmt_" + 32 random bytes in base64url.
  { name: "marketplace token", pattern: /apmt_[A-Za-z0-9_-]{43}/g },
  // server/orders/status-authorization.ts: "osa_" + an HMAC-SHA256 in base64url.
  { name: "order status credential", pattern: /osa_[A-Za-z0-9_-]{43}/g },
  // `Authorization: Payment <base64url JSON>` (MPP) and `Bearer <credential>`.
  { name: "authorization credential", pattern: /\b(?:Payment|Bearer)\s+[A-Za-z0-9+/_.~=-]{16,}/g },
  // A PAYMENT-SIGNATURE or Purchase-Authorization header value: base64 of a JSON object.
  { name: "encoded payment header", pattern: /eyJ[A-Za-z0-9+/_-]{80,}={0,2}/g },
  // better-auth's session cookie (its value is the session token and its signature).
  { name: "session cookie", pattern: /better-auth\.session_(?:token|data)=(?!\[redacted\])[^;\s"]+/g },
  // Stripe API keys (MPP's stripe method).
  { name: "stripe key", pattern: /\b[sr]k_(?:test|live)_[A-Za-z0-9]{10,}/g },
];

const CENSOR = "[redacted]";
// Characters every shape needs, checked first: most lines hold none of them, and pay one scan.
const MAYBE_SECRET = /0x|apmt_|osa_|Payment|Bearer|eyJ|session_|k_test_|k_live_/;

/** The text with anything shaped like a credential replaced by "[redacted]". */
export function scrubSecrets(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  let scrubbed = text;
  for (const { pattern } of SECRET_SHAPES) scrubbed = scrubbed.replace(pattern, CENSOR);
  return scrubbed;
}

/** The shapes found in the text, by name (empty when it holds none). */
export function secretShapesIn(text: string): string[] {
  return SECRET_SHAPES.filter(({ pattern }) => new RegExp(pattern.source).test(text)).map(({ name }) => name);
}

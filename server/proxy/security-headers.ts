// Response headers every answer carries (pages, API, assets): a Content-Security-Policy, no MIME
// sniffing, no framing, a referrer policy, no powerful browser features, and HSTS when the public
// base URL is https. Built per request by proxy.ts, because a page's CSP holds a fresh nonce.
import { baseUrl, env } from "../env";

const HTTPS = baseUrl.startsWith("https://");
const DEV = env.NODE_ENV === "development";

/** A fresh, unguessable nonce for one page response (128 random bits, base64). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The policy of an HTML page. Next.js reads the nonce from this header on the request and puts it on
 * its own scripts and inline styles; 'strict-dynamic' lets those scripts load the page's chunks.
 * Tailwind's output is a stylesheet file ('self'). `next dev` needs eval (React's error overlay) and
 * inline styles; a production build needs neither.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${DEV ? " 'unsafe-eval'" : ""}`,
    DEV ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(HTTPS ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** JSON, assets and anything else that is not a page: nothing may run or be framed. */
export const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  // frame-ancestors in the CSP is the modern form; X-Frame-Options covers browsers without it.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Only features browsers recognise: an unknown name is a console warning on every page.
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  // Browsers honour HSTS only over https; sent only when the site is served over https.
  ...(HTTPS ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
};

export function applySecurityHeaders(headers: Headers, contentSecurityPolicy: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy);
}

// Where to go after signing in or up: the `next` parameter, only when it is a path on this site.
// Anything else (another host, a protocol-relative or backslash trick, control characters, the API,
// the sign-in pages themselves) falls back, so the parameter cannot send anyone off-site.
const PLACEHOLDER_ORIGIN = "http://same-site.invalid";
const MAX_NEXT_LENGTH = 512;

export function safeNextPath(raw: unknown, fallback = "/account"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || value.length > MAX_NEXT_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  // Dot segments are resolved above: "/.//evil.example" becomes the path "//evil.example", which a
  // browser (and a Location header) reads as another host.
  if (url.pathname.startsWith("//")) return fallback;
  if (/^\/(?:api(?:\/|$)|sign-in|sign-up)/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

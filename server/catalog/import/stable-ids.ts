// Ids and slugs derived from what a Bazaar list says about a resource, stable across imports (the
// same formulas as the seed catalog, so a re-import of a seeded provider finds its rows).
import { createHash } from "node:crypto";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** Lowercase RFC 4648 base32 of sha256(key), `length` characters. */
export function base32Hash(key: string, length: number): string {
  const bytes = createHash("sha256").update(key).digest();
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= length) break;
  }
  return out;
}

export const hexHash = (key: string, length: number): string =>
  createHash("sha256").update(key).digest("hex").slice(0, length);

/** "api.weather.example.com" -> "api-weather-example-com" (at most 80 characters). */
export function slugFromHostname(hostname: string): string {
  return (
    hostname
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "service"
  );
}

export const serviceIdForSlug = (slug: string): string => `svc_${base32Hash(`service:${slug}`, 10)}`;
export const offerIdFor = (serviceSlug: string, method: string, path: string): string =>
  `off_${base32Hash(`offer:${serviceSlug}:${method}:${path}`, 10)}`;
export const sourceIdForOrigin = (origin: string): string => `bazaar:${hexHash(`bazaar:${origin}`, 16)}`;

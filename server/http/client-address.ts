// Who a free request comes from, for rate limits. Route handlers never see the socket: `next start`
// puts the peer address in X-Forwarded-For only when the request carries none (tested in
// client-address.test.ts's notes; docs/decisions.md "Rate limits"), and each reverse proxy in front
// appends the address it saw. So the client is the entry TRUST_PROXY_HOPS places from the right (the
// last one with 0 or 1 proxy); entries further left were written by the client and are ignored.
import { isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "../env";

/** A rate-limit key for the client: an IPv4 address, an IPv6 /64 prefix, or a fixed placeholder. */
export function clientAddress(headers: Headers, trustedHops = env.TRUST_PROXY_HOPS): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  return addressKey(chain[Math.max(0, chain.length - Math.max(1, trustedHops))]!);
}

/** Every unparsable value shares one key, so random junk cannot mint fresh budgets. */
export function addressKey(entry: string): string {
  const address = withoutPort(entry);
  // node:net decides what is an address (strict: no "1.2.3" or "0x7f000001" shorthands); ipaddr.js reads it.
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unparsable";
  const ip = ipaddr.IPv6.parse(address);
  // IPv4-mapped (::ffff:a.b.c.d, how Node reports IPv4 peers on a dual-stack socket): the IPv4 address.
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
  // One IPv6 host usually owns a whole /64: limit the prefix, not each of its 2^64 addresses.
  return `${ip.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}

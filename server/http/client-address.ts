// Who a free request comes from, for rate limits. Route handlers never see the socket: `next start`
// puts the peer address in X-Forwarded-For only when the request carries none (tested in
// client-address.test.ts's notes; docs/decisions.md "Rate limits"), and each reverse proxy in front
// appends the address it saw. So the client is the entry TRUST_PROXY_HOPS places from the right (the
// last one with 0 or 1 proxy); entries further left were written by the client and are ignored.
import { isIPv4, isIPv6 } from "node:net";
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
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unparsable";
  const groups = ipv6Groups(address);
  // IPv4-mapped (::ffff:a.b.c.d, how Node reports IPv4 peers on a dual-stack socket): the IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  // One IPv6 host usually owns a whole /64: limit the prefix, not each of its 2^64 addresses.
  return `${groups
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

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, embedded IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let s = address.toLowerCase().split("%")[0]!;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

// Who a request comes from, for rate limits and loopback-only routes. Route handlers never see the
// socket, and `next start` keeps a client-sent X-Forwarded-For as it is (it fills the header from the
// socket only when absent): a client could choose its own key. So the app's process preloads
// peer-address-hook.mjs, which writes the TCP peer address into X-Marketplace-Peer, replacing any
// client-sent copy (docs/decisions.md "Rate limits"). The client is then:
// - TRUST_PROXY_HOPS = 0 (served directly): the peer; X-Forwarded-For is ignored.
// - N > 0 reverse proxies, each appending the address it saw: the entry N places from the right of
//   X-Forwarded-For (the peer is the last proxy); entries further left were written by the client.
// - A call of the hosted MCP server to this app on loopback (mcp-request.ts): the caller's key it
//   carries in X-Marketplace-Client, honoured only with this process's proof of it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isIP, isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "../env";
import { AppError } from "../errors";

/** Written by peer-address-hook.mjs from the socket; never trusted from anywhere else. */
export const PEER_HEADER = "x-marketplace-peer";
/** A client key vouched for by this process (the hosted MCP server's calls to itself). */
export const CLIENT_HEADER = "x-marketplace-client";
export const CLIENT_PROOF_HEADER = "x-marketplace-client-proof";

// An X-Forwarded-For longer than this is not a proxy chain (10 hops at most): one shared key.
const MAX_CHAIN_CHARS = 1024;

// One secret per process, shared by every copy of this module the bundler made (route bundles may
// each hold one): the MCP handler and the route it calls run in the same process.
const SECRET_KEY = Symbol.for("marketplace.client-proof-secret");
function processSecret(): Buffer {
  const holder = globalThis as { [SECRET_KEY]?: Buffer };
  return (holder[SECRET_KEY] ??= randomBytes(32));
}
const proofOf = (client: string) => createHmac("sha256", processSecret()).update(client).digest("base64url");

/** The headers with which this process's own calls to itself count as `client` (a key of clientAddress). */
export function vouchedClientHeaders(client: string): Record<string, string> {
  return { [CLIENT_HEADER]: client, [CLIENT_PROOF_HEADER]: proofOf(client) };
}

/** The TCP peer's key, or undefined when the app runs without peer-address-hook.mjs. */
export function peerAddress(headers: Headers): string | undefined {
  const peer = headers.get(PEER_HEADER);
  return peer ? addressKey(peer) : undefined;
}

function isLoopback(address: string | null): boolean {
  if (!address || !isIP(address)) return false;
  const ip = ipaddr.process(address); // IPv4-mapped IPv6 -> IPv4
  return ip.range() === "loopback";
}

/** Whether the request came straight over loopback: the TCP peer is loopback and X-Forwarded-For names
 * nobody else (Next.js fills an absent one with the peer address itself). A reverse proxy on this
 * machine appends its client's address, so its clients fail. */
export function isLoopbackCaller(headers: Headers): boolean {
  const peer = headers.get(PEER_HEADER);
  const forwarded = headers.get("x-forwarded-for");
  return isLoopback(peer) && (forwarded === null || forwarded.trim() === peer);
}

/** 403 unless the request came straight over loopback (isLoopbackCaller). */
export function assertLoopbackCaller(headers: Headers, what: string): void {
  if (!isLoopbackCaller(headers))
    throw new AppError("forbidden", `${what} answers only callers on this machine (loopback, not through a proxy).`);
}

function vouchedClient(headers: Headers): string | undefined {
  const client = headers.get(CLIENT_HEADER);
  const proof = headers.get(CLIENT_PROOF_HEADER);
  if (!client || !proof || !isLoopback(headers.get(PEER_HEADER))) return undefined;
  const expected = Buffer.from(proofOf(client));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected) ? client : undefined;
}

/** A rate-limit key for the client: an IPv4 address, an IPv6 /64 prefix, or a fixed placeholder. */
export function clientAddress(headers: Headers, trustedHops = env.TRUST_PROXY_HOPS): string {
  const peer = peerAddress(headers);
  const vouched = vouchedClient(headers);
  if (vouched !== undefined) return vouched;
  if (trustedHops === 0) return peer ?? "unknown";
  // Repeated headers arrive joined with ", " (Node), so this is the whole chain in order.
  const header = headers.get("x-forwarded-for") ?? "";
  if (header.length > MAX_CHAIN_CHARS) return "unparsable";
  const chain = header
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // No chain: the request reached the app without passing a proxy; the peer is the client.
  if (chain.length === 0) return peer ?? "unknown";
  // Fewer entries than hops (the request skipped a proxy): the furthest one there is.
  return addressKey(chain[Math.max(0, chain.length - trustedHops)]!);
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

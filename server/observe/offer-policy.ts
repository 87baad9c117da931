// Which provider addresses the observer may call (decisions in docs/decisions.md "Observer"):
// https only; http and loopback only in test mode, either for every offer (OBSERVER_TEST_MODE=true,
// tests) or for an offer registered in test mode by the local demo provider while the local
// facilitator is active (no real money can move); a sandbox offer reaches loopback only at the
// sandbox's own origin while the sandbox is on. This checks the address as written; the
// outbound connection checks every resolved address again at connect time (DNS rebinding).
import ipaddr from "ipaddr.js";
import { env } from "../env";
import { joinProviderUrl } from "../offer-url";
import { sandboxOrigin } from "../sandbox-address";

export interface ObserverMode {
  /** OBSERVER_TEST_MODE=true: http and loopback allowed for every offer. */
  testMode: boolean;
  /** Payments settle on the local ledger: test-mode offers may use loopback. */
  localPayments: boolean;
  /** The loopback ports a test-mode offer may name (OBSERVER_TEST_PORTS less the app's and the database's). */
  testPort?: (port: number) => boolean;
  /** The sandbox provider's origin while it is on (server/sandbox/), else null or absent. */
  sandboxOrigin?: string | null;
}

/** OBSERVER_TEST_PORTS as a check, with the app's own port and the database's always out. */
export function testPortsFromEnv(): (port: number) => boolean {
  const ranges = env.OBSERVER_TEST_PORTS.split(",").map((part) => {
    const [from, to = from] = part.split("-").map((n) => Number(n.trim()));
    return [from!, to!] as const;
  });
  const reserved = new Set([env.PORT, env.EMBEDDED_PG_PORT]);
  if (env.DATABASE_URL) reserved.add(Number(new URL(env.DATABASE_URL).port || 5432));
  return (port) => !reserved.has(port) && ranges.some(([from, to]) => port >= from && port <= to);
}

// Payments settle on the local ledger exactly when no X402_FACILITATOR_URL is set (the rule of
// server/payments/payment-config.ts, read from env here so this low layer imports nothing above it).
export const observerModeFromEnv = (): ObserverMode => ({
  testMode: env.OBSERVER_TEST_MODE === "true",
  localPayments: env.X402_FACILITATOR_URL === undefined,
  testPort: testPortsFromEnv(),
  sandboxOrigin: sandboxOrigin(),
});

/** Loopback (and nothing else private) is allowed for this offer. */
export const loopbackAllowed = (offer: { testMode: boolean }, mode: ObserverMode): boolean =>
  mode.testMode || (offer.testMode && mode.localPayments);

/** A sandbox offer at exactly the sandbox's own origin while it is on: loopback for that address only. */
export const sandboxAllowed = (offer: { sandbox?: boolean }, url: URL, mode: ObserverMode): boolean =>
  offer.sandbox === true &&
  typeof mode.sandboxOrigin === "string" &&
  url.protocol === "http:" &&
  url.origin === mode.sandboxOrigin;

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/** An address the observer never connects to, whatever the mode: private, link-local, metadata, … */
export function isForbiddenAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return true;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (allowLoopback && range === "loopback") return false;
  // ipaddr.js calls "unicast" every IPv6 address it has no name for, including the IPv4-compatible
  // ::a.b.c.d of ::/96 (::7f00:1, ::a9fe:a9fe — a sit tunnel carries them to the IPv4 address) and
  // unassigned space; global unicast IPv6 is 2000::/3 only.
  if (ip.kind() === "ipv6" && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return true;
  return range !== "unicast";
}

/** `loopback`: the outbound call may connect to a loopback address (test mode, or the sandbox). */
export type RoutableVerdict = { ok: true; url: URL; loopback: boolean } | { ok: false; reason: string };

/** The provider URL of an offer (providerUrl + path), if the observer may call it in this mode. */
export function routableProviderUrl(
  offer: { providerUrl: string; path: string; testMode: boolean; sandbox?: boolean },
  mode: ObserverMode = observerModeFromEnv(),
): RoutableVerdict {
  let url: URL;
  try {
    url = new URL(joinProviderUrl(offer.providerUrl, offer.path));
  } catch {
    return { ok: false, reason: "The offer's provider address is not a valid URL." };
  }
  const sandbox = sandboxAllowed(offer, url, mode);
  const loopback = loopbackAllowed(offer, mode) || sandbox;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback))
    return { ok: false, reason: "The observer calls providers over https only." };
  if (url.username || url.password) return { ok: false, reason: "The offer's provider address carries credentials." };
  // A name's trailing dot (localhost., metadata.google.internal.) names the same host.
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (ipaddr.isValid(host) && isForbiddenAddress(host, loopback))
    return { ok: false, reason: "The offer's provider address is not a public one." };
  const localName = !ipaddr.isValid(host) && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host);
  if (localName && !loopback) return { ok: false, reason: "The offer's provider address is not a public one." };
  // A test-mode offer on this machine: only the ports the operator named, never the app's or the
  // database's (the observer would send HTTP to PostgreSQL, or call the app as itself).
  const onLoopback = localName || (ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback");
  // The sandbox's own origin is pinned exactly (sandboxAllowed) and is none of these ports.
  if (onLoopback && !mode.testMode && !sandbox && mode.testPort) {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    if (!mode.testPort(port))
      return {
        ok: false,
        reason: `The offer's provider port ${port} on this machine is not one of OBSERVER_TEST_PORTS (never the app's or the database's).`,
      };
  }
  return { ok: true, url, loopback };
}

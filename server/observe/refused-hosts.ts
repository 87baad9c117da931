// Provider host names this instance's observer found resolving to an address it refuses (loopback,
// private, metadata): the connect-time check (safe-outbound.ts) answers such calls 502, and the
// service record's `routedByMarketplace` must not promise them. Records are listed in bulk, so no
// DNS lookup happens on that path: the observer's own lookups fill this, per instance, for a while
// (DNS may change back). Bounded: the oldest entry goes first.
const REFUSED_FOR_MS = 10 * 60_000;
const MAX_HOSTS = 10_000;

const refused = new Map<string, number>();

// A name's case and trailing dots do not change the host it names.
const hostKey = (hostname: string): string => hostname.toLowerCase().replace(/\.+$/, "");

export function markRefusedHost(hostname: string, now = Date.now()): void {
  const host = hostKey(hostname);
  refused.delete(host);
  refused.set(host, now + REFUSED_FOR_MS);
  if (refused.size > MAX_HOSTS) refused.delete(refused.keys().next().value!);
}

/** Whether the observer recently found `hostname` resolving to a refused address. */
export function isRefusedHost(hostname: string, now = Date.now()): boolean {
  if (refused.size === 0) return false;
  const host = hostKey(hostname);
  const until = refused.get(host);
  if (until === undefined) return false;
  if (until > now) return true;
  refused.delete(host);
  return false;
}

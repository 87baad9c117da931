// Politeness per provider origin (host:port): at most `cap` probes of one host at once from this
// instance, and successive starts at least `spacingMs` apart. The whole sandbox world is one host
// (127.0.0.1:4020), so this is also what spreads the first pass over its offers at start-up.

export class HostGate {
  private readonly hosts = new Map<string, { inFlight: number; lastStart: number }>();

  constructor(
    private readonly cap: number,
    private readonly spacingMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until a probe of `host` may start: 0 now, Infinity while the host is at its cap. */
  waitFor(host: string): number {
    const h = this.hosts.get(host);
    if (!h) return 0;
    if (h.inFlight >= this.cap) return Infinity;
    return Math.max(0, h.lastStart + this.spacingMs - this.now());
  }

  start(host: string): void {
    const h = this.hosts.get(host) ?? { inFlight: 0, lastStart: 0 };
    h.inFlight += 1;
    h.lastStart = this.now();
    this.hosts.set(host, h);
  }

  finish(host: string): void {
    const h = this.hosts.get(host);
    if (!h) return;
    h.inFlight -= 1;
    // Forget idle hosts once their spacing has passed: the map stays as small as the work in hand.
    if (h.inFlight <= 0 && h.lastStart + this.spacingMs <= this.now()) this.hosts.delete(host);
  }

  /** Drops idle entries whose spacing has passed (called now and then). */
  sweep(): void {
    const now = this.now();
    for (const [host, h] of this.hosts)
      if (h.inFlight <= 0 && h.lastStart + this.spacingMs <= now) this.hosts.delete(host);
  }
}

// The probe scheduler of one instance (like the payment reconciler: a loop in the app process, its
// state in PostgreSQL). It leases due offers from the shared schedule (probe-schedule.ts), queues them
// per provider host, starts them under the host gate (cap and spacing per host) and an instance-wide
// cap and records each (record-probe.ts); the raw probes' retention is one of the scheduled purges
// (server/retention/retention-jobs.ts "offer_probes", probe-retention.ts). Several
// instances on one database share the work: a row is leased by one at a time, and a probe is recorded
// only while its lease is held, so every offer is probed once per interval whatever the instances.
import { randomUUID } from "node:crypto";
import { logger } from "../logger";
import { observerModeFromEnv, type ObserverMode } from "../observe/offer-policy";
import { createSafeOutbound, type SafeOutbound } from "../observe/safe-outbound";
import { HostGate } from "./host-gate";
import { probeOffer } from "./probe-offer";
import { addMissingScheduleRows, leaseDueOffers, releaseLeases, type LeasedOffer } from "./probe-schedule";
import { recordProbe } from "./record-probe";

export interface ProbeSettings {
  intervalMs: number;
  timeoutMs: number;
  maxBytes: number;
  hostConcurrency: number;
  hostSpacingMs: number;
  /** All of this instance's probes at once. */
  concurrency: number;
}

export interface ProbeSchedulerOptions extends ProbeSettings {
  /** This instance's name on its leases (default: random). */
  instanceId?: string;
  /** The observer's address policy in force (default: read from the environment at each lease). */
  mode?: () => ObserverMode;
  /** The outbound client (default: the observer's SSRF-safe client, created and closed here). */
  outbound?: SafeOutbound;
}

export interface ProbeScheduler {
  readonly instanceId: string;
  start(): void;
  /** Stops leasing, hands back queued leases, waits for the probes in flight (each bounded by the timeout). */
  stop(): Promise<void>;
  /** Resolves the next time this scheduler finds nothing due and has nothing in hand (tests, the bench). */
  idle(): Promise<void>;
  /** Probes recorded by this scheduler since it was created. */
  readonly recorded: number;
}

// How far ahead one lease fills a host's queue: at the default spacing and cap, 8 offers of one host.
const LOOKAHEAD_MS = 2_000;
// What a lease must still have left when a queued probe starts: its timeout plus time to record it.
const RECORD_MARGIN_MS = 15_000;
const LEASE_MARGIN_MS = 30_000;
// Nothing due: look again this often (new offers, the other instances' leases running out).
const IDLE_POLL_MS = 5_000;
// A lease that found nothing for the hosts not in hand is not tried again before this.
const EMPTY_LEASE_BACKOFF_MS = 1_000;
const ERROR_BACKOFF_MS = 5_000;
const ADD_ROWS_EVERY_MS = 60_000;

interface Job {
  offer: LeasedOffer;
  /** Local clock time after which the lease may no longer be ours to use. */
  startBy: number;
  /** The address policy when it was leased. */
  mode: ObserverMode;
}

export function createProbeScheduler(options: ProbeSchedulerOptions): ProbeScheduler {
  const instanceId = options.instanceId ?? `probe-${randomUUID()}`;
  const ownsOutbound = options.outbound === undefined;
  let outbound: SafeOutbound | undefined = options.outbound;
  const mode = options.mode ?? observerModeFromEnv;
  const gate = new HostGate(options.hostConcurrency, options.hostSpacingMs);
  // A host's share of one lease: what its spacing lets start within the lookahead, between two and
  // four times its cap (so a host without spacing does not take every row: other instances get some).
  const perHost = Math.max(
    2 * options.hostConcurrency,
    Math.min(Math.ceil(LOOKAHEAD_MS / Math.max(1, options.hostSpacingMs)), 4 * options.hostConcurrency),
  );
  const leaseTotal = Math.max(perHost, options.concurrency * 2);
  // Long enough for a host's whole queue to go through its cap one timeout at a time, and be recorded.
  const leaseMs = (Math.ceil(perHost / options.hostConcurrency) + 1) * options.timeoutMs + LEASE_MARGIN_MS;

  const queues = new Map<string, Job[]>();
  const running = new Set<Promise<void>>();
  let queued = 0;
  let stopped = true;
  let pumping: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let nextLeaseAt = 0;
  let lastAddRows = -Infinity;
  let recorded = 0;
  let idleWaiters: (() => void)[] = [];

  function wake(inMs: number): void {
    if (stopped || !Number.isFinite(inMs)) return;
    const at = Date.now() + Math.max(0, inMs);
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Infinity;
        void pump();
      },
      Math.max(0, inMs),
    );
    timer.unref();
  }

  async function runJob(job: Job): Promise<void> {
    const offer = job.offer;
    try {
      outbound ??= createSafeOutbound({ connectTimeoutMs: options.timeoutMs });
      const outcome = await probeOffer(
        offer,
        outbound,
        { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes },
        job.mode,
      );
      if (outcome.kind === "refused") {
        // Nothing is recorded for an offer the address policy refuses now (a sandbox offer while the
        // sandbox is off, an address that is not public): it is looked at again an interval later.
        await releaseLeases(instanceId, [offer.id], options.intervalMs);
        return;
      }
      if (await recordProbe(offer.id, outcome.record, offer, { instanceId, intervalMs: options.intervalMs }))
        recorded += 1;
    } catch (err) {
      // The lease runs out and the offer is probed again then (by any instance).
      logger.warn({ err, offerId: offer.id }, "probe failed to run or be recorded");
    }
  }

  /** Starts what the gates allow; returns the time until the next start the spacing holds back. */
  function dispatch(): number {
    let wait = Infinity;
    for (const [host, jobs] of queues) {
      while (jobs.length > 0 && running.size < options.concurrency) {
        const hold = gate.waitFor(host);
        if (hold > 0) {
          wait = Math.min(wait, hold);
          break;
        }
        const job = jobs.shift()!;
        queued -= 1;
        // A lease too close to its end may be taken by another instance meanwhile: leave it to run out.
        if (Date.now() > job.startBy) continue;
        gate.start(host);
        const run = runJob(job).finally(() => {
          gate.finish(host);
          running.delete(run);
          wake(0);
        });
        running.add(run);
      }
      if (jobs.length === 0) {
        queues.delete(host);
        // The host's queue ran dry: more of its offers may be due (a lease took at most perHost).
        nextLeaseAt = 0;
      }
    }
    return wait;
  }

  function pump(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = pass().finally(() => (pumping = undefined));
    return pumping;
  }

  async function pass(): Promise<void> {
    let wait = IDLE_POLL_MS;
    try {
      const now = Date.now();
      if (now - lastAddRows >= ADD_ROWS_EVERY_MS) {
        await addMissingScheduleRows();
        lastAddRows = now;
      }
      gate.sweep();
      wait = dispatch();
      if (!stopped && running.size < options.concurrency && Date.now() >= nextLeaseAt) {
        const currentMode = mode();
        const leased = await leaseDueOffers({
          instanceId,
          perHost,
          total: leaseTotal,
          leaseMs,
          excludeHosts: [...queues.keys()],
        });
        const startBy = Date.now() + leaseMs - options.timeoutMs - RECORD_MARGIN_MS;
        for (const offer of leased) {
          const jobs = queues.get(offer.host) ?? [];
          jobs.push({ offer, startBy, mode: currentMode });
          queues.set(offer.host, jobs);
          queued += 1;
        }
        if (stopped) await handBack();
        wait = Math.min(dispatch(), wait);
        if (leased.length === 0) {
          // Nothing due for the hosts not in hand: look again after a while, sooner while work is in hand.
          nextLeaseAt = Date.now() + (queued > 0 || running.size > 0 ? EMPTY_LEASE_BACKOFF_MS : IDLE_POLL_MS);
          if (queued === 0 && running.size === 0) {
            const waiters = idleWaiters;
            idleWaiters = [];
            for (const w of waiters) w();
          }
        }
      }
      // Below the cap: lease again when due (at once after a lease that found work); at the cap a
      // finished probe wakes the scheduler.
      if (running.size < options.concurrency) wait = Math.min(wait, Math.max(0, nextLeaseAt - Date.now()));
    } catch (err) {
      logger.warn({ err }, "probe scheduler pass failed");
      wait = ERROR_BACKOFF_MS;
    }
    // Asked again while this pass ran (a probe finished, idle() was called): pass again at once.
    const soon = again;
    again = false;
    wake(soon ? 0 : wait);
  }

  async function handBack(): Promise<void> {
    const ids = [...queues.values()].flatMap((jobs) => jobs.map((j) => j.offer.id));
    queues.clear();
    queued = 0;
    await releaseLeases(instanceId, ids, null).catch((err: unknown) =>
      logger.warn({ err }, "handing probe leases back failed"),
    );
  }

  return {
    instanceId,
    get recorded() {
      return recorded;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      wake(0);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      timerAt = Infinity;
      await pumping;
      await handBack();
      await Promise.allSettled([...running]);
      for (const w of idleWaiters) w();
      idleWaiters = [];
      if (ownsOutbound && outbound) await outbound.close();
      outbound = ownsOutbound ? undefined : outbound;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (stopped) resolve();
        else {
          nextLeaseAt = 0;
          wake(0);
        }
      });
    },
  };
}

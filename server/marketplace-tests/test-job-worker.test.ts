// The marketplace tests' job queue on a real database against the sandbox world, paid on the local
// ledger: the worker runs a job and the service becomes tested; two workers (two instance ids) run each
// job once; a dead instance's lease is taken over once it runs out, and the dead one can no longer
// write the end; a failing test is retried with backoff, then left failed with its error; a test over
// today's budget waits for the next UTC day; concurrent enqueues leave one pending job, and one that
// comes while the job runs makes it run once more; a terms change enqueues a re-test only for a
// service tested before, and a blocking one only at the operator's confirmation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { confirmTerms } from "@/server/probes/confirm-terms";
import { noteTermsChange } from "@/server/probes/record-probe";
import { createPerson } from "@/server/reviews/test-actors";
import { noteSandboxListening } from "@/server/sandbox-address";
import { profileOf } from "@/server/sandbox/profiles";
import { loadSandboxOffers, syncSandboxCatalog, type SandboxOffer } from "@/server/sandbox/sandbox-catalog";
import { startSandbox, type Sandbox } from "@/server/sandbox/start-sandbox";
import { enqueueServiceTest, type TestJobTrigger } from "@/server/test-jobs/enqueue-test-job";
import { RETENTION_JOBS } from "@/server/retention/retention-jobs";
import { finishTestJob, leaseTestJob } from "@/server/test-jobs/test-job-queue";
import { inTransaction } from "@/server/transaction";
import { createTestJobWorker, msUntilNextUtcDay, type TestJobWorkerOptions } from "./test-job-worker";
import { testService } from "./test-service";
import { testWallet } from "./test-wallet";

let sandbox: Sandbox;
let healthy: string[];
let offersBySlug: Map<string, SandboxOffer[]>;
const budgetAtStart = env.TEST_BUDGET_USD_PER_DAY;

const SETTINGS: TestJobWorkerOptions = { concurrency: 2, maxAttempts: 3, leaseMs: 3_000, pollMs: 50 };

beforeAll(async () => {
  sandbox = await startSandbox({ facilitator: createLocalFacilitator(), port: 0, hangMs: 200 });
  noteSandboxListening(sandbox.port);
  await syncSandboxCatalog(sandbox.url);
  await creditTestFunds({ address: (await testWallet()).address, amountUsd: 50 });
  env.TEST_BUDGET_USD_PER_DAY = 1000;
  offersBySlug = new Map();
  for (const o of await loadSandboxOffers()) offersBySlug.set(o.slug, [...(offersBySlug.get(o.slug) ?? []), o]);
  // Healthy sandbox services whose x402 offers deliver, that no test touched yet (each test takes its own).
  const testedBefore = new Set(
    (await db.serviceTest.findMany({ select: { serviceId: true } })).map((t) => t.serviceId),
  );
  const rows = await db.service.findMany({
    where: {
      slug: { in: [...offersBySlug.keys()].filter((s) => profileOf(s).kind === "healthy") },
      testStatus: "untested",
      offers: { some: { protocol: "x402" }, none: { protocol: "x402", sandboxDelivers: false } },
    },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  healthy = rows.map((r) => r.id).filter((id) => !testedBefore.has(id));
});
// What a test leaves waiting is not the next test's work.
afterEach(async () => {
  await db.serviceTestJob.deleteMany({ where: { state: "pending" } });
});
afterAll(async () => {
  env.TEST_BUDGET_USD_PER_DAY = budgetAtStart;
  noteSandboxListening(undefined);
  await sandbox.close();
});

let taken = 0;
/** `n` healthy sandbox services of this test alone. */
function services(n: number): string[] {
  const ids = healthy.slice(taken, taken + n);
  taken += n;
  if (ids.length < n) throw new Error("not enough healthy sandbox services");
  return ids;
}
const enqueue = (serviceId: string, trigger: TestJobTrigger = "approval") =>
  inTransaction(undefined, (tx) => enqueueServiceTest(tx, serviceId, trigger));
const jobsOf = (serviceId: string) =>
  db.serviceTestJob.findMany({ where: { serviceId }, orderBy: { createdAt: "asc" } });
const x402OffersOf = (serviceId: string) => db.offer.count({ where: { serviceId, protocol: "x402" } });
/** Runs workers until each finds nothing due and has nothing running. */
async function drain(...options: Partial<TestJobWorkerOptions>[]) {
  const workers = options.map((o) => createTestJobWorker({ ...SETTINGS, ...o }));
  for (const w of workers) w.start();
  await Promise.all(workers.map((w) => w.idle()));
  await Promise.all(workers.map((w) => w.stop()));
  return workers;
}

describe("the worker", () => {
  it("runs a due job: the service is tested once and the job is done", { timeout: 60_000 }, async () => {
    const [id] = services(1);
    expect(await enqueue(id!)).toBe(true);
    const [worker] = await drain({ instanceId: "worker-a" });
    expect(worker!.ran).toBe(1);
    const service = await db.service.findUniqueOrThrow({ where: { id } });
    expect(service.testStatus).toBe("tested-output");
    expect(service.testReviewId).not.toBeNull();
    expect(await db.serviceTest.count({ where: { serviceId: id, trigger: "approval" } })).toBe(await x402OffersOf(id!));
    expect(await jobsOf(id!)).toMatchObject([
      { state: "done", outcome: "tested", attempts: 1, leasedBy: null, leasedUntil: null, lastError: null },
    ]);
    expect((await jobsOf(id!))[0]!.finishedAt).not.toBeNull();
  });

  it("shared by two instances runs each job once", { timeout: 120_000 }, async () => {
    const ids = services(6);
    for (const id of ids) await enqueue(id);
    const workers = await drain({ instanceId: "worker-a" }, { instanceId: "worker-b" });
    expect(workers[0]!.ran + workers[1]!.ran).toBe(6);
    for (const id of ids) {
      expect(await db.serviceTest.count({ where: { serviceId: id } })).toBe(await x402OffersOf(id));
      expect(await jobsOf(id)).toMatchObject([{ state: "done", outcome: "tested", attempts: 1 }]);
    }
  });

  it("takes over a dead instance's job once its lease ran out, and the dead one cannot end it", async () => {
    const [id] = services(1);
    await enqueue(id!);
    // The dead instance leases the job and never finishes it.
    const dead = await leaseTestJob("dead-instance", 1_500);
    expect(dead).toMatchObject({ serviceId: id, trigger: "approval", attempts: 1 });
    // While its lease holds, nobody else takes the job.
    const early = await drain({ instanceId: "worker-a" });
    expect(early[0]!.ran).toBe(0);
    expect(await db.serviceTest.count({ where: { serviceId: id } })).toBe(0);
    await new Promise((r) => setTimeout(r, 1_600));
    const [worker] = await drain({ instanceId: "worker-b" });
    expect(worker!.ran).toBe(1);
    expect(await db.serviceTest.count({ where: { serviceId: id } })).toBe(await x402OffersOf(id!));
    expect(await jobsOf(id!)).toMatchObject([{ state: "done", outcome: "tested", attempts: 2 }]);
    expect(await finishTestJob("dead-instance", dead!.id, "tested")).toBe(false);
    expect(await db.serviceTest.count({ where: { serviceId: id } })).toBe(await x402OffersOf(id!));
  });

  it("keeps the lease of a test that outlasts it (renewed), so no other instance runs it too", async () => {
    const [id] = services(1);
    await enqueue(id!);
    let runs = 0;
    const slow = createTestJobWorker({
      ...SETTINGS,
      instanceId: "slow",
      leaseMs: 600,
      run: async (serviceId, trigger) => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 2_000));
        return testService(serviceId, trigger);
      },
    });
    slow.start();
    await new Promise((r) => setTimeout(r, 1_200));
    // Two leases' worth in: the job is still slow's, and another instance finds nothing due.
    const other = await drain({ instanceId: "other" });
    expect(other[0]!.ran).toBe(0);
    await slow.idle();
    await slow.stop();
    expect(runs).toBe(1);
    expect(await jobsOf(id!)).toMatchObject([{ state: "done", attempts: 1 }]);
  });

  it("retries a failing test with backoff, then leaves it failed with its error", async () => {
    const [id] = services(1);
    await enqueue(id!);
    const waits: number[] = [];
    let runs = 0;
    const failing = {
      run: async () => {
        runs += 1;
        throw new Error(`provider exploded (run ${runs})`);
      },
      backoffMs: (attempts: number) => {
        waits.push(attempts);
        return 0;
      },
    };
    await drain(failing);
    expect(runs).toBe(3);
    expect(waits).toEqual([1, 2, 3]);
    const [job] = await jobsOf(id!);
    expect(job).toMatchObject({ state: "failed", attempts: 3, lastError: "Error: provider exploded (run 3)" });
    expect(job!.finishedAt).not.toBeNull();
    // A failed job is not run again.
    await drain(failing);
    expect(runs).toBe(3);
    // A new approval owes a new job (the failed one stays as history).
    expect(await enqueue(id!)).toBe(true);
    expect((await jobsOf(id!)).map((j) => j.state)).toEqual(["failed", "pending"]);
  });

  it("a retry waits its backoff; a failure then a success ends done", { timeout: 60_000 }, async () => {
    const [id] = services(1);
    await enqueue(id!);
    let runs = 0;
    const flaky = {
      run: async (serviceId: string, trigger: TestJobTrigger) => {
        runs += 1;
        if (runs === 1) throw new Error("first run fails");
        return testService(serviceId, trigger);
      },
      backoffMs: () => 400,
    };
    await drain(flaky);
    expect(runs).toBe(1);
    const [waiting] = await jobsOf(id!);
    expect(waiting).toMatchObject({ state: "pending", attempts: 1, lastError: "Error: first run fails" });
    expect(waiting!.dueAt.getTime()).toBeGreaterThan(Date.now());
    await new Promise((r) => setTimeout(r, 500));
    await drain(flaky);
    expect(runs).toBe(2);
    expect(await jobsOf(id!)).toMatchObject([{ state: "done", outcome: "tested", attempts: 2 }]);
  });

  it("a test over today's budget is tried again the next UTC day (an attempt), nothing spent", async () => {
    const [id] = services(1);
    await enqueue(id!);
    env.TEST_BUDGET_USD_PER_DAY = 0;
    try {
      await drain({});
    } finally {
      env.TEST_BUDGET_USD_PER_DAY = 1000;
    }
    const [job] = await jobsOf(id!);
    expect(job).toMatchObject({ state: "pending", attempts: 1, leasedBy: null });
    expect(job!.lastError).toMatch(/budget/);
    const untilTomorrow = msUntilNextUtcDay();
    expect(Math.abs(job!.dueAt.getTime() - (Date.now() + untilTomorrow))).toBeLessThan(5_000);
    const tests = await db.serviceTest.findMany({ where: { serviceId: id } });
    expect(tests.map((t) => [t.outcome, t.spentAtomic])).toEqual(tests.map(() => ["skipped-budget", BigInt(0)]));
    expect((await db.service.findUniqueOrThrow({ where: { id } })).testStatus).not.toMatch(/^tested/);
  });

  it("purges finished jobs older than the retention, and never a pending one", async () => {
    const [id] = services(1);
    await db.serviceTestJob.create({
      data: { serviceId: id!, trigger: "approval", state: "done", outcome: "tested", finishedAt: new Date(0) },
    });
    await db.serviceTestJob.create({
      data: { serviceId: id!, trigger: "terms_change", state: "failed", finishedAt: new Date() },
    });
    await db.serviceTestJob.create({ data: { serviceId: id!, trigger: "approval", createdAt: new Date(0) } });
    // The scheduled retention's purge (server/retention/): 30 days after a job finished.
    const purge = RETENTION_JOBS.find((j) => j.name === "service_test_jobs")!;
    expect((await purge.run({ observerAnswerDays: 30, probeDays: 30, pauseMs: 0 })).purged).toBe(1);
    expect((await jobsOf(id!)).map((j) => j.state).sort()).toEqual(["failed", "pending"]);
  });
});

describe("enqueueing", () => {
  it("adds one pending job per service and trigger, whatever the concurrent enqueues", async () => {
    const [id] = services(1);
    const added = await Promise.all(Array.from({ length: 12 }, () => enqueue(id!)));
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await enqueue(id!, "terms_change")).toBe(true);
    const jobs = await jobsOf(id!);
    expect(jobs.map((j) => [j.trigger, j.state, j.rerun]).sort()).toEqual([
      ["approval", "pending", false],
      ["terms_change", "pending", false],
    ]);
  });

  it("an event while the job runs makes it run once more after it ends", async () => {
    const [id] = services(1);
    await enqueue(id!);
    const leased = await leaseTestJob("worker-a", 30_000);
    expect(leased?.serviceId).toBe(id);
    // Its twin waits behind it (one service is not tested twice at once).
    await enqueue(id!, "terms_change");
    expect(await leaseTestJob("worker-b", 30_000)).toBeNull();
    expect(await enqueue(id!)).toBe(false);
    expect(await enqueue(id!)).toBe(false);
    expect(await finishTestJob("worker-a", leased!.id, "tested")).toBe(true);
    const [again] = await jobsOf(id!);
    expect(again).toMatchObject({ state: "pending", rerun: false, attempts: 0, leasedBy: null, finishedAt: null });
  });

  it("no job for an unknown service or trigger (the table's constraints)", async () => {
    await expect(enqueue("no-such-service")).rejects.toThrow();
    const [id] = services(1);
    await expect(enqueue(id!, "operator" as TestJobTrigger)).rejects.toThrow();
    expect(await jobsOf(id!)).toEqual([]);
  });
});

describe("a payment-terms change", () => {
  async function offerOf(serviceId: string) {
    return db.offer.findFirstOrThrow({
      where: { serviceId, protocol: "x402" },
      select: { id: true, payTo: true, network: true, asset: true, priceAtomic: true, dynamicPrice: true },
    });
  }
  const catalogued = (o: Awaited<ReturnType<typeof offerOf>>) => ({
    payTo: o.payTo,
    network: o.network,
    asset: o.asset,
    priceAtomic: o.priceAtomic,
    dynamicPrice: o.dynamicPrice,
  });
  const observed = (o: Awaited<ReturnType<typeof offerOf>>, change: { payTo?: string; amountAtomic?: string }) => ({
    payTo: change.payTo ?? o.payTo!,
    network: o.network!,
    asset: o.asset!,
    amountAtomic: change.amountAtomic ?? String(o.dynamicPrice ? o.priceAtomic - 1 : o.priceAtomic + 1),
    scheme: "exact",
  });

  it("a noted price change enqueues a re-test of a tested service only; a blocking one waits for the confirmation", async () => {
    const [tested, untested, blocked] = services(3);
    for (const id of [tested!, blocked!])
      await db.serviceTest.create({
        data: {
          serviceId: id,
          offerId: (await offerOf(id)).id,
          trigger: "operator",
          outcome: "output",
          finishedAt: new Date(),
        },
      });
    for (const id of [tested!, untested!]) {
      const o = await offerOf(id);
      await noteTermsChange(o.id, catalogued(o), observed(o, {}));
    }
    expect(await jobsOf(tested!)).toMatchObject([{ trigger: "terms_change", state: "pending" }]);
    expect(await jobsOf(untested!)).toEqual([]);

    const o = await offerOf(blocked!);
    await noteTermsChange(
      o.id,
      catalogued(o),
      observed(o, { payTo: "0x" + "ee".repeat(20), amountAtomic: String(o.priceAtomic) }),
    );
    expect(await jobsOf(blocked!)).toEqual([]);
    const change = await db.offerTermsChange.findFirstOrThrow({ where: { offerId: o.id, resolvedAt: null } });
    expect(change.blocking).toBe(true);
    // The operator confirms the new payee: the offer routes again, and the tested service is owed a test.
    await confirmTerms(await createPerson("operator"), { changeId: change.id });
    expect(await jobsOf(blocked!)).toMatchObject([{ trigger: "terms_change", state: "pending" }]);
  });

  it("a confirmation of an untested service's change enqueues nothing", async () => {
    const [id] = services(1);
    const o = await offerOf(id!);
    await noteTermsChange(o.id, catalogued(o), observed(o, { payTo: "0x" + "ee".repeat(20) }));
    const change = await db.offerTermsChange.findFirstOrThrow({ where: { offerId: o.id, resolvedAt: null } });
    await confirmTerms(await createPerson("operator"), { changeId: change.id });
    expect(await jobsOf(id!)).toEqual([]);
  });
});

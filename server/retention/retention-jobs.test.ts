// The scheduled purges on a real database: per table, rows past their retention go and fresh ones
// stay; a run stops at its batch bound and says so; two runs at once (two instances) split the rows
// without purging one twice or failing; and a pass leases each job to one instance.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, sqlQuery } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { KEY_RETENTION_MS } from "@/server/idempotent-write";
import { createPerson } from "@/server/reviews/test-actors";
import { RETENTION_JOBS, type RetentionJob, type RetentionSettings } from "./retention-jobs";
import { retentionPass } from "./run-retention";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SETTINGS: RetentionSettings = { observerAnswerDays: 30, probeDays: 30, pauseMs: 0 };
const job = (name: string): RetentionJob => RETENTION_JOBS.find((j) => j.name === name)!;

/** One table's fixture: inserts a row (past its retention or not) under a tag, counts a tag's rows. */
interface Fixture {
  insert(tag: string, old: boolean): Promise<void>;
  count(tag: string): Promise<number>;
}

let listingId: string | undefined;
async function testListing(): Promise<string> {
  listingId ??= (
    await db.listing.create({
      data: { ownerKey: `token:${randomUUID()}`, resourceUrls: ["https://example.com/x"], draft: {}, probes: [] },
    })
  ).id;
  return listingId;
}
let personId: string | undefined;
const testPerson = async () => (personId ??= (await createPerson()).personId);
let serviceId: string | undefined;
const testService = async () =>
  (serviceId ??= (await db.service.findFirstOrThrow({ select: { id: true }, orderBy: { id: "asc" } })).id);

const FIXTURES: Record<string, Fixture> = {
  observed_answers: {
    async insert(tag, old) {
      await db.observedCall.create({
        data: {
          offerId: tag,
          serviceId: "svc",
          tokenId: randomUUID(),
          idempotencyKey: randomUUID(),
          fingerprint: "f",
          method: "GET",
          state: "completed",
          status: 200,
          outcome: "provider",
          latencyMs: 12,
          responseHeaders: [["content-type", "application/json"]],
          responseBody: Buffer.from('{"ok":true}'),
          completedAt: new Date(Date.now() - (old ? 31 : 29) * DAY),
        },
      });
    },
    // Rows whose answer is still stored (a purged call's record stays: checked below).
    count: (tag) => db.observedCall.count({ where: { offerId: tag, answerPurgedAt: null } }),
  },
  write_requests: {
    async insert(tag, old) {
      await db.writeRequest.create({
        data: {
          actorKey: tag,
          key: randomUUID(),
          operation: "x",
          fingerprint: "f",
          status: 200,
          response: "{}",
          createdAt: new Date(Date.now() - KEY_RETENTION_MS + (old ? -60_000 : 60_000)),
        },
      });
    },
    count: (tag) => db.writeRequest.count({ where: { actorKey: tag } }),
  },
  rate_limits: {
    async insert(tag, old) {
      await db.rateLimit.create({
        data: { key: `${tag}:${randomUUID()}`, points: 1, expire: BigInt(Date.now() + (old ? -10 * 60_000 : 60_000)) },
      });
    },
    count: (tag) => db.rateLimit.count({ where: { key: { startsWith: `${tag}:` } } }),
  },
  wallet_sign_in_nonces: {
    async insert(tag, old) {
      const expiresAt = new Date(Date.now() + (old ? -2 * HOUR : -30 * 60_000));
      await db.walletSignInNonce.create({
        data: { nonce: `${tag}:${randomUUID()}`, issuedAt: new Date(expiresAt.getTime() - 300_000), expiresAt },
      });
    },
    count: (tag) => db.walletSignInNonce.count({ where: { nonce: { startsWith: `${tag}:` } } }),
  },
  listing_payee_challenges: {
    async insert(tag, old) {
      const expiresAt = new Date(Date.now() + (old ? -2 * HOUR : 10 * 60_000));
      await db.listingPayeeChallenge.create({
        data: {
          nonce: `${tag}:${randomUUID()}`,
          listingId: await testListing(),
          payTo: "0x0000000000000000000000000000000000000001",
          typedData: {},
          issuedAt: new Date(expiresAt.getTime() - 600_000),
          expiresAt,
        },
      });
    },
    count: (tag) => db.listingPayeeChallenge.count({ where: { nonce: { startsWith: `${tag}:` } } }),
  },
  sessions: {
    async insert(tag, old) {
      await db.session.create({
        data: {
          id: `${tag}:${randomUUID()}`,
          token: randomUUID(),
          userId: await testPerson(),
          expiresAt: new Date(Date.now() + (old ? -2 * DAY : -HOUR)),
        },
      });
    },
    count: (tag) => db.session.count({ where: { id: { startsWith: `${tag}:` } } }),
  },
  verifications: {
    async insert(tag, old) {
      await db.verification.create({
        data: {
          id: `${tag}:${randomUUID()}`,
          identifier: tag,
          value: "v",
          expiresAt: new Date(Date.now() + (old ? -2 * DAY : HOUR)),
        },
      });
    },
    count: (tag) => db.verification.count({ where: { identifier: tag } }),
  },
  service_test_jobs: {
    async insert(tag, old) {
      await db.serviceTestJob.create({
        data: {
          serviceId: await testService(),
          trigger: "approval",
          state: "done",
          outcome: "tested",
          lastError: tag,
          finishedAt: new Date(Date.now() - (old ? 31 : 29) * DAY),
        },
      });
    },
    count: (tag) => db.serviceTestJob.count({ where: { lastError: tag } }),
  },
  offer_probes: {
    async insert(tag, old) {
      const offer = await db.offer.findFirstOrThrow({ where: { protocol: "x402" }, orderBy: { id: "asc" } });
      await db.offerProbe.create({
        data: {
          offerId: offer.id,
          verdict: "conformant",
          status: 402,
          latencyMs: 10,
          detail: tag,
          probedAt: new Date(Date.now() - (old ? 40 : 1) * DAY),
        },
      });
    },
    count: (tag) => db.offerProbe.count({ where: { detail: tag } }),
  },
};

describe("retention jobs", () => {
  it("cover every scheduled job with a fixture here", () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(RETENTION_JOBS.map((j) => j.name).sort());
  });

  it.each(Object.keys(FIXTURES))("%s: rows past the retention go, fresh ones stay", async (name) => {
    const fixture = FIXTURES[name]!;
    const tag = `t-${randomUUID()}`;
    for (let i = 0; i < 3; i++) await fixture.insert(`${tag}-old`, true);
    for (let i = 0; i < 2; i++) await fixture.insert(`${tag}-new`, false);
    const result = await job(name).run(SETTINGS);
    expect(result.purged).toBeGreaterThanOrEqual(3);
    expect(result.more).toBe(false);
    expect(await fixture.count(`${tag}-old`)).toBe(0);
    expect(await fixture.count(`${tag}-new`)).toBe(2);
  });

  it.each(Object.keys(FIXTURES).filter((n) => n !== "offer_probes"))(
    "%s: a run stops at its batch bound and says so; the next one goes on",
    async (name) => {
      const fixture = FIXTURES[name]!;
      const tag = `b-${randomUUID()}`;
      // Whatever other tests of this file left past the retention goes first.
      await job(name).run(SETTINGS);
      for (let i = 0; i < 5; i++) await fixture.insert(tag, true);
      const first = await job(name).run({ ...SETTINGS, batchSize: 2, maxBatches: 2 });
      expect(first).toEqual({ purged: 4, more: true });
      expect(await fixture.count(tag)).toBe(1);
      expect(await job(name).run({ ...SETTINGS, batchSize: 2, maxBatches: 2 })).toEqual({ purged: 1, more: false });
      expect(await fixture.count(tag)).toBe(0);
    },
  );

  it.each(Object.keys(FIXTURES).filter((n) => n !== "offer_probes"))(
    "%s: two runs at once purge each row once, and neither fails",
    async (name) => {
      const fixture = FIXTURES[name]!;
      const tag = `c-${randomUUID()}`;
      await job(name).run(SETTINGS);
      for (let i = 0; i < 40; i++) await fixture.insert(`${tag}-old`, true);
      await fixture.insert(`${tag}-new`, false);
      const runs = await Promise.all([
        job(name).run({ ...SETTINGS, batchSize: 3 }),
        job(name).run({ ...SETTINGS, batchSize: 3 }),
      ]);
      expect(runs[0]!.purged + runs[1]!.purged).toBe(40);
      expect(await fixture.count(`${tag}-old`)).toBe(0);
      expect(await fixture.count(`${tag}-new`)).toBe(1);
    },
  );

  it("offer_probes: two runs at once roll each raw probe up once", async () => {
    const fixture = FIXTURES.offer_probes!;
    const tag = `p-${randomUUID()}`;
    await job("offer_probes").run(SETTINGS);
    for (let i = 0; i < 6; i++) await fixture.insert(tag, true);
    const offer = await db.offer.findFirstOrThrow({ where: { protocol: "x402" }, orderBy: { id: "asc" } });
    const before = await db.offerProbeDay.aggregate({ where: { offerId: offer.id }, _sum: { probes: true } });
    const runs = await Promise.all([job("offer_probes").run(SETTINGS), job("offer_probes").run(SETTINGS)]);
    expect(runs[0]!.purged + runs[1]!.purged).toBe(6);
    const after = await db.offerProbeDay.aggregate({ where: { offerId: offer.id }, _sum: { probes: true } });
    expect((after._sum.probes ?? 0) - (before._sum.probes ?? 0)).toBe(6);
    expect(await fixture.count(tag)).toBe(0);
  });

  it("observed_answers keeps the call's record: only the body and headers go", async () => {
    const tag = `r-${randomUUID()}`;
    await FIXTURES.observed_answers!.insert(tag, true);
    await job("observed_answers").run(SETTINGS);
    const row = await db.observedCall.findFirstOrThrow({ where: { offerId: tag } });
    expect(row.responseBody).toBeNull();
    expect(row.responseHeaders).toBeNull();
    expect(row.answerPurgedAt).toBeInstanceOf(Date);
    expect([row.state, row.status, row.outcome, row.latencyMs]).toEqual(["completed", 200, "provider", 12]);
    // In flight, retryable or recent: untouched whatever their age.
    const claimed = new Date(Date.now() - 60 * DAY);
    for (const state of ["in_flight", "retryable"])
      await db.observedCall.create({
        data: {
          offerId: tag,
          serviceId: "svc",
          tokenId: randomUUID(),
          idempotencyKey: randomUUID(),
          fingerprint: "f",
          method: "GET",
          state,
          claimedAt: claimed,
          completedAt: state === "retryable" ? claimed : null,
        },
      });
    await job("observed_answers").run(SETTINGS);
    expect(await db.observedCall.count({ where: { offerId: tag, answerPurgedAt: null } })).toBe(2);
  });

  it("listing_payee_challenges keeps a consumed challenge: its proof references it", async () => {
    const nonce = `u-${randomUUID()}`;
    await db.listingPayeeChallenge.create({
      data: {
        nonce,
        listingId: await testListing(),
        payTo: "0x0000000000000000000000000000000000000002",
        typedData: {},
        issuedAt: new Date(Date.now() - 3 * DAY),
        expiresAt: new Date(Date.now() - 2 * DAY),
        consumedAt: new Date(Date.now() - 2 * DAY - HOUR),
      },
    });
    await job("listing_payee_challenges").run(SETTINGS);
    expect(await db.listingPayeeChallenge.count({ where: { nonce } })).toBe(1);
  });

  it("rate_limits never deletes a row without an expiry", async () => {
    const key = `n-${randomUUID()}`;
    await db.rateLimit.create({ data: { key, points: 1, expire: null } });
    await job("rate_limits").run(SETTINGS);
    expect(await db.rateLimit.count({ where: { key } })).toBe(1);
  });
});

describe("the retention schedule", () => {
  const OPTIONS = { ...SETTINGS, intervalMs: 3_600_000 };

  it("two instances' passes at once: each job runs on one of them, then is not due for the interval", async () => {
    await sqlQuery(Prisma.sql`DELETE FROM retention_jobs`);
    const [a, b] = await Promise.all([retentionPass("instance-a", OPTIONS), retentionPass("instance-b", OPTIONS)]);
    for (const { name } of RETENTION_JOBS) {
      expect([name in a!, name in b!].filter(Boolean), name).toHaveLength(1);
      expect("error" in (a![name] ?? b![name]!), name).toBe(false);
    }
    expect(await retentionPass("instance-c", OPTIONS)).toEqual({});
    const rows = await db.retentionJob.findMany();
    expect(rows).toHaveLength(RETENTION_JOBS.length);
    for (const row of rows) {
      expect(row.leasedBy).toBeNull();
      expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    }
  });

  it("a job whose run stopped at its bound is due again within a minute, and a failed one too", async () => {
    await sqlQuery(Prisma.sql`DELETE FROM retention_jobs`);
    const bounded: RetentionJob = { name: "test_bounded", run: async () => ({ purged: 10, more: true }) };
    const failing: RetentionJob = {
      name: "test_failing",
      run: async () => {
        throw new Error("boom");
      },
    };
    const ran = await retentionPass("instance-a", { ...OPTIONS, jobs: [bounded, failing] });
    expect(ran).toEqual({ test_bounded: { purged: 10, more: true }, test_failing: { error: "boom" } });
    for (const row of await db.retentionJob.findMany({ where: { job: { startsWith: "test_" } } })) {
      expect(row.nextRunAt.getTime()).toBeLessThan(Date.now() + 61_000);
      expect(row.leasedBy).toBeNull();
    }
  });

  it("a job leased by an instance that died is taken again once its lease ran out", async () => {
    const job: RetentionJob = { name: `test_lease_${randomUUID()}`, run: async () => ({ purged: 0, more: false }) };
    await db.retentionJob.create({
      data: { job: job.name, leasedBy: "dead", leasedUntil: new Date(Date.now() + 60_000) },
    });
    expect(await retentionPass("instance-a", { ...OPTIONS, jobs: [job] })).toEqual({});
    await db.retentionJob.update({ where: { job: job.name }, data: { leasedUntil: new Date(Date.now() - 1000) } });
    expect(await retentionPass("instance-a", { ...OPTIONS, jobs: [job] })).toEqual({
      [job.name]: { purged: 0, more: false },
    });
  });
});

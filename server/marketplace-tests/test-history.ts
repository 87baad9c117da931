// The marketplace's tests of one service as kept in service_tests (newest first), for its provider's
// page. Reads only: test-records.ts writes the rows.
import { db } from "../db";

export interface TestHistory {
  total: number;
  spentAtomic: bigint;
  recent: {
    id: string;
    offerId: string;
    trigger: string;
    outcome: string;
    status: number | null;
    latencyMs: number | null;
    excerpt: string | null;
    detail: string | null;
    spentAtomic: bigint;
    testedAt: Date;
    finishedAt: Date | null;
    reviewId: string | null;
  }[];
}

export async function serviceTestHistory(serviceId: string, limit = 20): Promise<TestHistory> {
  const [totals, recent] = await Promise.all([
    db.serviceTest.aggregate({ where: { serviceId }, _count: { _all: true }, _sum: { spentAtomic: true } }),
    db.serviceTest.findMany({
      where: { serviceId },
      orderBy: [{ testedAt: "desc" }, { id: "desc" }],
      take: limit,
      select: {
        id: true,
        offerId: true,
        trigger: true,
        outcome: true,
        status: true,
        latencyMs: true,
        excerpt: true,
        detail: true,
        spentAtomic: true,
        testedAt: true,
        finishedAt: true,
        reviewId: true,
      },
    }),
  ]);
  return { total: totals._count._all, spentAtomic: totals._sum.spentAtomic ?? 0n, recent };
}

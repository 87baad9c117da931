// "Verified call" reviews: a review written with a marketplace token that has made a paid call to
// the reviewed service through the observer. The mark is stored on the review (verified_call_at)
// and set from both sides with the same statement, each run AFTER its own write has committed:
// the observer after recording a paid call, review creation after the review commits. Whatever
// the interleaving, the later of the two sees the other's committed row, so no mark is missed
// (a check inside either transaction could miss a twin that commits at the same moment).
// The marketplace's own tester is never marked: its test review reports the test (testStatus,
// reviewUrl), and a verified call means an agent's purchase, which the marketplace's test is not.
import { TESTER_TOKEN_ID } from "../accounts/marketplace-tester-token";
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";

/** Whether `tokenId` has made a paid call to `serviceId` through the observer. */
export async function hasPaidCall(tokenId: string, serviceId: string, client: DbClient = db): Promise<boolean> {
  if (tokenId === TESTER_TOKEN_ID) return false;
  const rows = await client.$queryRaw<{ found: boolean }[]>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM observed_calls WHERE token_id = ${tokenId}::uuid AND service_id = ${serviceId} AND paid) AS found`,
  );
  return rows[0]?.found === true;
}

/** Marks the token's review of the service as a verified call, if the token has made a paid call
 * to it. One statement; call it after the paid call or the review has committed. */
export async function markVerifiedReviews(tokenId: string, serviceId: string, client: DbClient = db): Promise<number> {
  if (tokenId === TESTER_TOKEN_ID) return 0;
  return client.$executeRaw(Prisma.sql`
    UPDATE reviews SET verified_call_at = now()
    WHERE token_id = ${tokenId}::uuid AND service_id = ${serviceId} AND verified_call_at IS NULL
      AND EXISTS (SELECT 1 FROM observed_calls WHERE token_id = ${tokenId}::uuid AND service_id = ${serviceId} AND paid)`);
}

/** A service's published reviews and how many of them are verified calls, from one statement (so
 * the share's two numbers are of the same moment). */
export async function verifiedReviewShare(
  serviceId: string,
  client: DbClient = db,
): Promise<{ reviews: number; verified: number; share: number | null }> {
  const [row] = await client.$queryRaw<{ reviews: number; verified: number }[]>(Prisma.sql`
    SELECT count(*)::int AS reviews, (count(*) FILTER (WHERE verified_call_at IS NOT NULL))::int AS verified
    FROM reviews WHERE service_id = ${serviceId} AND status = 'published'`);
  const reviews = row?.reviews ?? 0;
  const verified = row?.verified ?? 0;
  return { reviews, verified, share: reviews === 0 ? null : Math.round((verified / reviews) * 10_000) / 10_000 };
}

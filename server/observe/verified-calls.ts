// "Verified call" reviews: a review written with a marketplace token that has made a paid call to
// the reviewed service through the observer. The mark is stored on the review (verified_call_at)
// and set from both sides, so neither order of "review, then paid call" or "paid call, then
// review" misses it: the observer marks existing reviews when it records a paid call, and
// create-review marks a new review when a paid call exists.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { DbClient } from "../transaction";

/** Whether `tokenId` has made a paid call to `serviceId` through the observer. */
export async function hasPaidCall(tokenId: string, serviceId: string, client: DbClient = db): Promise<boolean> {
  const rows = await client.$queryRaw<{ found: boolean }[]>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM observed_calls WHERE token_id = ${tokenId}::uuid AND service_id = ${serviceId} AND paid) AS found`,
  );
  return rows[0]?.found === true;
}

/** After a paid call is recorded: mark the token's review of the service, if any (one statement). */
export async function markVerifiedReviews(tokenId: string, serviceId: string, client: DbClient = db): Promise<number> {
  return client.$executeRaw(
    Prisma.sql`UPDATE reviews SET verified_call_at = now() WHERE token_id = ${tokenId}::uuid AND service_id = ${serviceId} AND verified_call_at IS NULL`,
  );
}

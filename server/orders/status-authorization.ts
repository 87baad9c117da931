// The private credential of a queued order (decisions.md §5): derived from a secret shared by every
// instance and the order id, so a replayed purchase answer can carry it again without it being
// stored; only its SHA-256 is kept on the order, and a presented value is compared in constant time.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { sharedSecret } from "../accounts/shared-secret";

const SECRET_NAME = "order-status-authorization";
const PREFIX = "osa_";

export async function statusAuthorizationFor(orderId: string): Promise<string> {
  const secret = await sharedSecret(SECRET_NAME);
  return PREFIX + createHmac("sha256", secret).update(`order-status:v1:${orderId}`).digest("base64url");
}

export const hashStatusAuthorization = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/** Whether `presented` is the credential whose hash is `storedHash` (constant time). */
export function statusAuthorizationMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashStatusAuthorization(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

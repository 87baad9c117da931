// A queued purchase's answer as the purchase ledger stores it: without the order's private status
// credential (decisions.md §5), which is an HMAC of the order id and so is derived again for every
// replay. The ledger (and its backups) then holds nothing that polls an order; the order keeps only
// the credential's hash. The credential's place stays in the stored text (as null), so the answer
// derived again is byte for byte the first one.
import { statusAuthorizationFor } from "./status-authorization";

const FIELD = '"statusAuthorization":';
const SEALED = `${FIELD}null`;

interface AnswerOrder {
  order?: { id?: unknown; statusAuthorization?: unknown };
}

/** The answer without its status credential (an answer that carries none is stored as it is). */
export function sealOrderAnswer(body: string): string {
  const credential = (JSON.parse(body) as AnswerOrder).order?.statusAuthorization;
  if (typeof credential !== "string") return body;
  // Only the order has this key, and a key cannot occur inside a JSON string (its quotes would be escaped).
  return body.replace(FIELD + JSON.stringify(credential), () => SEALED);
}

/** The answer as it was sent: its status credential derived again from the order id. */
export async function unsealOrderAnswer(stored: string): Promise<string> {
  const order = (JSON.parse(stored) as AnswerOrder).order;
  // Stored before answers were sealed (credential in clear), or no order: as it is.
  if (order?.statusAuthorization !== null || typeof order.id !== "string") return stored;
  const credential = await statusAuthorizationFor(order.id);
  return stored.replace(SEALED, () => FIELD + JSON.stringify(credential));
}

// Rate limits on writes (reviews, comments, likes, favourites, tokens): per account or marketplace
// token, and per client address, both counted in PostgreSQL so every instance shares them. The REST
// routes and the tRPC mutations both call this; the first refusal wins.
import { rateLimitsEnabled, freeLimiter } from "./free-limits";
import type { RateDecision } from "./free-limiter";
import { delayRefusal } from "./refusal-delay";

/** Counts one write by `actorKey` ("person:<id>" or "token:<id>") from `clientAddress`; undefined
 * when limits are switched off. A refusal resolves only after the refusal delay. */
export async function admitWrite(actorKey: string, clientAddress: string): Promise<RateDecision | undefined> {
  if (!rateLimitsEnabled) return undefined;
  let decision = await freeLimiter("writes").consume(actorKey);
  if (decision.allowed) {
    const byAddress = await freeLimiter("writes_ip").consume(clientAddress);
    if (!byAddress.allowed) decision = byAddress;
  }
  await delayRefusal(decision);
  return decision;
}

// Rate limits on writes (reviews, comments, likes, favourites, tokens): per account or marketplace
// token, and per client address, both counted in PostgreSQL so every instance shares them. The REST
// routes and the tRPC mutations both call this; the first refusal wins.
import { rateLimitsEnabled, freeLimiter } from "./free-limits";
import type { RateDecision } from "./free-limiter";

/** Counts one write by `actorKey` ("person:<id>" or "token:<id>") from `clientAddress`; undefined
 * when limits are switched off. */
export async function admitWrite(actorKey: string, clientAddress: string): Promise<RateDecision | undefined> {
  if (!rateLimitsEnabled) return undefined;
  const byActor = await freeLimiter("writes").consume(actorKey);
  if (!byActor.allowed) return byActor;
  const byAddress = await freeLimiter("writes_ip").consume(clientAddress);
  return byAddress.allowed ? byActor : byAddress;
}

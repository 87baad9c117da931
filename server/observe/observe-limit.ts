// The observer's rate limit: calls per marketplace token per minute (RATE_LIMIT_OBSERVE_PER_MINUTE),
// counted in PostgreSQL so every instance shares it, with the same per-instance cap, in-memory
// refusals and refusal delay as the free routes (server/limits).
import { freeLimiter, rateLimitsEnabled } from "../limits/free-limits";
import type { RateDecision } from "../limits/free-limiter";
import { delayRefusal } from "../limits/refusal-delay";

export async function admitObservedCall(tokenId: string): Promise<RateDecision | undefined> {
  if (!rateLimitsEnabled) return undefined;
  const decision = await freeLimiter("observe").consume(`token:${tokenId}`);
  await delayRefusal(decision);
  return decision;
}

// A refused request is answered only after RATE_LIMIT_REFUSAL_DELAY_MS (never past its Retry-After):
// a client hammering over one connection then sends one request per delay instead of hundreds per
// second, each of which would queue on the one JS thread. Every limiter's admit function applies it.
import { setTimeout } from "node:timers/promises";
import { env } from "../env";
import type { RateDecision } from "./free-limiter";

export async function delayRefusal(decision: RateDecision | undefined): Promise<void> {
  if (decision && !decision.allowed)
    await setTimeout(Math.min(env.RATE_LIMIT_REFUSAL_DELAY_MS, decision.resetS * 1000));
}

// Rate-limit refusals, by the limiter's group (server/limits/free-limits.ts's names, and the sign-in
// throttle's "sign_in"): counted where the limiter decides, so every route and tRPC count alike.
import { metrics } from "./metrics";

export function countRateLimitRefusal(limiter: string): void {
  metrics().rateLimitRefusals.inc({ limiter });
}

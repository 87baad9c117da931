import { json, route } from "@/server/http/respond";
import { checkHealth } from "@/server/health";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { timedHandler } from "@/server/metrics/http-metrics";

export const GET = timedHandler(
  "/api/health",
  // The request is unused, but named: the timing wrapper reads its method, so callers pass one.
  route(async (_request: Request) => {
    const health = await checkHealth();
    return json(health, { status: health.ok ? 200 : 503 });
  }),
);

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);

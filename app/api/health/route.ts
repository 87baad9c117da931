import { json, route } from "@/server/http/respond";
import { checkHealth } from "@/server/health";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { timedHandler } from "@/server/metrics/http-metrics";

export const GET = timedHandler(
  "/api/health",
  route(async () => {
    const health = await checkHealth();
    return json(health, { status: health.ok ? 200 : 503 });
  }),
);

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);

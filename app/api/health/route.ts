import { json, route } from "@/server/http/respond";
import { checkHealth } from "@/server/health";

export const GET = route(async () => {
  const health = await checkHealth();
  return json(health, { status: health.ok ? 200 : 503 });
});

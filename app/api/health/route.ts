import { json, route } from "@/server/http/respond";
import { checkHealth } from "@/server/health";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = route(async () => {
  const health = await checkHealth();
  return json(health, { status: health.ok ? 200 : 503 });
});

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);

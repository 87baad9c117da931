// GET /metrics: Prometheus metrics for operators, behind METRICS_BEARER_TOKEN (server/http/metrics-route.ts).
import { metricsRoutes } from "@/server/http/metrics-route";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = metricsRoutes();

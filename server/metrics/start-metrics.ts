// At server start (instrumentation.ts): the registry is created then, so the default process metrics
// cover the whole run, and the loopback listener starts when METRICS_PORT is set.
import { env } from "../env";
import { logger } from "../logger";
import { metrics } from "./metrics";
import { startMetricsListener } from "./metrics-listener";

export function startMetrics(): void {
  metrics();
  if (env.METRICS_PORT === undefined) return;
  startMetricsListener(env.METRICS_PORT).then(
    ({ port }) => logger.info({ port }, "metrics listening on 127.0.0.1"),
    (err: unknown) => logger.error({ err, port: env.METRICS_PORT }, "metrics listener could not start"),
  );
}

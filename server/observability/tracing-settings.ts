// Whether this process traces: off unless the standard OTEL_* variables ask for an exporter. The
// OpenTelemetry SDK on its own would export over OTLP to localhost whenever it is started; here it
// is started only when OTEL_TRACES_EXPORTER names an exporter (otlp, console, zipkin) or an OTLP
// endpoint is set, and never with OTEL_SDK_DISABLED=true. The SDK reads every other OTEL_* variable
// itself (docs/configuration.md lists the ones that matter here).
import { env as appEnv } from "../env";

type Env = Partial<
  Record<
    | "OTEL_SDK_DISABLED"
    | "OTEL_TRACES_EXPORTER"
    | "OTEL_EXPORTER_OTLP_ENDPOINT"
    | "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
    | "OTEL_SERVICE_NAME"
    | "OTEL_RESOURCE_ATTRIBUTES",
    string
  >
>;

const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === "true";
const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "" && s !== "null");

export function tracingRequested(env: Env = appEnv): boolean {
  if (isTrue(env.OTEL_SDK_DISABLED)) return false;
  const exporters = listOf(env.OTEL_TRACES_EXPORTER);
  if (exporters[0] === "none") return false;
  if (exporters.length > 0) return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** The service name spans are reported under, unless OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names one. */
export const DEFAULT_SERVICE_NAME = "agent-payment-marketplace";

export function serviceNameSet(env: Env = appEnv): boolean {
  return (
    Boolean(env.OTEL_SERVICE_NAME?.trim()) || /(?:^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? "")
  );
}

// OpenTelemetry tracing through the official Node SDK, started by instrumentation.ts before anything
// else loads (so pg is instrumented when the app first requires it), and only when asked for
// (tracing-settings.ts). The spans: Next.js's own (the request, continuing an incoming traceparent
// through the SDK's W3C propagator), the purchase and its phases (server/payments/purchase-timing.ts),
// the facilitator's verify and settle, every pg statement, and every outbound fetch/undici call
// (the observer, the probes, an HTTP facilitator). No span attribute carries a secret: statements
// are recorded without their parameters, outbound URLs without their query, and our own spans name
// only ids, products, methods and codes.
import { NodeSDK } from "@opentelemetry/sdk-node";
import type { SpanProcessor } from "@opentelemetry/sdk-trace";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { DEFAULT_SERVICE_NAME, serviceNameSet, tracingRequested } from "./tracing-settings";

/** The URL of an outbound call without its query (an agent's input, a provider's parameters). */
export function urlWithoutQuery(origin: string, path: string): string {
  const end = path.search(/[?#]/);
  return origin + (end === -1 ? path : path.slice(0, end));
}

function instrumentations() {
  return [
    new UndiciInstrumentation({
      requestHook(span, request) {
        span.setAttribute("url.full", urlWithoutQuery(request.origin, request.path));
        if (/[?#]/.test(request.path)) span.setAttribute("url.query", "[redacted]");
      },
    }),
    // enhancedDatabaseReporting stays off: statements only, never their values. Only statements
    // inside a span (a request, a purchase, the reconciler's): the background jobs' polling every few
    // seconds would otherwise be a stream of one-span traces.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
  ];
}

let started: NodeSDK | undefined;

/**
 * Starts the SDK: from the OTEL_* environment (exporter, endpoint, sampler, service name), or with
 * the given span processors (tests: an in-memory exporter). Undefined when tracing is off.
 */
export function startTracing(options: { spanProcessors?: SpanProcessor[] } = {}): NodeSDK | undefined {
  if (started) return started;
  if (!options.spanProcessors && !tracingRequested()) return undefined;
  const sdk = new NodeSDK({
    instrumentations: instrumentations(),
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    ...(serviceNameSet() ? {} : { serviceName: DEFAULT_SERVICE_NAME }),
    // Traces only: metrics and logs have their own ways here (the JSON log lines).
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  started = sdk;
  return sdk;
}

/** Flushes and stops the SDK (tests; the process's exit). */
export async function stopTracing(): Promise<void> {
  const sdk = started;
  started = undefined;
  await sdk?.shutdown();
}

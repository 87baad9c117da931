// Our own spans (the purchase's phases, the facilitator's calls): no-ops costing next to nothing
// while tracing is off (the API's default tracer), real spans under the SDK (tracing.ts). A span's
// attributes are ids, names and codes only, never a payload, a header or a credential.
import { SpanStatusCode, trace, type Attributes } from "@opentelemetry/api";

const tracer = trace.getTracer("agent-payment-marketplace");

/** Runs `work` in a span named `name`; a rejection marks the span as an error (with the error's name only). */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    if (!span.isRecording()) {
      span.end();
      return work();
    }
    return work().then(
      (value) => {
        span.end();
        return value;
      },
      (err: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : "error" });
        span.end();
        throw err;
      },
    );
  });
}

/** Adds attributes to the active span (the purchase's, where purchase-flow.ts learns its product and method). */
export function annotateSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

// JSON logs. Every line written while a request is handled carries its `requestId` (the mixin reads
// the request context request-id-hook.mjs entered), and, while tracing is on, the active span's
// trace and span ids. No secret reaches a line: credentials are redacted by path wherever they are
// logged, and the written line itself is scrubbed of anything shaped like one (log-secrets.ts).
import { trace } from "@opentelemetry/api";
import pino, { type DestinationStream, type LoggerOptions } from "pino";
import { env } from "./env";
import { currentRequestId } from "./observability/request-context";
import { scrubSecrets } from "./observability/log-secrets";

// Headers that carry a credential, as logged under any object's `headers`.
const SECRET_HEADERS = [
  "cookie",
  "set-cookie",
  "authorization",
  "payment-signature",
  "x-payment",
  "purchase-authorization",
  "x-marketplace-token",
  "x-marketplace-client-proof",
];
// Fields that are credentials whatever object holds them (top level and one level down).
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "apiKey",
  "secret",
  "signature",
  "paymentSignature",
  "authorization",
  "credential",
  "cookie",
];

export const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
];

/** The request's id and the active span, on every line (empty outside a request and a trace). */
function correlation(): Record<string, string> {
  const requestId = currentRequestId();
  const span = trace.getActiveSpan()?.spanContext();
  const fields: Record<string, string> = requestId ? { requestId } : {};
  if (span && span.traceFlags & 1) Object.assign(fields, { traceId: span.traceId, spanId: span.spanId });
  return fields;
}

/** The logger's options (tests build a logger with them on their own stream). */
export function loggerOptions(level: LoggerOptions["level"]): LoggerOptions {
  return {
    level,
    mixin: correlation,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    hooks: { streamWrite: scrubSecrets },
  };
}

export function createLogger(level: LoggerOptions["level"], stream?: DestinationStream): pino.Logger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}

export const logger = createLogger(env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL);

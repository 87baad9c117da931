// Bounds of the tRPC endpoint: at most TRPC_MAX_BATCH procedures per call (tRPC's own maxBatchSize
// answers 400 before any runs), a capped query string (413) and body (a procedure reading past the
// cap fails with 413; today every procedure is a query, and tRPC answers a POST to one with 405
// without reading the body), and the per-client rate limit counted per procedure (429). Errors leave
// in tRPC's shape, which the UI's client understands, with `data.appCode` from server/errors.ts and
// the RateLimit-* headers of the REST routes.
import { TRPCError } from "@trpc/server";
import type { TRPCRequestInfo } from "@trpc/server/http";
import { AppError } from "../errors";
import { MAX_BODY_BYTES } from "../input/json-body";
import type { RateDecision } from "../limits/free-limiter";
import { admitFree, rateLimitHeaders, rateLimitMessage } from "./rate-limit";

export const TRPC_MAX_BATCH = 10;
/** The query string of a GET (its `input` holds every call's input); Node itself refuses ~16 KiB. */
export const TRPC_MAX_QUERY_BYTES = 8192;
export const TRPC_MAX_BODY_BYTES = MAX_BODY_BYTES;

const tooLarge = (message: string) =>
  new TRPCError({ code: "PAYLOAD_TOO_LARGE", message, cause: new AppError("payload_too_large", message) });

/** One request's guard: `admit` runs as the context is created (after the batch size check, before
 * any input is parsed or procedure runs); `headers` feeds responseMeta. */
export function trpcRequestLimits(req: Request) {
  let decision: RateDecision | undefined;
  return {
    async admit(info: TRPCRequestInfo): Promise<void> {
      if (Buffer.byteLength(info.url?.search ?? "") > TRPC_MAX_QUERY_BYTES)
        throw tooLarge(`The query string is larger than ${TRPC_MAX_QUERY_BYTES} bytes.`);
      decision = await admitFree("trpc", req.headers, Math.max(1, info.calls.length));
      if (decision && !decision.allowed) {
        const message = rateLimitMessage(decision);
        throw new TRPCError({ code: "TOO_MANY_REQUESTS", message, cause: new AppError("rate_limited", message) });
      }
    },
    headers: (): Record<string, string> => (decision ? rateLimitHeaders(decision) : {}),
  };
}

/** The request with its body cut off past TRPC_MAX_BODY_BYTES, whatever Content-Length said. */
export function withCappedBody(req: Request): Request {
  if (!req.body) return req;
  let size = 0;
  const cap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > TRPC_MAX_BODY_BYTES)
        controller.error(tooLarge(`The body is larger than ${TRPC_MAX_BODY_BYTES} bytes.`));
      else controller.enqueue(chunk);
    },
  });
  return new Request(req, { body: req.body.pipeThrough(cap), duplex: "half" } as RequestInit);
}

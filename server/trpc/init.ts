// tRPC setup: context (the signed-in person, the client address), the AppError -> tRPC code
// mapping, and the procedures: public, member (401 without a session), operator (403 for members).
// Every mutation, whatever its procedure, takes only JSON from the site's own origin and counts
// against the write limits of its actor.
import { initTRPC, TRPCError } from "@trpc/server";
import { cache } from "react";
import { z } from "zod";
import { actorKey } from "../accounts/actor";
import { actorFromHeaders, type HumanActor } from "../accounts/session-actor";
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS, databaseFailure } from "../database-outage";
import { env } from "../env";
import { AppError, ERROR_TABLE, toIssues, type ErrorCode } from "../errors";
import { isJsonContentType } from "../input/json-content-type";
import { clientAddress } from "../http/client-address";
import { rateLimitHeaders, rateLimitMessage } from "../http/rate-limit";
import { fromSiteOrigin } from "../http/site-origin";
import type { RateDecision } from "../limits/free-limiter";
import { admitWrite } from "../limits/write-limits";
import { logger } from "../logger";

/** The person signed in on this request; an outage while reading the session is a 503, not "signed out". */
async function sessionActor(headers: Headers): Promise<HumanActor | null> {
  try {
    return await actorFromHeaders(headers);
  } catch (err) {
    const failure = databaseFailure(err);
    if (!failure) throw err;
    throw new TRPCError({
      code: ERROR_TABLE[failure.error.code].trpc,
      message: failure.error.message,
      cause: failure.error,
    });
  }
}

export const createTRPCContext = cache(async (opts?: { headers?: Headers }) => {
  const headers = opts?.headers ?? new Headers();
  return {
    headers,
    actor: await sessionActor(headers),
    clientAddress: clientAddress(headers),
    // The write-limit decision of this request's mutations, for the answer's RateLimit-* headers.
    writeLimit: { decision: undefined as RateDecision | undefined },
  };
});
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const INTERNAL_MESSAGE = "Something went wrong on our side.";

// tRPC's own refusals (a bad batch or input, an unsupported Content-Type, GET on a mutation, an
// unknown procedure) carry our code for them, so clients read one `appCode` whoever refused.
const CODE_BY_TRPC: Partial<Record<string, ErrorCode>> = {
  BAD_REQUEST: "invalid_request",
  NOT_FOUND: "not_found",
  METHOD_NOT_SUPPORTED: "method_not_allowed",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
};

const t = initTRPC.context<TRPCContext>().create({
  // Stack traces go to clients only in development (tRPC's default is "not production").
  isDev: env.NODE_ENV === "development",
  errorFormatter({ shape, error, path }) {
    const cause = error.cause;
    if (cause instanceof AppError || cause instanceof z.ZodError || error.code !== "INTERNAL_SERVER_ERROR") {
      const issues =
        cause instanceof AppError ? cause.issues : cause instanceof z.ZodError ? toIssues(cause.issues) : undefined;
      return {
        ...shape,
        data: {
          ...shape.data,
          appCode: cause instanceof AppError ? cause.code : (CODE_BY_TRPC[error.code] ?? null),
          issues: issues ?? null,
        },
      };
    }
    // Anything else is ours: the message may carry a whole Prisma invocation (query, arguments),
    // so the client gets a fixed text and the log gets the error.
    logger.error({ err: cause ?? error, path }, "unhandled error in tRPC procedure");
    return { ...shape, message: INTERNAL_MESSAGE, data: { ...shape.data, appCode: "internal_error", issues: null } };
  },
});

// Services throw AppError; middleware results carry errors rather than throwing them, so the
// mapping rewrites the failed result instead of wrapping next() in try/catch.
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError)
      result.error = new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
    else if (cause instanceof z.ZodError)
      result.error = new TRPCError({ code: "BAD_REQUEST", message: "The input is not valid.", cause });
    else {
      const failure = databaseFailure(cause);
      if (failure) {
        logger.warn({ err: { name: cause?.name, message: String(cause?.message).slice(0, 300) } }, failure.error.code);
        result.error = new TRPCError({
          code: ERROR_TABLE[failure.error.code].trpc,
          message: failure.error.message,
          cause: failure.error,
        });
      }
    }
  }
  return result;
});

/** For the fetch adapter's `responseMeta`: a 503 for an outage or a full pool tells the client when to retry. */
export function trpcResponseMeta({ errors, ctx }: { errors: readonly TRPCError[]; ctx?: Partial<TRPCContext> }): {
  headers?: Record<string, string>;
} {
  const codes = new Set(errors.map((e) => (e.cause instanceof AppError ? e.cause.code : undefined)));
  if (codes.has("database_unavailable")) return { headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } };
  if (codes.has("server_busy")) return { headers: { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) } };
  // A refused write answers with the write limit's headers (Retry-After included), not the reads'.
  const write = ctx?.writeLimit?.decision;
  if (write && !write.allowed) return { headers: rateLimitHeaders(write) };
  return {};
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// CSRF defence in depth besides SameSite=Lax cookies: a form or another site can send neither a JSON
// Content-Type without a preflight nor our Origin. No Origin at all is refused too (tRPC's client in
// a browser always sends one with a POST).
const guardMutations = t.middleware(async ({ type, ctx, next }) => {
  if (type !== "mutation") return next();
  if (!fromSiteOrigin(ctx.headers))
    throw new AppError("forbidden", "Changes are accepted only from the marketplace's own pages.");
  if (!isJsonContentType(ctx.headers.get("content-type")))
    throw new AppError("unsupported_media_type", "Send changes as JSON (Content-Type: application/json).");
  if (ctx.actor) {
    const decision = await admitWrite(actorKey(ctx.actor), ctx.clientAddress);
    ctx.writeLimit.decision = decision;
    if (decision && !decision.allowed) throw new AppError("rate_limited", rateLimitMessage(decision));
  }
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors).use(guardMutations);

/** A signed-in person (401 otherwise); `ctx.actor` is the human actor. */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError("unauthorized", "Sign in to do this.");
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

/** A signed-in operator (401 signed out, 403 for members). */
export const operatorProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "operator") throw new AppError("forbidden", "Only marketplace operators may do this.");
  return next();
});

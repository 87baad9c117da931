// tRPC setup: context, the AppError -> tRPC code mapping, and the base procedure.
import { initTRPC, TRPCError } from "@trpc/server";
import { cache } from "react";
import { z } from "zod";
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS, databaseFailure } from "../database-outage";
import { env } from "../env";
import { AppError, ERROR_TABLE, toIssues } from "../errors";
import { logger } from "../logger";

export const createTRPCContext = cache(async (opts?: { headers?: Headers }) => ({ headers: opts?.headers ?? new Headers() }));
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const INTERNAL_MESSAGE = "Something went wrong on our side.";

const t = initTRPC.context<TRPCContext>().create({
  // Stack traces go to clients only in development (tRPC's default is "not production").
  isDev: env.NODE_ENV === "development",
  errorFormatter({ shape, error, path }) {
    const cause = error.cause;
    if (cause instanceof AppError || cause instanceof z.ZodError || error.code !== "INTERNAL_SERVER_ERROR") {
      const issues = cause instanceof AppError ? cause.issues : cause instanceof z.ZodError ? toIssues(cause.issues) : undefined;
      return { ...shape, data: { ...shape.data, appCode: cause instanceof AppError ? cause.code : null, issues: issues ?? null } };
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
    if (cause instanceof AppError) result.error = new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
    else if (cause instanceof z.ZodError) result.error = new TRPCError({ code: "BAD_REQUEST", message: "The input is not valid.", cause });
    else {
      const failure = databaseFailure(cause);
      if (failure) {
        logger.warn({ err: { name: cause?.name, message: String(cause?.message).slice(0, 300) } }, failure.error.code);
        result.error = new TRPCError({ code: ERROR_TABLE[failure.error.code].trpc, message: failure.error.message, cause: failure.error });
      }
    }
  }
  return result;
});

/** For the fetch adapter's `responseMeta`: a 503 for an outage or a full pool tells the client when to retry. */
export function trpcResponseMeta({ errors }: { errors: readonly TRPCError[] }): { headers?: Record<string, string> } {
  const codes = new Set(errors.map((e) => (e.cause instanceof AppError ? e.cause.code : undefined)));
  if (codes.has("database_unavailable")) return { headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } };
  if (codes.has("server_busy")) return { headers: { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) } };
  return {};
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapAppErrors);

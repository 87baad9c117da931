// tRPC setup: context, the AppError -> tRPC code mapping, and the base procedure.
import { initTRPC, TRPCError } from "@trpc/server";
import { cache } from "react";
import { z } from "zod";
import { AppError, ERROR_TABLE, toIssues } from "../errors";

export const createTRPCContext = cache(async (opts?: { headers?: Headers }) => ({ headers: opts?.headers ?? new Headers() }));
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const t = initTRPC.context<TRPCContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const issues = cause instanceof AppError ? cause.issues : cause instanceof z.ZodError ? toIssues(cause.issues) : undefined;
    return { ...shape, data: { ...shape.data, appCode: cause instanceof AppError ? cause.code : null, issues: issues ?? null } };
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
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapAppErrors);

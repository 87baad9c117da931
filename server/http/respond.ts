// REST helpers: every error leaves as JSON with a status, never as an HTML 500 page.
import { z } from "zod";
import { databaseFailure } from "../database-outage";
import { AppError, statusOf, toIssues, type ErrorCode, type Issue } from "../errors";
import { logger } from "../logger";

export function json(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, init);
}

/** `{error, message, issues?}` with the code's status from the error table. */
export function errorJson(code: ErrorCode, message: string, issues?: Issue[], headers?: HeadersInit): Response {
  return json(issues ? { error: code, message, issues } : { error: code, message }, {
    status: statusOf(code),
    headers,
  });
}

export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) return errorJson(err.code, err.message, err.issues);
  if (err instanceof z.ZodError) return errorJson("invalid_request", "The request is not valid.", toIssues(err.issues));
  const failure = databaseFailure(err);
  if (failure) {
    const { error, retryAfterSeconds } = failure;
    logger.warn(
      { err: { name: (err as Error).name, message: String((err as Error).message).slice(0, 300) } },
      error.code,
    );
    return errorJson(error.code, error.message, undefined, { "retry-after": String(retryAfterSeconds) });
  }
  logger.error({ err }, "unhandled error in route");
  return errorJson("internal_error", "Something went wrong on our side.");
}

/** Wraps a route handler so thrown AppErrors and zod errors become JSON responses. */
export function route<A extends unknown[]>(
  handler: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/** Parses URL query parameters with a zod schema; repeated keys keep their last value and an
 * empty value (`?q=`, as an HTML form sends it) counts as absent. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string | URL): z.infer<S> {
  const params = Object.fromEntries([...new URL(url).searchParams.entries()].filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(params);
  if (!parsed.success)
    throw new AppError("invalid_request", "The query parameters are not valid.", toIssues(parsed.error.issues));
  return parsed.data;
}

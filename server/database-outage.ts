// Recognises "the database cannot be reached right now" among thrown errors, whichever layer threw
// them (Prisma's engine, its pg driver adapter, pg itself, the socket), so that the REST and tRPC
// edges answer 503 database_unavailable with Retry-After instead of a 500 that blames the request.
import { isDatabaseBusy } from "./db";
import { AppError } from "./errors";

// Prisma: can't reach (P1001), connect timeout (P1002), socket timeout (P1008), server closed the
// connection (P1017), pool timeout (P2024), too many connections (P2037).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
// The kinds @prisma/adapter-pg gives the same failures before Prisma maps them to the codes above.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// PostgreSQL: admin/crash shutdown and "cannot connect now" (57P01-57P03), too many connections.
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// pg raises these without a code: a connection lost mid-query, a connect timeout, a database that
// refuses connections (ALLOW_CONNECTIONS false, SQLSTATE 55000 shared with unrelated errors), and a
// query sent on a connection that was already lost (a transaction's next statement after a restart).
const MESSAGES =
  /Connection terminated|is not queryable|connection timeout|timeout exceeded when trying to connect|not currently accepting connections|Can't reach database server|Server has closed the connection|terminating connection due to|the database system is (starting up|shutting down|in recovery mode)/i;

const isSqlState = (code: string) => code.startsWith("08") || SQLSTATES.has(code);

function matches(e: Record<string, unknown>): boolean {
  if (e.name === "PrismaClientInitializationError") return true;
  for (const key of ["code", "originalCode"] as const) {
    const code = e[key];
    if (
      typeof code === "string" &&
      (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isSqlState(code)))
    )
      return true;
  }
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  for (const key of ["message", "originalMessage"] as const)
    if (typeof e[key] === "string" && MESSAGES.test(e[key])) return true;
  return false;
}

/** True when `err` (or an error it wraps) says the database is unreachable or went away. */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Follows `cause`, Prisma's `meta.driverAdapterError` and AggregateError's `errors`, a bounded number of steps.
  const queue: unknown[] = [err];
  for (let seen = 0; queue.length > 0 && seen < 20; seen++) {
    const e = queue.shift();
    if (!e || typeof e !== "object") continue;
    const r = e as Record<string, unknown>;
    if (matches(r)) return true;
    queue.push(r.cause, (r.meta as Record<string, unknown> | undefined)?.driverAdapterError);
    if (Array.isArray(r.errors)) queue.push(...r.errors.slice(0, 5));
  }
  return false;
}

/** Seconds a client should wait before retrying during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a client should wait when every connection was in use (the database itself is fine). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The answer for a database failure, or undefined for any other error: 503 server_busy when no
 * connection of the pool freed up in time (a healthy database, an instance at capacity), else 503
 * database_unavailable when the database cannot be reached. Busy is checked first: pg-pool's queue
 * timeout reads like a connection failure.
 */
export function databaseFailure(err: unknown): { error: AppError; retryAfterSeconds: number } | undefined {
  if (isDatabaseBusy(err))
    return {
      error: new AppError("server_busy", "Every database connection is in use. Retry after Retry-After seconds."),
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    };
  if (isDatabaseUnavailable(err))
    return {
      error: new AppError("database_unavailable", "The database is unavailable. Retry shortly."),
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  return undefined;
}

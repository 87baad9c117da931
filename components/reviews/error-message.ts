import { TRPCClientError } from "@trpc/client";

/** What to tell a person whose change failed: the server's own message for a refusal it explained
 * (too long, rate limited, signed out), a fixed text otherwise. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof TRPCClientError) {
    const data = err.data as { appCode?: string | null; httpStatus?: number } | undefined;
    if (data?.appCode === "unauthorized") return "Your session has ended. Sign in again to continue.";
    if (data?.httpStatus && data.httpStatus < 500 && err.message) return err.message;
  }
  return fallback;
}

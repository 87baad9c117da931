// better-auth's browser client: its endpoints under /api/auth on this same origin.
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();

/** The message to show for a failed better-auth call (our 429 and 4xx bodies carry one too). */
export function authErrorMessage(
  error: { message?: string; status?: number } | null | undefined,
  fallback: string,
): string {
  if (error?.status === 429) return error.message ?? "Too many attempts. Wait a minute and try again.";
  return error?.message || fallback;
}

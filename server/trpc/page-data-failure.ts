// What a page does when the data it needs could not be loaded on the server: the thing does not
// exist (404), the address asks for something invalid (the page says so), or the data is
// unavailable (the database is away or the service failed: never "not found").
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { AppError } from "../errors";

export type PageDataFailure =
  { kind: "not_found" } | { kind: "invalid_input"; message: string } | { kind: "unavailable" };

export function classifyPageDataFailure(err: unknown): PageDataFailure {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (cause instanceof AppError) {
    if (cause.status === 404) return { kind: "not_found" };
    if (cause.status === 400) return { kind: "invalid_input", message: cause.message };
  }
  if (cause instanceof z.ZodError) return { kind: "invalid_input", message: "The request is not valid." };
  return { kind: "unavailable" };
}

/** The digest the "unavailable" error reaches the error boundary with (Next.js keeps a set digest). */
export const PAGE_DATA_UNAVAILABLE = "PAGE_DATA_UNAVAILABLE";

export class PageDataUnavailableError extends Error {
  readonly digest = PAGE_DATA_UNAVAILABLE;
  constructor(cause: unknown) {
    super("The page's data could not be loaded.", { cause });
    this.name = "PageDataUnavailableError";
  }
}

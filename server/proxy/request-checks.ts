// What proxy.ts refuses before any route runs: methods a route does not serve, and addresses no
// page or endpoint can mean (percent-escapes that are not UTF-8, NUL). Next.js itself answers
// these with a 500 (TRACE, an undecodable dynamic segment) or passes them to the database (NUL).
import type { ErrorCode } from "../errors";

export interface Refusal {
  code: Extract<ErrorCode, "invalid_request" | "method_not_allowed">;
  message: string;
  allow?: string;
}

/** Pages are read with GET (HEAD); there are no server actions, so nothing posts to a page. */
export const PAGE_METHODS = ["GET", "HEAD"] as const;
/**
 * No endpoint echoes a request (TRACE, TRACK) or opens a tunnel (CONNECT); every other method is the
 * route's own business. A fetch `Request` cannot even hold TRACE or TRACK, so Next.js fails on them
 * before proxy.ts runs: refuse-untraceable-methods.ts answers those in the server process.
 */
export const NEVER_SERVED = new Set(["TRACE", "TRACK", "CONNECT"]);

/** The agent-readable docs (app/llms.txt, app/docs.md, app/docs/[file]): text, not pages. */
const TEXT_DOCUMENT = /^\/(?:llms\.txt|docs\.md|docs\/[^/]+\.md)$/;

/** Machine-readable answers (the API, the OpenAPI document, the markdown docs, the Prometheus metrics):
 * JSON refusals, no page CSP, and every method reaches the route (which answers its own 405, or 404). */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === "/api" ||
    pathname === "/metrics" ||
    pathname.startsWith("/api/") ||
    pathname === "/openapi.json" ||
    pathname.startsWith("/.well-known/") ||
    TEXT_DOCUMENT.test(pathname)
  );
}

export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith("/_next/");
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const NUL = /%00|\u0000/i;

export function refuseRequest(method: string, pathname: string, search: string): Refusal | undefined {
  const page = !isApiPath(pathname) && !isAssetPath(pathname);
  if (NEVER_SERVED.has(method) || (page && !(PAGE_METHODS as readonly string[]).includes(method))) {
    return {
      code: "method_not_allowed",
      message: `${method} is not supported here.`,
      allow: page ? PAGE_METHODS.join(", ") : undefined,
    };
  }
  if (!decodes(pathname))
    return { code: "invalid_request", message: "The address has a percent-escape that is not valid UTF-8." };
  if (NUL.test(pathname) || NUL.test(search))
    return { code: "invalid_request", message: "The address contains a NUL character." };
  return undefined;
}

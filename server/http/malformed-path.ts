// Paths whose percent-encoding does not decode to UTF-8 (/api/reviews/%FF%FE, /api/catalog/services/%C0%AF):
// Next.js fails to decode such a dynamic segment before any route code runs and answers a
// text/plain 500. proxy.ts (the Next.js middleware) sees the request first and answers them
// here: 400 JSON under /api. Dependency-free so that the proxy bundle stays small.

/** True when `pathname` (still percent-encoded) is not valid percent-encoded UTF-8. */
export function isUndecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The answer for an /api path that cannot be decoded, or undefined for any other path. */
export function malformedApiPathResponse(pathname: string): Response | undefined {
  if (!(pathname === "/api" || pathname.startsWith("/api/")) || !isUndecodablePath(pathname)) return undefined;
  return Response.json(
    {
      error: "invalid_request",
      message: "The path is not valid percent-encoded UTF-8.",
      issues: [{ path: "(path)", message: "Percent-encode the path's characters as UTF-8 bytes (encodeURIComponent)." }],
    },
    { status: 400 },
  );
}

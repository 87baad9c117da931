// JSON (and text) answers with a strong ETag from the body's bytes, and 304 Not Modified when the client
// already holds them (If-None-Match). Hashing the body is always right, whatever changed the data.
import { createHash } from "node:crypto";

/** True when an If-None-Match value names `etag` (or is `*`). Weak and strong forms compare equal (RFC 9110 weak comparison). */
function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

export function etagJson(body: unknown, ifNoneMatch: string | null, cacheControl: string): Response {
  return etagText(JSON.stringify(body), "application/json", ifNoneMatch, cacheControl);
}

/** Any text answer (the markdown docs, llms.txt) the same way: its bytes' hash is its ETag. */
export function etagText(
  text: string,
  contentType: string,
  ifNoneMatch: string | null,
  cacheControl: string,
): Response {
  const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
  const headers = { ETag: etag, "Cache-Control": cacheControl };
  if (ifNoneMatch && ifNoneMatch.length <= 8192 && matches(ifNoneMatch, etag))
    return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers: { ...headers, "Content-Type": contentType } });
}

import { openApiDocument } from "@/server/http/openapi-document";

// BASE_URL is read at run time, so the document is not prerendered at build time.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(openApiDocument().json, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

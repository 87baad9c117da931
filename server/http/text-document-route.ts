// The routes of the agent-readable docs (/llms.txt, /docs.md, /docs/<tag>.md): GET (and HEAD) answer the
// text with an ETag of its bytes (304 on If-None-Match) and a short public cache, like /openapi.json;
// every other method is a JSON 405 with Allow. The text comes from the page's own renderer, handed in.
import { AppError } from "../errors";
import { etagText } from "./etag-response";
import { methodNotAllowed } from "./method-not-allowed";
import { errorResponse, route } from "./respond";

export const MARKDOWN = "text/markdown; charset=utf-8";
// As /openapi.json: the text changes only with a deployment or BASE_URL.
const CACHE_CONTROL = "public, max-age=300";

/** `render` returns the text for the request's path, or undefined for a path it has no document for (404). */
export function textDocumentRoutes<C>(render: (context: C) => string | undefined | Promise<string | undefined>) {
  // Next.js hands a dynamic route its params as the second argument; the static ones take none.
  const GET = route(async (request: Request, context?: C) => {
    const text = await render(context as C);
    if (text === undefined)
      return errorResponse(new AppError("not_found", `No document at ${new URL(request.url).pathname}.`));
    return etagText(text, MARKDOWN, request.headers.get("if-none-match"), CACHE_CONTROL);
  });
  return { GET, ...methodNotAllowed(["GET"]) };
}

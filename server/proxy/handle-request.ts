// The request edge for every path (proxy.ts): refuse what no route serves, answer 503 for pages
// whose database is away, and put the security headers (with a per-request CSP nonce for pages)
// on everything else as it passes through to the route.
import { NextResponse, type NextRequest } from "next/server";
import type { DatabaseGate } from "./database-gate";
import { htmlAnswer, jsonAnswer, type PlainAnswer } from "./plain-answers";
import { isApiPath, isAssetPath, refuseRequest, type Refusal } from "./request-checks";
import {
  applySecurityHeaders,
  createNonce,
  NON_PAGE_CONTENT_SECURITY_POLICY,
  pageContentSecurityPolicy,
} from "./security-headers";

/** Pages that show data from the database: `/`, `/services`, `/services/{slug}`, `/reviews/{id}`,
 * `/account`, `/operator` and the operator pages under it (those would otherwise take an outage for "signed out"). */
const DATABASE_PAGE = /^\/(?:services(?:\/.*)?|reviews\/.*|account|operator(?:\/.*)?)?$/;

/** Seconds a browser or crawler should wait before asking again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function refusalAnswer(refusal: Refusal): PlainAnswer {
  if (refusal.code === "method_not_allowed") {
    return {
      code: refusal.code,
      title: "Method not allowed",
      message: refusal.message,
      headers: refusal.allow ? { Allow: refusal.allow } : undefined,
    };
  }
  return {
    code: refusal.code,
    title: "Not a valid address",
    message: refusal.message,
    link: { href: "/services", label: "Browse services" },
  };
}

/** JSON for the API, a small HTML page otherwise; with the security headers. */
function answerResponse(answer: PlainAnswer, api: boolean): Response {
  if (api) {
    const response = jsonAnswer(answer);
    applySecurityHeaders(response.headers, NON_PAGE_CONTENT_SECURITY_POLICY);
    return response;
  }
  const nonce = createNonce();
  const response = htmlAnswer(answer, nonce);
  applySecurityHeaders(response.headers, pageContentSecurityPolicy(nonce));
  return response;
}

/** The answer to a request no route may see (bad method or address), if it is one. */
export function refusalResponse(method: string, pathname: string, search: string): Response | undefined {
  const refusal = refuseRequest(method, pathname, search);
  return refusal && answerResponse(refusalAnswer(refusal), isApiPath(pathname));
}

function unavailableAnswer(request: NextRequest): PlainAnswer {
  return {
    code: "service_unavailable",
    title: "Temporarily unavailable",
    message:
      "The marketplace cannot reach its database right now, so this page cannot be shown. Please try again in a moment.",
    headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    link: { href: request.nextUrl.pathname + request.nextUrl.search, label: "Try again" },
  };
}

export async function handleRequest(request: NextRequest, gate: () => DatabaseGate): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const api = isApiPath(pathname);
  const page = !api && !isAssetPath(pathname);

  const refused = refusalResponse(request.method, pathname, search);
  if (refused) return refused;
  if (page && DATABASE_PAGE.test(pathname) && !(await gate().reachable()))
    return answerResponse(unavailableAnswer(request), false);

  if (!page) {
    const response = NextResponse.next();
    applySecurityHeaders(response.headers, NON_PAGE_CONTENT_SECURITY_POLICY);
    return response;
  }
  // Next.js reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const csp = pageContentSecurityPolicy(createNonce());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  applySecurityHeaders(response.headers, csp);
  return response;
}

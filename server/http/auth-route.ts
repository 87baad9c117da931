// The REST edge of better-auth (/api/auth/*): what our other routes guarantee, around its handler.
// Every POST (sign-up, sign-in, sign-out, password change) counts against the `auth` limit per
// client address (429 JSON + Retry-After), and email sign-ins against the account's own throttle
// (server/limits/sign-in-throttle.ts: a run of failures locks it, 429 + Retry-After); bodies are capped, JSON only, nested at most 64 levels and
// free of text PostgreSQL cannot store, checked before better-auth parses them; its error bodies
// gain our `error` code next to its own `code` and `message`, which its client reads.
import { authFailures, getAuth } from "../accounts/auth";
import { databaseFailure } from "../database-outage";
import { sqlQuery } from "../db";
import { AppError, type ErrorCode } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { parseJsonBody } from "../input/json-body";
import { isJsonContentType } from "../input/json-content-type";
import { unstorableTextPath, UNSTORABLE_TEXT_MESSAGE } from "../input/storable-text";
import { signInThrottle, type SignInThrottle } from "../limits/sign-in-throttle";
import { admitFree, rateLimitedResponse, rateLimitHeaders } from "./rate-limit";
import { readBodyText } from "./read-body";
import { errorJson, errorResponse, json } from "./respond";

/** Sign-up and sign-in bodies are a few hundred bytes. */
export const AUTH_MAX_BODY_BYTES = 8 * 1024;

// better-auth's error statuses and the code each one reads as here. Explicit: the table has codes
// for 422 and 503 that mean something better-auth never says (its 422 is "already exists" and
// "could not create": plain refusals of the input).
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "invalid_request",
  429: "rate_limited",
};

const codeFor = (status: number): ErrorCode =>
  CODE_BY_STATUS[status] ?? (status >= 500 ? "internal_error" : "invalid_request");

async function checkedBody(request: Request): Promise<string | undefined> {
  if (request.method !== "POST") return undefined;
  const text = await readBodyText(request, AUTH_MAX_BODY_BYTES);
  if (text.trim() === "") return text;
  if (!isJsonContentType(request.headers.get("content-type")))
    throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  const path = unstorableTextPath(parseJsonBody(text));
  if (path)
    throw new AppError("invalid_request", "The request is not valid.", [{ path, message: UNSTORABLE_TEXT_MESSAGE }]);
  return text;
}

const FALLBACK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  not_found: "No such authentication endpoint.",
  method_not_allowed: "This authentication endpoint does not take that method.",
};

// better-auth puts the session token in the JSON of sign-in, sign-up and get-session too; the site
// needs only its HttpOnly cookie, and a token in a body is one a script (or a log) can read.
// better-auth 1.7 has no option to leave it out (docs/decisions.md "People and accounts").
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.ok || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body = (await response.json().catch(() => null)) as {
    token?: unknown;
    session?: { token?: unknown } | null;
  } | null;
  if (body && typeof body === "object") {
    delete body.token;
    if (body.session && typeof body.session === "object") delete body.session.token;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

async function withErrorCode(response: Response): Promise<Response> {
  if (response.status < 400) return withoutSessionToken(response);
  const isJson = (response.headers.get("content-type") ?? "").includes("application/json");
  const body = isJson
    ? ((await response.json().catch(() => null)) as Record<string, unknown> | null)
    : (await response.body?.cancel(), null);
  const shaped = {
    error: codeFor(response.status),
    message:
      typeof body?.message === "string"
        ? body.message
        : (FALLBACK_MESSAGES[codeFor(response.status)] ?? "The request was refused."),
    ...(body ?? {}),
  };
  if (typeof body?.error === "string") shaped.error = body.error as ErrorCode;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  return json(shaped, { status: response.status, headers });
}

/** The error a trivial statement fails with right now, if any. */
const databaseProbe = (): Promise<unknown> =>
  sqlQuery(Prisma.sql`SELECT 1`).then(
    () => undefined,
    (err: unknown) => err,
  );

const SIGN_IN_PATH = "/api/auth/sign-in/email";

/** The email a password sign-in names, if this is one (any other request: undefined). */
function signInEmail(request: Request, body: string | undefined): string | undefined {
  // better-auth's router ignores a trailing slash: so does this check.
  if (
    request.method !== "POST" ||
    body === undefined ||
    body.trim() === "" ||
    new URL(request.url).pathname.replace(/\/+$/, "") !== SIGN_IN_PATH
  )
    return undefined;
  const email = (JSON.parse(body) as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email : undefined;
}

const accountLocked = (retryAfterS: number) =>
  errorJson(
    "rate_limited",
    `Too many failed sign-ins for this email address. Retry after ${retryAfterS} s.`,
    undefined,
    { "Retry-After": String(retryAfterS) },
  );

/** better-auth's answer to a password sign-in, counted against the account. */
async function throttledSignIn(
  throttle: SignInThrottle,
  email: string,
  signIn: () => Promise<Response>,
): Promise<Response> {
  const admission = await throttle.admit(email);
  if (!admission.allowed) return accountLocked(admission.retryAfterS);
  const answer = await signIn();
  if (answer.ok) await throttle.succeeded(email);
  // 401 is better-auth's "invalid email or password", for unknown accounts too.
  else if (answer.status === 401) await throttle.failed(email, admission.attempt);
  return answer;
}

export async function handleAuthRequest(request: Request): Promise<Response> {
  const decision = request.method === "POST" ? await admitFree("auth", request.headers) : undefined;
  if (decision && !decision.allowed) return rateLimitedResponse(decision);
  let response: Response;
  try {
    const body = await checkedBody(request);
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    const auth = await getAuth();
    const failure: { error?: unknown } = {};
    const call = () =>
      authFailures.run(failure, () =>
        auth.handler(new Request(request.url, { method: request.method, headers, body, signal: request.signal })),
      );
    const email = signInEmail(request, body);
    const throttle = email === undefined ? undefined : signInThrottle();
    const answer = throttle ? await throttledSignIn(throttle, email!, call) : await call();
    // Its 500s: 503 + Retry-After when the database is away, else our JSON internal_error. Some
    // endpoints (get-session) turn the error into their own answer before we could see it: then a
    // probe of the database tells.
    const cause = answer.status >= 500 ? (failure.error ?? (await databaseProbe())) : undefined;
    response = cause !== undefined && databaseFailure(cause) ? errorResponse(cause) : await withErrorCode(answer);
  } catch (err) {
    response = errorResponse(err);
  }
  if (decision)
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
  return response;
}

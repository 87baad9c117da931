// The REST edge of the token API (/api/tokens) and wallet attachment, one shape for each:
//   1. who: X-Marketplace-Token (or `Authorization: Bearer <token>`), else the session cookie; a
//      cookie-authenticated write must come from the marketplace's own origin (CSRF); 401 without
//      either (`sessionOnly`: a token is not enough, the session is);
//   2. the write limits per actor and client address (429); reads count against the `auth` limit;
//   3. the body: 413 over 64 KiB before parsing, 415 unless JSON, depth and storable text, then zod (400).
import type { z } from "zod";
import { actorKey, type Actor } from "../accounts/actor";
import { authenticateToken } from "../accounts/marketplace-tokens";
import { actorFromHeaders } from "../accounts/session-actor";
import { AppError } from "../errors";
import { admitWrite } from "../limits/write-limits";
import { clientAddress } from "./client-address";
import { bearerCredential } from "./order-status-route";
import { admitFree, rateLimitedResponse, rateLimitHeaders } from "./rate-limit";
import { readJsonInput } from "./read-body";
import { errorResponse, json } from "./respond";
import { fromSiteOrigin } from "./site-origin";
import { TOKEN_HEADER } from "./token-write-route";

async function accountActor(request: Request, write: boolean, sessionOnly: boolean): Promise<Actor> {
  const token = sessionOnly
    ? undefined
    : (request.headers.get(TOKEN_HEADER) ?? bearerCredential(request.headers.get("authorization")));
  if (token) return authenticateToken(token);
  const person = await actorFromHeaders(request.headers);
  if (!person)
    throw new AppError(
      "unauthorized",
      sessionOnly
        ? "Sign in on the marketplace's pages first: this takes the session of the account."
        : "Send a marketplace token (X-Marketplace-Token) or sign in.",
    );
  if (write && !fromSiteOrigin(request.headers))
    throw new AppError("forbidden", "Changes with a session are accepted only from the marketplace's own pages.");
  return person;
}

export interface AccountRoute<P, I> {
  params: z.ZodType<P>;
  /** The JSON body (an empty body is `{}`); without a schema the body is not read. */
  body?: z.ZodType<I>;
  write: boolean;
  sessionOnly?: boolean;
  run: (actor: Actor, params: P, input: I) => Promise<{ status: number; body: unknown }>;
}

export function accountRoute<P, I>(spec: AccountRoute<P, I>) {
  return async (request: Request, context?: { params: Promise<unknown> }): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    try {
      const actor = await accountActor(request, spec.write, spec.sessionOnly ?? false);
      const decision = spec.write
        ? await admitWrite(actorKey(actor), clientAddress(request.headers))
        : await admitFree("auth", request.headers);
      if (decision) limitHeaders = rateLimitHeaders(decision);
      if (decision && !decision.allowed) return rateLimitedResponse(decision);
      const params = spec.params.parse((await context?.params) ?? {});
      const input = spec.body ? await readJsonInput(request, spec.body) : (undefined as I);
      const answer = await spec.run(actor, params, input);
      return json(answer.body, { status: answer.status, headers: { ...limitHeaders, "Cache-Control": "no-store" } });
    } catch (err) {
      const res = errorResponse(err);
      for (const [name, value] of Object.entries(limitHeaders)) res.headers.set(name, value);
      return res;
    }
  };
}

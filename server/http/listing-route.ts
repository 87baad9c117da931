// The REST edge of the listing routes (server/listings/), one shape for each:
//   1. who: X-Marketplace-Token (or `Authorization: Bearer <token>`), else the session cookie; a
//      cookie-authenticated write must come from the marketplace's own origin (CSRF); 401 without either;
//   2. the write limits per account/token and client address (429), reads the catalog's read limit;
//   3. the body: 413 over 64 KiB before parsing, 415 unless JSON, depth and storable text, then zod (400);
//   4. an answer the service already serialised (an idempotent write's stored bytes) is sent as it is,
//      with `Idempotent-Replayed: true` when it is a replay.
// The service decides the rest (404 for another owner's listing, 409 for a state that does not allow it).
import type { z } from "zod";
import { actorKey, type Actor } from "../accounts/actor";
import { authenticateToken } from "../accounts/marketplace-tokens";
import { actorFromHeaders } from "../accounts/session-actor";
import { AppError } from "../errors";
import type { WriteAnswer } from "../idempotent-write";
import { admitWrite } from "../limits/write-limits";
import { clientAddress } from "./client-address";
import { bearerCredential } from "./order-status-route";
import { admitFree, rateLimitedResponse, rateLimitHeaders } from "./rate-limit";
import { readJsonInput } from "./read-body";
import { fromSiteOrigin } from "./site-origin";
import { errorResponse, json } from "./respond";
import { REPLAY_HEADER, TOKEN_HEADER } from "./token-write-route";

async function listingActor(request: Request, write: boolean): Promise<Actor> {
  const token = request.headers.get(TOKEN_HEADER) ?? bearerCredential(request.headers.get("authorization"));
  if (token) return authenticateToken(token);
  const person = await actorFromHeaders(request.headers);
  if (!person)
    throw new AppError("unauthorized", "Send a marketplace token (X-Marketplace-Token) or sign in to manage listings.");
  if (write && !fromSiteOrigin(request.headers))
    throw new AppError("forbidden", "Changes with a session are accepted only from the marketplace's own pages.");
  return person;
}

export interface ListingRoute<P, I> {
  params: z.ZodType<P>;
  /** The JSON body (an empty body is `{}`); without a schema the body is not read. */
  body?: z.ZodType<I>;
  write: boolean;
  /** The request's headers are handed on for what the service takes explicitly (an Idempotency-Key). */
  run: (
    actor: Actor,
    params: P,
    input: I,
    headers: Headers,
  ) => Promise<{ status: number; body: unknown } | WriteAnswer>;
}

const serialised = (answer: { body: unknown } | WriteAnswer): answer is WriteAnswer => "replayed" in answer;

export function listingRoute<P, I>(spec: ListingRoute<P, I>) {
  return async (request: Request, context?: { params: Promise<unknown> }): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    try {
      const actor = await listingActor(request, spec.write);
      const decision = spec.write
        ? await admitWrite(actorKey(actor), clientAddress(request.headers))
        : await admitFree("catalog", request.headers);
      if (decision) limitHeaders = rateLimitHeaders(decision);
      if (decision && !decision.allowed) return rateLimitedResponse(decision);
      const params = spec.params.parse((await context?.params) ?? {});
      const input = spec.body ? await readJsonInput(request, spec.body) : (undefined as I);
      const answer = await spec.run(actor, params, input, request.headers);
      if (!serialised(answer)) return json(answer.body, { status: answer.status, headers: limitHeaders });
      return new Response(answer.body, {
        status: answer.status,
        headers: {
          "content-type": "application/json",
          ...limitHeaders,
          ...answer.headers,
          ...(answer.replayed ? { [REPLAY_HEADER]: "true" } : {}),
        },
      });
    } catch (err) {
      const res = errorResponse(err);
      for (const [name, value] of Object.entries(limitHeaders)) res.headers.set(name, value);
      return res;
    }
  };
}

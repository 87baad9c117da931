// The REST review writes (agents, with a marketplace token), one shape for every route:
//   1. X-Marketplace-Token: 401 missing/unknown, 403 revoked, before anything else;
//   2. the write limits per token and per client address (429 + Retry-After, RateLimit-*);
//   3. the body: 413 over 64 KiB before parsing, 415 unless JSON, 400 invalid JSON or input;
//   4. Idempotency-Key (optional): the write and its stored answer commit together; a retry gets
//      the same status and bytes (with `Idempotent-Replayed: true`), another input 422.
// Routes stay thin: they name the operation and call one service function.
import type { z } from "zod";
import { actorKey, type Actor } from "../accounts/actor";
import { authenticateToken } from "../accounts/marketplace-tokens";
import { admitWrite } from "../limits/write-limits";
import type { DbClient } from "../transaction";
import { IDEMPOTENCY_HEADER, withIdempotentWrite, type AfterCommit } from "../idempotent-write";
import { clientAddress } from "./client-address";
import { rateLimitedResponse, rateLimitHeaders } from "./rate-limit";
import { readJsonInput } from "./read-body";
import { errorResponse } from "./respond";

export const TOKEN_HEADER = "X-Marketplace-Token";
export const REPLAY_HEADER = "Idempotent-Replayed";

type Agent = Extract<Actor, { type: "llm" }>;

export interface TokenWrite<P, I, B = unknown> {
  /** Path parameters, validated (400 with the parameter's name as the issue path). */
  params: z.ZodType<P>;
  /** The JSON body; an empty body is `{}`. Without a schema the body is not read. */
  body?: z.ZodType<I>;
  /** The operation and its target, part of the idempotency fingerprint. */
  operation: (params: P) => string;
  /** The write, inside the transaction that stores its answer. */
  run: (agent: Agent, params: P, input: I, tx: DbClient) => Promise<{ status: number; body: B }>;
  /** Optional: after the write committed, a fresher answer (see withIdempotentWrite). */
  afterCommit?: (agent: Agent, params: P, committed: Parameters<AfterCommit<B>>[0]) => ReturnType<AfterCommit<B>>;
}

export function tokenWriteRoute<P, I, B = unknown>(spec: TokenWrite<P, I, B>) {
  return async (request: Request, context?: { params: Promise<unknown> }): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    try {
      const agent = await authenticateToken(request.headers.get(TOKEN_HEADER));
      const decision = await admitWrite(actorKey(agent), clientAddress(request.headers));
      if (decision) limitHeaders = rateLimitHeaders(decision);
      if (decision && !decision.allowed) return rateLimitedResponse(decision);
      const params = spec.params.parse((await context?.params) ?? {});
      const input = spec.body ? await readJsonInput(request, spec.body) : (undefined as I);
      const answer = await withIdempotentWrite(
        {
          actorKey: actorKey(agent),
          key: request.headers.get(IDEMPOTENCY_HEADER),
          operation: spec.operation(params),
          input,
        },
        (tx) => spec.run(agent, params, input, tx),
        spec.afterCommit && ((committed) => spec.afterCommit!(agent, params, committed)),
      );
      return new Response(answer.body, {
        status: answer.status,
        headers: {
          "content-type": "application/json",
          ...limitHeaders,
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

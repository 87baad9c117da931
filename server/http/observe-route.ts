// The REST edge of the observer route, GET|POST /api/x402/observe/{offerId}, every method through
// one handler so the checks run in one order (docs/decisions.md "Observer route"):
//   X-Marketplace-Token (401/403) → offer (404) → method (405, Allow: the offer's method) →
//   Idempotency-Key (400) → rate limit per token (429) → body (413 over the cap, before it is all
//   read; 415 unless a POST says JSON) → the call (server/observe/observe-call.ts).
// The observer's own refusals are `{error, message}` JSON; anything else is the provider's answer.
import { authenticateToken } from "../accounts/marketplace-tokens";
import { env } from "../env";
import { AppError } from "../errors";
import { idempotencyKeySchema } from "../input/idempotency-key";
import { isJsonContentType } from "../input/json-content-type";
import { admitObservedCall } from "../observe/observe-limit";
import { observeCall, type ObserverAnswer } from "../observe/observe-call";
import { findObservedOffer } from "../observe/observed-offer";
import { rateLimitedResponse } from "./rate-limit";
import { readBodyBytes } from "./read-body";
import { errorResponse } from "./respond";

export const TOKEN_HEADER = "X-Marketplace-Token";
export const REPLAY_HEADER = "Idempotent-Replayed";

// A status whose answer has no body (the Response constructor refuses one).
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function toResponse(answer: ObserverAnswer): Response {
  const headers = new Headers();
  for (const [name, value] of answer.headers) {
    try {
      headers.append(name, value);
    } catch {
      // a value Headers cannot hold: dropped (provider-headers.ts already drops the usual ones)
    }
  }
  if (answer.replayed) headers.set(REPLAY_HEADER, "true");
  return new Response(NULL_BODY.has(answer.status) || answer.body.length === 0 ? null : new Uint8Array(answer.body), {
    status: answer.status,
    headers,
  });
}

function methodNotAllowed(method: string, offerMethod: string): Response {
  const allow = `${offerMethod}, OPTIONS`;
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { allow } });
  const res = errorResponse(
    new AppError("method_not_allowed", `This offer is called with ${offerMethod}, not ${method}.`),
  );
  res.headers.set("allow", allow);
  return res;
}

async function observe(request: Request, context: { params: Promise<{ offerId: string }> }): Promise<Response> {
  try {
    const agent = await authenticateToken(request.headers.get(TOKEN_HEADER));
    const offer = await findObservedOffer((await context.params).offerId);
    if (request.method !== offer.method) return methodNotAllowed(request.method, offer.method);
    const key = idempotencyKeySchema.safeParse(request.headers.get("idempotency-key"));
    if (!key.success) {
      throw new AppError(
        "invalid_request",
        "Send a unique Idempotency-Key header with every call: 8 to 200 letters, digits or . _ : -",
        [
          {
            path: "Idempotency-Key",
            message: request.headers.has("idempotency-key") ? "Use 8 to 200 letters, digits or . _ : -" : "Required.",
          },
        ],
      );
    }
    const decision = await admitObservedCall(agent.tokenId);
    if (decision && !decision.allowed) return rateLimitedResponse(decision);
    let body: Buffer | null = null;
    const contentType = request.headers.get("content-type");
    if (offer.method === "POST") {
      const declared = Number(request.headers.get("content-length") ?? "0");
      if (declared > env.OBSERVER_MAX_REQUEST_BYTES)
        throw new AppError("payload_too_large", `The body is larger than ${env.OBSERVER_MAX_REQUEST_BYTES} bytes.`);
      body = await readBodyBytes(request, env.OBSERVER_MAX_REQUEST_BYTES);
      if (!isJsonContentType(contentType))
        throw new AppError(
          "unsupported_media_type",
          "This offer takes a JSON body: send it with Content-Type: application/json.",
        );
    }
    const answer = await observeCall({
      tokenId: agent.tokenId,
      offer,
      idempotencyKey: key.data,
      query: new URL(request.url).search,
      body,
      contentType: offer.method === "POST" ? contentType : null,
      accept: request.headers.get("accept"),
      paymentSignature: request.headers.get("payment-signature"),
      authorization: request.headers.get("authorization"),
    });
    return toResponse(answer);
  } catch (err) {
    return errorResponse(err);
  }
}

/** Every method of the route file: the offer decides which one is allowed. */
export function observerRoutes() {
  return {
    GET: observe,
    POST: observe,
    HEAD: observe,
    PUT: observe,
    DELETE: observe,
    PATCH: observe,
    OPTIONS: observe,
  };
}

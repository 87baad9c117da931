// GET /api/shop/orders/{id} with `Authorization: Bearer <statusAuthorization>` (decisions.md §5):
// 401 with a Bearer challenge when no Bearer credential is sent, then the service decides (200, or
// the same 404 for a wrong credential and an unknown order). Private answers: never cached.
import { AppError } from "../errors";
import { getOrderStatus } from "../orders/order-status";
import { rateLimited } from "./rate-limit";
import { errorResponse, json } from "./respond";

export const ORDER_STATUS_CHALLENGE = 'Bearer realm="order-status"';

// RFC 6750 §2.1: the scheme is case-insensitive; the credential is one token68 (here any
// non-space run: a malformed one is just a wrong one, answered 404 by the service).
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** The Bearer credential of an Authorization header, or undefined when there is none. */
export function bearerCredential(header: string | null): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

const unauthorized = () => {
  const res = errorResponse(
    new AppError(
      "unauthorized",
      "Send the order's statusAuthorization (from the purchase answer) as `Authorization: Bearer <statusAuthorization>`.",
    ),
  );
  res.headers.set("www-authenticate", ORDER_STATUS_CHALLENGE);
  return res;
};

const limited = rateLimited(
  "recovery",
  async (request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const credential = bearerCredential(request.headers.get("authorization"));
      if (credential === undefined) return unauthorized();
      const { id } = await context.params;
      return json({ ok: true, order: await getOrderStatus(id, credential) });
    } catch (err) {
      return errorResponse(err);
    }
  },
);

export function orderStatusRoute() {
  return {
    async GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
      const res = await limited(request, context);
      res.headers.set("cache-control", "no-store");
      return res;
    },
  };
}

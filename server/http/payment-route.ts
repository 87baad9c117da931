// REST glue for paid products: GET describes, POST purchases; the payment layer decides the rest.
import type { PaymentReply } from "../payments/purchase-reply";
import { describeProduct, purchaseProduct, readyDescription, readyUnsignedChallenge } from "../payments/purchase-flow";
import { paymentRuntime } from "../products/shop-runtime";
import { recoverPurchase } from "../payments/purchase-recovery";
import { RECOVERY_HEADER } from "../payments/purchase-recovery-authorization";
import { withPurchaseTiming } from "../payments/purchase-timing";
import type { ProductDefinition } from "../products/product";
import { readBodyText } from "./read-body";
import { rateLimited } from "./rate-limit";
import { errorResponse } from "./respond";

const toResponse = (r: PaymentReply) => new Response(r.body, { status: r.status, headers: r.headers });

// GET and an unsigned POST answer a built challenge synchronously (readyDescription): the 402 is
// most of a product's traffic, and each await of the async way costs it measurably under Next.js.
export function paidProductRoutes(product: ProductDefinition) {
  const describe = async (): Promise<Response> => {
    try {
      return toResponse(await describeProduct(paymentRuntime(), product));
    } catch (err) {
      return errorResponse(err);
    }
  };
  const purchase = async (request: Request): Promise<Response> => {
    try {
      return toResponse(
        await withPurchaseTiming(() =>
          purchaseProduct(paymentRuntime(), product, {
            method: "POST",
            path: product.path,
            paymentSignature: request.headers.get("payment-signature"),
            authorization: request.headers.get("authorization"),
            idempotencyKey: request.headers.get("idempotency-key"),
            readBody: () => readBodyText(request),
          }),
        ),
      );
    } catch (err) {
      return errorResponse(err);
    }
  };
  return {
    // Reads nothing from the request: payment credentials on a GET are ignored by design.
    GET(_request: Request): Response | Promise<Response> {
      try {
        const ready = readyDescription(paymentRuntime(), product);
        return ready ? toResponse(ready) : describe();
      } catch (err) {
        return errorResponse(err);
      }
    },
    POST(request: Request): Response | Promise<Response> {
      try {
        const payment = {
          paymentSignature: request.headers.get("payment-signature"),
          authorization: request.headers.get("authorization"),
        };
        const ready = readyUnsignedChallenge(paymentRuntime(), product, payment);
        return ready ? toResponse(ready) : purchase(request);
      } catch (err) {
        return errorResponse(err);
      }
    },
  };
}

/** GET /api/shop/purchases/{key}: a completed purchase's stored answer, for its payer's recovery signature. */
export function purchaseRecoveryRoute() {
  return {
    // Free, so limited per client like the other free routes (it never spends or settles anything).
    GET: rateLimited(
      "recovery",
      async (request: Request, context: { params: Promise<{ key: string }> }): Promise<Response> => {
        try {
          const { key } = await context.params;
          return toResponse(
            await recoverPurchase(paymentRuntime(), {
              idempotencyKey: key,
              authorization: request.headers.get(RECOVERY_HEADER),
            }),
          );
        } catch (err) {
          return errorResponse(err);
        }
      },
    ),
  };
}

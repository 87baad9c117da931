// REST glue for paid products: GET describes, POST purchases; the payment layer decides the rest.
import type { PaymentReply } from "../payments/purchase-reply";
import { describeProduct, purchaseProduct } from "../payments/purchase-flow";
import { paymentRuntime } from "../payments/payment-runtime";
import type { ProductDefinition } from "../products/product";
import { readBodyText } from "./read-body";
import { errorResponse } from "./respond";

const toResponse = (r: PaymentReply) => new Response(r.body, { status: r.status, headers: r.headers });

export function paidProductRoutes(product: ProductDefinition) {
  return {
    // Reads nothing from the request: payment credentials on a GET are ignored by design.
    async GET(_request: Request): Promise<Response> {
      try {
        return toResponse(await describeProduct(paymentRuntime(), product));
      } catch (err) {
        return errorResponse(err);
      }
    },
    async POST(request: Request): Promise<Response> {
      try {
        return toResponse(
          await purchaseProduct(paymentRuntime(), product, {
            method: "POST",
            path: product.path,
            paymentSignature: request.headers.get("payment-signature"),
            idempotencyKey: request.headers.get("idempotency-key"),
            readBody: () => readBodyText(request),
          }),
        );
      } catch (err) {
        return errorResponse(err);
      }
    },
  };
}

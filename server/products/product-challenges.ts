// What each product answers an unsigned request, for the /docs page: produced by describeProduct,
// the very code the route runs, so the examples there are the route's bytes (base URL, price,
// requirements, pay-to) and never a copy rebuilt by hand.
import { decodeHeaderJson } from "../payments/header-codec";
import type { PaymentRuntime } from "../payments/payment-runtime";
import { describeProduct } from "../payments/purchase-flow";
import type { ProductDefinition } from "./product";
import { paymentRuntime } from "./shop-runtime";

export interface ProductChallenge {
  productId: string;
  /** 402, or 503 when payment is not configured or the facilitator is away. */
  status: number;
  body: unknown;
  /** PAYMENT-REQUIRED, decoded (absent on a 503). */
  paymentRequired: unknown;
}

export async function productChallenges(
  products: readonly ProductDefinition[],
  runtime: PaymentRuntime = paymentRuntime(),
): Promise<ProductChallenge[]> {
  return Promise.all(
    products.map(async (product) => {
      const reply = await describeProduct(runtime, product);
      const header = reply.headers["payment-required"];
      return {
        productId: product.id,
        status: reply.status,
        body: JSON.parse(reply.body) as unknown,
        paymentRequired: header ? decodeHeaderJson(header) : undefined,
      };
    }),
  );
}

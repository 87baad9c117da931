// Buys any product the way its REST route does (purchaseProduct with a chosen runtime).
import { describeProduct, purchaseProduct } from "@/server/payments/purchase-flow";
import type { PaymentRuntime } from "@/server/payments/payment-runtime";
import type { ProductDefinition } from "@/server/products/product";
import type { ShopAnswer } from "./shop";

export async function challengeOf(runtime: PaymentRuntime, product: ProductDefinition): Promise<string> {
  return (await describeProduct(runtime, product)).headers["payment-required"]!;
}

export async function buyProduct(
  runtime: PaymentRuntime,
  product: ProductDefinition,
  options: { body?: unknown; rawBody?: string; signature?: string | null; idempotencyKey?: string | null },
): Promise<ShopAnswer> {
  const text = options.rawBody ?? (options.body === undefined ? "" : JSON.stringify(options.body));
  const r = await purchaseProduct(runtime, product, {
    method: "POST",
    path: product.path,
    paymentSignature: options.signature ?? null,
    idempotencyKey: options.idempotencyKey ?? null,
    authorization: null,
    readBody: async () => text,
  });
  return { status: r.status, headers: r.headers, text: r.body, json: JSON.parse(r.body) as Record<string, unknown> };
}

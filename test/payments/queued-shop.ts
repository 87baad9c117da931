// Buys a queued product (placement, evaluation) the way its REST route does, with either payment:
// PAYMENT-SIGNATURE (x402) or `Authorization: Payment` (MPP).
import { describeProduct, purchaseProduct } from "@/server/payments/purchase-flow";
import type { PaymentRuntime } from "@/server/payments/payment-runtime";
import type { ProductDefinition } from "@/server/products/product";
import type { ShopAnswer } from "./shop";

export interface QueuedBuy {
  body?: unknown;
  rawBody?: string;
  signature?: string | null;
  authorization?: string | null;
  idempotencyKey?: string | null;
}

export async function buyQueued(runtime: PaymentRuntime, product: ProductDefinition, options: QueuedBuy): Promise<ShopAnswer> {
  const text = options.rawBody ?? (options.body === undefined ? "" : JSON.stringify(options.body));
  const r = await purchaseProduct(runtime, product, {
    method: "POST",
    path: product.path,
    paymentSignature: options.signature ?? null,
    authorization: options.authorization ?? null,
    idempotencyKey: options.idempotencyKey ?? null,
    readBody: async () => text,
  });
  return { status: r.status, headers: r.headers, text: r.body, json: JSON.parse(r.body) };
}

export async function describeQueued(runtime: PaymentRuntime, product: ProductDefinition): Promise<ShopAnswer> {
  const r = await describeProduct(runtime, product);
  return { status: r.status, headers: r.headers, text: r.body, json: JSON.parse(r.body) };
}

let counter = 0;
/** The product's example body under a request_id of its own. */
export function queuedBody(product: ProductDefinition, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...product.example, request_id: `${product.id}-${process.pid}-${Date.now()}-${++counter}`, ...extra };
}

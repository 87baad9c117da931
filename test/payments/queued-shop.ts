// Buys a queued product (placement, evaluation) the way its REST route does, with either payment:
// PAYMENT-SIGNATURE (x402) or `Authorization: Payment` (MPP).
import { db } from "@/server/db";
import { describeProduct } from "@/server/payments/purchase-flow";
import type { PaymentRuntime } from "@/server/payments/payment-runtime";
import type { ProductDefinition } from "@/server/products/product";
import { buyProduct, type ShopAnswer } from "./shop";

/** Buys a queued product with either payment: `signature` (x402) or `authorization` (MPP). */
export const buyQueued = buyProduct;

export async function describeQueued(runtime: PaymentRuntime, product: ProductDefinition): Promise<ShopAnswer> {
  const r = await describeProduct(runtime, product);
  return { status: r.status, headers: r.headers, text: r.body, json: JSON.parse(r.body) };
}

let counter = 0;
/** The product's example body under a request_id of its own. */
export function queuedBody(product: ProductDefinition, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...product.example, request_id: `${product.id}-${process.pid}-${Date.now()}-${++counter}`, ...extra };
}

/** How many orders the purchase with this idempotency key created (one, or none when it was not paid). */
export const ordersOfKey = (key: string) => db.order.count({ where: { purchase: { idempotencyKey: key } } });

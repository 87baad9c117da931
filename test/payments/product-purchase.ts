// The 402 challenge of any product, as its REST route answers it (buy it with ./shop.ts buyProduct).
import { describeProduct } from "@/server/payments/purchase-flow";
import type { PaymentRuntime } from "@/server/payments/payment-runtime";
import type { ProductDefinition } from "@/server/products/product";

export async function challengeOf(runtime: PaymentRuntime, product: ProductDefinition): Promise<string> {
  return (await describeProduct(runtime, product)).headers["payment-required"]!;
}

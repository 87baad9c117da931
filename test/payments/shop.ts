// Calls a product's purchase the way the REST route does (the shortlist unless told), with a chosen payment runtime.
import { describeProduct, purchaseProduct } from "@/server/payments/purchase-flow";
import type { PaymentRuntime } from "@/server/payments/payment-runtime";
import type { ProductDefinition } from "@/server/products/product";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { createTestAgent, type TestAgent } from "./agent";

export interface ShopAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: Record<string, unknown>;
}

export interface BuyOptions {
  body?: unknown;
  rawBody?: string;
  /** PAYMENT-SIGNATURE (x402). */
  signature?: string | null;
  /** The Authorization header (`Payment <credential>` for MPP). */
  authorization?: string | null;
  idempotencyKey?: string | null;
}

/** POST of `product` with these headers and body. */
export async function buyProduct(
  runtime: PaymentRuntime,
  product: ProductDefinition,
  options: BuyOptions,
): Promise<ShopAnswer> {
  const text = options.rawBody ?? (options.body === undefined ? "" : JSON.stringify(options.body));
  const r = await purchaseProduct(runtime, product, {
    method: "POST",
    path: product.path,
    paymentSignature: options.signature ?? null,
    authorization: options.authorization ?? null,
    idempotencyKey: options.idempotencyKey ?? null,
    readBody: async () => text,
  });
  return { status: r.status, headers: r.headers, text: r.body, json: JSON.parse(r.body) as Record<string, unknown> };
}

export const buy = (runtime: PaymentRuntime, options: BuyOptions) => buyProduct(runtime, shortlistProduct, options);

export async function describe402(runtime: PaymentRuntime): Promise<ShopAnswer> {
  const r = await describeProduct(runtime, shortlistProduct);
  return { status: r.status, headers: r.headers, text: r.body, json: JSON.parse(r.body) };
}

let counter = 0;
export function shortlistBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    request_id: `test-${process.pid}-${Date.now()}-${++counter}`,
    outcome: "weather forecast API for delivery route planning",
    search: "terms",
    limit: 3,
    ...extra,
  };
}

/** A purchase ready to send: an agent (a new funded one unless given), a body and its signed payment. */
export async function signedPurchase(runtime: PaymentRuntime, agent?: TestAgent) {
  const payer = agent ?? (await createTestAgent());
  const body = shortlistBody();
  const signature = await payer.sign((await describe402(runtime)).headers["payment-required"]!);
  return { agent: payer, body, signature, key: body.request_id as string };
}

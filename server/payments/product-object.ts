// The `product` object of a 402 body (decisions.md §2), built once per product.
import { z } from "zod";
import { atomicToUsd } from "../money";
import type { SellableProduct } from "./sellable-product";

export const productObjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  operationId: z.string(),
  method: z.literal("POST"),
  path: z.string(),
  price: z.object({ amount: z.string(), currency: z.literal("USD"), mode: z.literal("fixed") }),
  protocols: z.array(z.enum(["x402", "mpp"])),
  delivery: z.enum(["immediate", "queued"]),
  requestSchema: z.record(z.string(), z.unknown()),
  example: z.record(z.string(), z.unknown()),
});
export type ProductObject = z.infer<typeof productObjectSchema>;

export function productObject(product: SellableProduct, baseUrl: string): ProductObject {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    operationId: product.operationId,
    method: product.method,
    path: `${baseUrl}${product.path}`,
    price: { amount: atomicToUsd(product.priceAtomic), currency: "USD", mode: "fixed" },
    protocols: [...product.protocols],
    delivery: product.delivery,
    requestSchema: z.toJSONSchema(product.requestSchema, { io: "input" }) as Record<string, unknown>,
    example: product.example,
  };
}

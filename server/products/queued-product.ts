// What the queued products (placement, evaluation) have in common: x402 or MPP, a catalogued
// service, a 202 with the order and its private status credential, one order per purchase.
import type { z } from "zod";
import { baseUrl } from "../env";
import { createOrderForPurchase } from "../orders/create-order";
import { assertCatalogued, queuedPurchaseSchema } from "../orders/order-record";
import type { QueuedProduct } from "../orders/order-states";
import type { ProductDefinition, ProductDocs } from "./product";

/** What a queued product declares itself; the rest is the same for every queued product. */
export interface QueuedProductDeclaration<Input extends { service: string }>
  extends Pick<ProductDefinition<Input>, "name" | "description" | "operationId" | "describeOperationId" | "path" | "priceAtomic" | "example"> {
  id: QueuedProduct;
  /** The request as published and as a purchase must send it (queued products have no metadata probe). */
  requestSchema: z.ZodType<Input>;
  docs: Pick<ProductDocs, "summary" | "request">;
}

export function queuedProduct<Input extends { service: string }>(declared: QueuedProductDeclaration<Input>): ProductDefinition<Input> {
  return {
    id: declared.id,
    name: declared.name,
    description: declared.description,
    operationId: declared.operationId,
    describeOperationId: declared.describeOperationId,
    method: "POST",
    path: declared.path,
    priceAtomic: declared.priceAtomic,
    protocols: ["x402", "mpp"],
    delivery: "queued",
    successStatus: 202,
    requestSchema: declared.requestSchema,
    purchaseSchema: declared.requestSchema,
    resultSchema: queuedPurchaseSchema,
    example: declared.example,
    docs: {
      ...declared.docs,
      result: { name: "QueuedPurchase", description: "A paid queued purchase: the order and its private status credential." },
    },
    checkInput: (input) => assertCatalogued(input.service),
    async fulfil(input, context) {
      return { order: await createOrderForPurchase({ product: declared.id, purchaseId: context.purchaseId, input, baseUrl }) };
    },
  };
}

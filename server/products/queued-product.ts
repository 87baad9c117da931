// What the queued products (placement, evaluation) have in common: x402 or MPP, a catalogued
// service, a 202 with the order and its private status credential, one order per purchase.
import type { z } from "zod";
import { baseUrl } from "../env";
import { createOrderForPurchase } from "../orders/create-order";
import { assertCatalogued } from "../orders/order-record";
import { sealOrderAnswer, unsealOrderAnswer } from "../orders/sealed-order-answer";
import type { QueuedProduct } from "../orders/order-states";
import type { ProductDefinition, ProductDocs } from "./product";
import { PRODUCT_MANIFEST } from "./product-manifest-schema";
import { queuedResultExample } from "./result-examples";

/** What a queued product declares itself; the rest is the same for every queued product. */
export interface QueuedProductDeclaration<Input extends { service: string }> extends Pick<
  ProductDefinition<Input>,
  "name" | "description" | "operationId" | "describeOperationId" | "example"
> {
  id: QueuedProduct;
  /** The request as published and as a purchase must send it (queued products have no metadata probe). */
  requestSchema: z.ZodType<Input>;
  docs: Pick<ProductDocs, "summary" | "request">;
}

export function queuedProduct<Input extends { service: string }>(
  declared: QueuedProductDeclaration<Input>,
): ProductDefinition<Input> {
  return {
    id: declared.id,
    name: declared.name,
    description: declared.description,
    operationId: declared.operationId,
    describeOperationId: declared.describeOperationId,
    method: "POST",
    // Path, price and answer: the manifest's, which the typed client reads too.
    path: PRODUCT_MANIFEST[declared.id].path,
    priceAtomic: PRODUCT_MANIFEST[declared.id].priceAtomic,
    protocols: ["x402", "mpp"],
    delivery: "queued",
    successStatus: 202,
    requestSchema: declared.requestSchema,
    purchaseSchema: declared.requestSchema,
    resultSchema: PRODUCT_MANIFEST[declared.id].resultSchema,
    resultExample: () => queuedResultExample(declared.id),
    example: declared.example,
    docs: {
      ...declared.docs,
      result: {
        name: "QueuedPurchase",
        description: "A paid queued purchase: the order and its private status credential.",
      },
    },
    checkInput: (input) => assertCatalogued(input.service),
    async fulfil(input, context) {
      return {
        order: await createOrderForPurchase({ product: declared.id, purchaseId: context.purchaseId, input, baseUrl }),
      };
    },
    // The ledger keeps the answer without the status credential; replays derive it again.
    sealResult: sealOrderAnswer,
    unsealResult: unsealOrderAnswer,
  };
}

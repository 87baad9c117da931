// Independent first-hand evaluation (decisions.md §2): 49.00 USD, queued, x402 or MPP. An operator
// assigns and runs it; the finished evaluation is published as a human-reviewed review.
import { baseUrl } from "../env";
import { assertCatalogued } from "../orders/order-record";
import { createOrderForPurchase } from "../orders/create-order";
import { evaluationRequestSchema, type EvaluationRequest } from "../orders/evaluation-request";
import type { ProductDefinition } from "./product";
import { PRODUCT_MANIFEST } from "./product-manifest-schema";

export const evaluationProduct: ProductDefinition<EvaluationRequest> = {
  id: PRODUCT_MANIFEST.evaluation.id,
  name: "Independent first-hand evaluation",
  description:
    "A marketplace evaluator calls the service's offers first-hand and publishes the findings as a human-reviewed review, linked as the order's result.",
  operationId: "buyEvaluation",
  describeOperationId: "describeEvaluation",
  method: "POST",
  path: PRODUCT_MANIFEST.evaluation.path,
  priceAtomic: PRODUCT_MANIFEST.evaluation.priceAtomic,
  protocols: ["x402", "mpp"],
  delivery: "queued",
  successStatus: 202,
  requestSchema: evaluationRequestSchema,
  purchaseSchema: evaluationRequestSchema,
  resultSchema: PRODUCT_MANIFEST.evaluation.resultSchema,
  example: {
    request_id: "evaluation-example-0001",
    service: "isobar-weather",
    scope: "Call the hourly forecast offer for ten cities and check latency, error handling and whether the paid answer matches the docs.",
    contact: { email: "buyer@example.com" },
  },
  docs: {
    summary: "Buy an independent first-hand evaluation (queued order)",
    request: { description: "An evaluation request: the service, what to evaluate and whom to tell." },
    result: { name: "QueuedPurchase", description: "A paid queued purchase: the order and its private status credential." },
  },
  checkInput: (input) => assertCatalogued(input.service),
  async fulfil(input, context) {
    return { order: await createOrderForPurchase({ product: "evaluation", purchaseId: context.purchaseId, input, baseUrl }) };
  },
};

// Independent first-hand evaluation (decisions.md §2): 49.00 USD, queued, x402 or MPP. An operator
// assigns and runs it; the finished evaluation is published as a human-reviewed review.
import { evaluationRequestSchema, type EvaluationRequest } from "../orders/evaluation-request";
import type { ProductDefinition } from "./product";
import { queuedProduct } from "./queued-product";

export const evaluationProduct: ProductDefinition<EvaluationRequest> = queuedProduct({
  id: "evaluation",
  name: "Independent first-hand evaluation",
  description:
    "A marketplace evaluator calls the service's offers first-hand and publishes the findings as a human-reviewed review, linked as the order's result.",
  operationId: "buyEvaluation",
  describeOperationId: "describeEvaluation",
  requestSchema: evaluationRequestSchema,
  example: {
    request_id: "evaluation-example-0001",
    service: "isobar-weather",
    scope:
      "Call the hourly forecast offer for ten cities and check latency, error handling and whether the paid answer matches the docs.",
    contact: { email: "buyer@example.com" },
  },
  docs: {
    summary: "Buy an independent first-hand evaluation (queued order)",
    request: { description: "An evaluation request: the service, what to evaluate and whom to tell." },
  },
});

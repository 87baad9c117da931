// A paid product (decisions.md §2): what it costs, what a purchase must send, and how it is
// delivered. The payment layer (server/payments/) sells any product defined this way.
import type { z } from "zod";

export type PaymentProtocol = "x402" | "mpp";

export interface ProductDefinition<Input = unknown> {
  id: string;
  name: string;
  description: string;
  /** operationId of the paid POST; describeOperationId of the free GET that answers 402. */
  operationId: string;
  describeOperationId: string;
  method: "POST";
  path: string;
  priceAtomic: number;
  protocols: readonly PaymentProtocol[];
  delivery: "immediate" | "queued";
  /** The body contract as published (a metadata probe may omit fields). */
  requestSchema: z.ZodType;
  /** What a paid purchase must send; checked after the signature, before any payment step. */
  purchaseSchema: z.ZodType<Input>;
  /** The whole success body (ok, idempotentReplay, requestId and the result), for the docs and tests. */
  resultSchema: z.ZodType;
  /** A complete request body a purchase can send as it is. */
  example: Record<string, unknown>;
  /**
   * True when fulfil only reads (no side effects): the payment layer then runs it while the
   * payment settles and keeps the result only once the settlement is recorded.
   */
  fulfilmentReadsOnly?: boolean;
  /** Status of a paid answer: 200 for an immediate result, 202 for a queued order. */
  successStatus: 200 | 202;
  /**
   * Runs after the signature and body checks, before anything is verified or settled: an AppError
   * thrown here is the answer, uncharged (the paid ad's 409 no_eligible_ad). Must only read.
   */
  precheck?(input: Input): Promise<void>;
  /**
   * The paid result: fields of the success body after ok, idempotentReplay and requestId. Runs
   * after settlement, possibly more than once for one purchase (a crash, a retry, the
   * reconciler): a fulfilment that writes must be idempotent on `context.purchaseId`.
   */
  fulfil(input: Input, context: FulfilmentContext): Promise<Record<string, unknown>>;
}

/** The purchase a fulfilment serves. */
export interface FulfilmentContext {
  purchaseId: string;
  idempotencyKey: string;
  payer: string;
}

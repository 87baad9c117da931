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
  /** A complete request body a purchase can send as it is. */
  example: Record<string, unknown>;
  /**
   * True when fulfil only reads (no side effects): the payment layer then runs it while the
   * payment settles and keeps the result only once the settlement is recorded.
   */
  fulfilmentReadsOnly?: boolean;
  /** The paid result: fields of the 200 body after ok, idempotentReplay and requestId. */
  fulfil(input: Input): Promise<Record<string, unknown>>;
}

// What the payment layer needs of a product to sell it: price, path, protocols, what a purchase
// must send, how it answers, and its fulfilment. The products (server/products/) declare more
// (documentation, OpenAPI names) and implement this shape; the payment layer never imports them,
// it is handed the list it sells (PaymentRuntime.products).
import type { z } from "zod";

export type PaymentProtocol = "x402" | "mpp";

export interface SellableProduct<Input = unknown> {
  id: string;
  name: string;
  description: string;
  /** operationId of the paid POST (the 402 `product` object names it). */
  operationId: string;
  method: "POST";
  /** `/api/shop/<segment>`. */
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
  /** The whole success body and a short example of it: the 402's `bazaar` output (challenge-extensions.ts). */
  resultSchema?: z.ZodType;
  resultExample?(): Record<string, unknown>;
  /**
   * True when fulfil only reads (no side effects): the payment layer then runs it while the
   * payment settles and keeps the result only once the settlement is recorded.
   */
  fulfilmentReadsOnly?: boolean;
  /** Status of a paid answer: 200 for an immediate result, 202 for a queued order. */
  successStatus: 200 | 202;
  /**
   * Input rules the schema cannot state because they need data (the service slug is catalogued):
   * throws AppError invalid_request with `issues`. Runs on the free validate route and on a signed
   * purchase before anything is verified or settled. Must only read.
   */
  checkInput?(input: Input): Promise<void>;
  /**
   * Availability, not input: runs after checkInput, before anything is verified or settled; an
   * AppError thrown here is the answer, uncharged (the paid ad's 409 no_eligible_ad). Must only
   * read. Not run by the validate route: a valid body may still find nothing available.
   */
  precheck?(input: Input): Promise<void>;
  /**
   * The paid result: fields of the success body after ok, idempotentReplay and requestId. Runs
   * after settlement, possibly more than once for one purchase (a crash, a retry, the
   * reconciler): a fulfilment that writes must be idempotent on `context.purchaseId`.
   */
  fulfil(input: Input, context: FulfilmentContext): Promise<Record<string, unknown>>;
  /**
   * The success body (JSON text) as the purchase ledger stores it, when the answer carries a secret
   * the product can derive again (the order's status credential): the ledger and its backups then
   * never hold it. unsealResult gives back, byte for byte, the body sealResult was given; it must
   * also take a body stored before the product sealed its answers.
   */
  sealResult?(body: string): string;
  unsealResult?(stored: string): Promise<string>;
}

/** The purchase a fulfilment serves. */
export interface FulfilmentContext {
  purchaseId: string;
  idempotencyKey: string;
  payer: string;
}

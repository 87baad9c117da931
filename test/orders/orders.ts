// Test support for queued orders: buying a placement or an evaluation with the real x402 client
// (a funded agent signing a real EIP-3009 authorization, settled on the local ledger), and driving
// an order to a chosen state through real operator moves.
import { randomUUID } from "node:crypto";
import type { Actor } from "@/server/accounts/actor";
import { moveOrder } from "@/server/orders/move-order";
import { ORDER_FLOWS, type OrderAction, type QueuedProduct } from "@/server/orders/order-states";
import { describeProduct, purchaseProduct } from "@/server/payments/purchase-flow";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { evaluationProduct } from "@/server/products/evaluation-product";
import { placementProduct } from "@/server/products/placement-product";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import type { TestAgent } from "@/test/payments/agent";

export const PRODUCT_DEFINITIONS = { placement: placementProduct, evaluation: evaluationProduct } as const;

export interface BoughtOrder {
  id: string;
  statusAuthorization: string;
  statusUrl: string;
  status: number;
  agent: TestAgent;
}

export function placementBody(service: string, extra: Record<string, unknown> = {}) {
  return {
    request_id: `placement-${randomUUID()}`,
    service,
    headline: "Hourly forecasts, paid per call",
    body: "Forecasts for any coordinate over x402.",
    targeting: { capabilities: ["maps-weather"], query: "weather forecast" },
    durationDays: 7,
    ...extra,
  };
}

export function evaluationBody(service: string, extra: Record<string, unknown> = {}) {
  return {
    request_id: `evaluation-${randomUUID()}`,
    service,
    scope: "Call the main offer ten times and check latency and error handling.",
    contact: { email: "buyer@example.com", name: "Buyer" },
    ...extra,
  };
}

/** A funded agent whose x402 client pays up to `maxUsd` a request (the client's default cap is 1 USD;
 * an evaluation costs 49). */
export async function createOrderBuyer(fundUsd = 60, maxUsd = 60): Promise<TestAgent> {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client()
    .register("eip155:*", new ExactEvmScheme(account))
    .setSpendControls({ maxAmountPerPayment: `$${maxUsd}` });
  await creditTestFunds({ address: account.address, amountUsd: fundUsd });
  return {
    address: account.address.toLowerCase(),
    sign: async (header) =>
      encodePaymentSignatureHeader(await client.createPaymentPayload(decodePaymentRequiredHeader(header))),
    balance: () => localBalance(account.address),
    account,
  };
}

/** Buys a queued product through the purchase flow the route uses; 202 with the order. */
export async function buyOrder(
  product: QueuedProduct,
  service: string,
  options: { agent?: TestAgent; body?: Record<string, unknown> } = {},
): Promise<BoughtOrder> {
  const definition = PRODUCT_DEFINITIONS[product];
  const agent = options.agent ?? (await createOrderBuyer());
  const runtime = paymentRuntime();
  const challenge = await describeProduct(runtime, definition);
  const body = options.body ?? (product === "placement" ? placementBody(service) : evaluationBody(service));
  const reply = await purchaseProduct(runtime, definition, {
    method: "POST",
    path: definition.path,
    paymentSignature: await agent.sign(challenge.headers["payment-required"]!),
    authorization: null,
    idempotencyKey: null,
    readBody: async () => JSON.stringify(body),
  });
  if (reply.status !== 202) throw new Error(`buying a ${product} answered ${reply.status}: ${reply.body}`);
  const { order } = JSON.parse(reply.body) as { order: { id: string; statusAuthorization: string; statusUrl: string } };
  return { ...order, status: reply.status, agent };
}

/** The actions leading from the initial state to `status` (breadth first over ORDER_FLOWS). */
export function pathTo(product: QueuedProduct, status: string): OrderAction[] {
  const moves = Object.entries(ORDER_FLOWS[product].moves) as [OrderAction, { from: readonly string[]; to: string }][];
  const queue: [string, OrderAction[]][] = [[ORDER_FLOWS[product].initial, []]];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [at, path] = queue.shift()!;
    if (at === status) return path;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const [action, m] of moves) if (m.from.includes(at)) queue.push([m.to, [...path, action]]);
  }
  throw new Error(`${product} never reaches ${status}`);
}

export const reviewFor = (title = `Evaluation ${randomUUID().slice(0, 8)}`) => ({
  rating: 4,
  title,
  body: "Called the offer ten times: steady latency, clear errors.",
  tags: ["Latency", "latency", "errors"],
});

/** What an action needs besides itself: a reason for reject/expire, a review for complete. */
export function extrasFor(action: OrderAction): { reason?: string; review?: ReturnType<typeof reviewFor> } {
  if (action === "reject" || action === "expire") return { reason: `Because ${action}` };
  if (action === "complete") return { review: reviewFor() };
  return {};
}

/** Buys an order and moves it to `status` with real operator moves. */
export async function orderIn(
  operator: Actor,
  product: QueuedProduct,
  status: string,
  service: string,
  agent?: TestAgent,
): Promise<BoughtOrder> {
  const order = await buyOrder(product, service, { agent });
  for (const action of pathTo(product, status))
    await moveOrder({ actor: operator, orderId: order.id, action, ...extrasFor(action) });
  return order;
}

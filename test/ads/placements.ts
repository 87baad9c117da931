// Test support (imported by *.test.ts). Sponsored placements for the ad tests: bought for real
// (x402, local ledger), then moved to `active` with SQL, as an operator's activation would (the
// operator flow is tested with the orders).
import { randomUUID } from "node:crypto";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import type { PaymentRuntime } from "@/server/payments/payment-runtime";
import { placementProduct } from "@/server/products/placement-product";
import { challengeOf } from "@/test/payments/product-purchase";
import { buyProduct } from "@/test/payments/shop";

/** A funded payer whose x402 client signs up to `maxUsd` a payment (the client's default cap is 1 USD). */
export async function createBigSpender(fundUsd: number, maxUsd = 100) {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client()
    .register("eip155:*", new ExactEvmScheme(account))
    .setSpendControls({ maxAmountPerPayment: `$${maxUsd}` });
  await creditTestFunds({ address: account.address, amountUsd: fundUsd });
  return {
    address: account.address.toLowerCase(),
    sign: async (header: string) =>
      encodePaymentSignatureHeader(await client.createPaymentPayload(decodePaymentRequiredHeader(header))),
  };
}

let advertiser: ReturnType<typeof createBigSpender> | undefined;

export interface PlacementOptions {
  service?: string;
  headline?: string;
  body?: string;
  url?: string;
  targeting?: { capabilities?: string[]; query?: string };
}

/** A paid placement order (status `queued`); returns its order id. */
export async function buyPlacement(runtime: PaymentRuntime, options: PlacementOptions = {}): Promise<string> {
  advertiser ??= createBigSpender(1000);
  const agent = await advertiser;
  const body = {
    request_id: `placement-${randomUUID()}`,
    service: options.service ?? "isobar-weather",
    headline: options.headline ?? "Hourly forecasts, paid per call",
    body: options.body ?? "Forecasts for any coordinate.",
    ...(options.url ? { url: options.url } : {}),
    targeting: options.targeting ?? { capabilities: ["maps-weather"] },
    durationDays: 30,
  };
  const answer = await buyProduct(runtime, placementProduct, {
    body,
    signature: await agent.sign(await challengeOf(runtime, placementProduct)),
  });
  if (answer.status !== 202) throw new Error(`buying a placement answered ${answer.status}: ${answer.text}`);
  return (answer.json.order as { id: string }).id;
}

/** Moves a placement order to `active` (with its history), active from `from` for its durationDays. */
export async function activatePlacement(orderId: string, from: Date = new Date()): Promise<void> {
  await db.$transaction([
    db.$executeRaw(Prisma.sql`
      UPDATE orders SET status = 'active', active_from = ${from}, active_until = ${from}::timestamptz + make_interval(days => (input->>'durationDays')::int), updated_at = now()
      WHERE id = ${orderId}::uuid AND product = 'placement'`),
    db.$executeRaw(Prisma.sql`
      INSERT INTO order_events (id, order_id, status, note) VALUES (gen_random_uuid(), ${orderId}::uuid, 'in_review', 'test'), (gen_random_uuid(), ${orderId}::uuid, 'active', 'test')`),
  ]);
}

/** Ends a placement's window now, as the expiry job does. */
export async function expirePlacement(orderId: string): Promise<void> {
  await db.$executeRaw(
    Prisma.sql`UPDATE orders SET status = 'expired', active_until = now(), updated_at = now() WHERE id = ${orderId}::uuid`,
  );
}

/** An active placement in one call. */
export async function activePlacement(
  runtime: PaymentRuntime,
  options: PlacementOptions = {},
  from?: Date,
): Promise<string> {
  const id = await buyPlacement(runtime, options);
  await activatePlacement(id, from);
  return id;
}

/** Paid serves per placement, from the rotation's counter. */
export async function servesOf(orderIds: string[]): Promise<number[]> {
  const rows = await db.$queryRaw<{ orderId: string; serves: number }[]>(
    Prisma.sql`SELECT order_id AS "orderId", serves FROM ad_rotation WHERE order_id = ANY(${orderIds}::uuid[])`,
  );
  return orderIds.map((id) => rows.find((r) => r.orderId === id)?.serves ?? 0);
}

// Test support for the MCP tests: the app's routes over HTTP, a funded agent, a token, an offer of the
// x402-paid demo provider, and a bought placement. Hosted-MCP tests import it dynamically AFTER
// setting PORT to the app server's port (server/env.ts reads it once; /api/mcp's client calls it).
import { randomUUID } from "node:crypto";
import { x402Client } from "@x402/core/client";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey } from "viem/accounts";
import { db } from "@/server/db";
import { startDemoProvider, type DemoProvider } from "@/server/demo-provider/start-demo-provider";
import { createLocalFacilitator } from "@/server/payments/facilitators/local-facilitator";
import { localBalance } from "@/server/payments/facilitators/local-chain-signer";
import { paymentRuntime } from "@/server/products/shop-runtime";
import { placementProduct } from "@/server/products/placement-product";
import { createBigSpender } from "@/test/ads/placements";
import { createTestAgent, type TestAgent } from "@/test/payments/agent";
import { challengeOf } from "@/test/payments/product-purchase";
import { buyProduct } from "@/test/payments/shop";
import { newToken, observerFixtures } from "@/test/observe/observer";
import { startAppServer } from "@/test/http/app-server";

export { localBalance, newToken, startAppServer };

/** The agent of the hosted mode: signs the PaymentRequired a tool returned, as an x402 MCP client would. */
export async function createSigningAgent(
  fundUsd = 1,
): Promise<TestAgent & { privateKey: `0x${string}`; payloadFor(required: unknown): Promise<unknown> }> {
  const privateKey = generatePrivateKey();
  const agent = await createTestAgent(fundUsd, privateKey);
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(agent.account));
  return { ...agent, privateKey, payloadFor: (required) => client.createPaymentPayload(required as PaymentRequired) };
}

const PROVIDER_PAY_TO = `0x${"7d".repeat(20)}`;

/** The demo provider (x402 over the local facilitator) and two of its offers registered in test mode: the
 * GET quote (0.001 USD) and the POST summary (0.002 USD). */
export async function demoOffer(): Promise<{
  provider: DemoProvider;
  offerId: string;
  postOfferId: string;
  payTo: string;
}> {
  const provider = await startDemoProvider({ facilitator: createLocalFacilitator(), payTo: PROVIDER_PAY_TO });
  const offers = observerFixtures(db);
  const offerId = await offers.createOffer({ providerUrl: provider.url, path: "/v1/quote", testMode: true });
  const postOfferId = await offers.createOffer({
    providerUrl: provider.url,
    path: "/v1/summarize",
    method: "POST",
    testMode: true,
  });
  return { provider, offerId, postOfferId, payTo: PROVIDER_PAY_TO };
}

/** A placement bought for real; its order id and status credential. */
export async function boughtPlacement(): Promise<{ id: string; statusAuthorization: string }> {
  const payer = await createBigSpender(1000);
  const runtime = paymentRuntime();
  const body = {
    request_id: `placement-${randomUUID()}`,
    service: "isobar-weather",
    headline: "Hourly forecasts",
    body: "Forecasts for any coordinate.",
    targeting: { capabilities: ["maps-weather"] },
    durationDays: 30,
  };
  const answer = await buyProduct(runtime, placementProduct, {
    body,
    signature: await payer.sign(await challengeOf(runtime, placementProduct)),
  });
  if (answer.status !== 202) throw new Error(`buying a placement answered ${answer.status}: ${answer.text}`);
  return answer.json.order as { id: string; statusAuthorization: string };
}

/** A slug that exists in the seeded catalog. */
export async function someServiceSlug(): Promise<string> {
  return (await db.service.findFirstOrThrow({ orderBy: { slug: "asc" }, select: { slug: true } })).slug;
}

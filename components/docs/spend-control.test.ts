// The spend-control line the docs show for products above 1 USD (placements, evaluations) is the one the
// official client needs: @x402/fetch without it refuses the route's 402; with the documented line, taken
// from the snippet text, the same client pays and the route answers 202.
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { creditTestFunds } from "@/server/payments/facilitators/faucet";
import { productSegment } from "@/server/products/product";
import { PRODUCT_LIST } from "@/server/products/products";
import { shopRoute } from "@/test/shop-route";
import { exceedsDefaultSpendCap, typescriptPurchase } from "./agent-snippets";

const BASE = "http://marketplace.test";

/** fetch for the official client, answered by the app's product route in this process. */
function appFetch(segment: string): typeof fetch {
  const routes = shopRoute(segment);
  return async (input, init) => {
    const request = new Request(input, init);
    return request.method === "POST" ? routes.POST(request) : routes.GET(request);
  };
}

/** The documented `.setSpendControls({...})` argument, read from the snippet as published. */
function documentedSpendControls(snippet: string): Record<string, unknown> | undefined {
  const line = /\.setSpendControls\((\{[^)]*\})\)/.exec(snippet)?.[1];
  return line === undefined ? undefined : (new Function(`return (${line});`)() as Record<string, unknown>);
}

const expensive = PRODUCT_LIST.filter((p) => exceedsDefaultSpendCap(p.priceAtomic));

describe("the spend-control note", () => {
  it("is in the snippet of every product above 1 USD (placements, evaluations) and of no other", () => {
    expect(expensive.map((p) => p.id).sort()).toEqual(expect.arrayContaining(["evaluation", "placement"]));
    for (const product of PRODUCT_LIST) {
      const controls = documentedSpendControls(typescriptPurchase({ baseUrl: BASE, ...product }));
      if (exceedsDefaultSpendCap(product.priceAtomic)) expect(controls, product.id).toBeDefined();
      else expect(controls, product.id).toBeUndefined();
    }
  });

  for (const product of expensive) {
    it(`lets the official client buy ${product.id} (${product.priceAtomic / 1e6} USD), which it refuses without`, async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      await creditTestFunds({ address: account.address, amountUsd: Math.ceil(product.priceAtomic / 1e6) + 1 });
      const segment = productSegment(product);
      const request = (key: string) => ({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...product.example, request_id: `${product.id}-${key}-${crypto.randomUUID()}` }),
      });
      const url = `${BASE}${product.path}`;

      const plain = new x402Client().register("eip155:*", new ExactEvmScheme(account));
      await expect(wrapFetchWithPayment(appFetch(segment), plain)(url, request("plain"))).rejects.toThrow();

      const controls = documentedSpendControls(typescriptPurchase({ baseUrl: BASE, ...product }))!;
      const allowed = new x402Client()
        .register("eip155:*", new ExactEvmScheme(account))
        .setSpendControls(controls as Parameters<x402Client["setSpendControls"]>[0]);
      const res = await wrapFetchWithPayment(appFetch(segment), allowed)(url, request("allowed"));
      expect(res.status, await res.clone().text()).toBe(product.successStatus);
      expect(res.headers.get("payment-response")).toBeTruthy();
    });
  }
});

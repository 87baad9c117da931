// Page object for the operator's orders page, and an agent that buys queued products from the
// running marketplace with the official x402 fetch client (funded by the local faucet).
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { fundedAgent } from "../../local-ledger";

export interface BoughtOrder {
  id: string;
  statusUrl: string;
  statusAuthorization: string;
}

/** Buys `path` (a queued product) with a fresh agent; the x402 client's 1 USD default cap is raised to the price. */
export async function buyQueued(
  baseURL: string,
  path: string,
  body: Record<string, unknown>,
  maxUsd: number,
): Promise<BoughtOrder> {
  const { pay } = await fundedAgent(baseURL, maxUsd, maxUsd);
  const paid = await pay(`${baseURL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(paid.status).toBe(202);
  const json = await paid.json();
  expect(json).toMatchObject({ ok: true, idempotentReplay: false, order: { status: "queued" } });
  return json.order as BoughtOrder;
}

/** Buys a paid ad (0.002 USD, x402) with a fresh agent; answers the 200 body. */
export async function buyAd(baseURL: string, body: Record<string, unknown>) {
  const { pay } = await fundedAgent(baseURL);
  const paid = await pay(`${baseURL}/api/shop/ads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(paid.status).toBe(200);
  return paid.json();
}

/** GET the order's status with its Bearer credential. */
export async function pollOrder(
  request: APIRequestContext,
  order: BoughtOrder,
  credential = order.statusAuthorization,
) {
  const res = await request.get(order.statusUrl, {
    headers: credential ? { authorization: `Bearer ${credential}` } : {},
  });
  return { status: res.status(), headers: res.headers(), body: await res.json() };
}

export class OrdersPage {
  constructor(readonly page: Page) {}
  async goto(query = ""): Promise<void> {
    const res = await this.page.goto(`/operator/orders${query}`);
    expect(res!.status()).toBe(200);
    await expect(this.page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  }
  async tab(product: "Evaluations" | "Placements"): Promise<void> {
    await this.page
      .getByRole("navigation", { name: "Products" })
      .getByRole("link", { name: new RegExp(`^${product}`) })
      .click();
    await expect(
      this.page.getByRole("navigation", { name: "Products" }).getByRole("link", { name: new RegExp(`^${product}`) }),
    ).toHaveAttribute("aria-current", "page");
  }
  card(orderId: string): Locator {
    return this.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  }
  actions(orderId: string): Locator {
    return this.card(orderId).getByRole("group", { name: "Actions" });
  }
  /** Clicks an action and waits for the state it leads to. */
  async act(orderId: string, action: string, expectedState: string): Promise<void> {
    await this.actions(orderId).getByRole("button", { name: action, exact: true }).click();
    await expect(this.card(orderId).getByTestId("order-status")).toHaveText(expectedState, { timeout: 15_000 });
  }
}

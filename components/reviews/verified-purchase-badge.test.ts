// The verified-purchase badge says what the receipt proves (price and date) and nothing without one.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VerifiedPurchaseBadge } from "./verified-purchase-badge";

describe("VerifiedPurchaseBadge", () => {
  it("shows the amount and the date of the paid call; nothing without a receipt", () => {
    const paidAt = Date.UTC(2026, 10, 30, 12, 0);
    const html = renderToStaticMarkup(
      createElement(VerifiedPurchaseBadge, {
        purchase: { issuer: "marketplace", amount: "0.001", asset: null, network: "eip155:84532", paid_at: paidAt },
      }),
    );
    expect(html).toContain("Verified purchase");
    expect(html).toContain("0.001 USD");
    expect(html).toContain(new Date(paidAt).toISOString());
    expect(html).not.toContain("provider receipt");
    expect(renderToStaticMarkup(createElement(VerifiedPurchaseBadge, { purchase: null }))).toBe("");
    const provider = renderToStaticMarkup(
      createElement(VerifiedPurchaseBadge, {
        purchase: { issuer: "provider", amount: "0.002", asset: null, network: "eip155:84532", paid_at: paidAt },
      }),
    );
    expect(provider).toContain("Verified purchase (provider receipt)");
    expect(provider).toContain("0.002 USD");
  });
});

import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import type { ReviewRecord } from "@/server/reviews/review-schema";

/** Shown on a review whose author presented a signed receipt of a paid call to the service (the
 * API's `verifiedPurchase`): the marketplace's (then the review is a verified call too, and this
 * badge stands in for the "Verified call" one) or the provider's own; the price and the date. */
export function VerifiedPurchaseBadge({ purchase }: { purchase: ReviewRecord["verifiedPurchase"] }) {
  if (!purchase) return null;
  const what = purchase.amount === null ? "a paid call" : `${purchase.amount} USD`;
  return (
    <span
      data-testid="verified-purchase-badge"
      title={
        purchase.issuer === "provider"
          ? "The author presented the provider's own signed receipt of a payment by the author's wallet"
          : "The author presented the marketplace's signed receipt of this paid call to the service"
      }
    >
      <Badge tone="green">
        <span aria-hidden="true">✓&nbsp;</span>Verified purchase
        {purchase.issuer === "provider" ? " (provider receipt)" : ""} · {what} ·{" "}
        <time dateTime={new Date(purchase.paid_at).toISOString()}>{formatDate(purchase.paid_at)}</time>
      </Badge>
    </span>
  );
}

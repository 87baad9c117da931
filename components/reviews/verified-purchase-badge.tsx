import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import type { ReviewRecord } from "@/server/reviews/review-schema";

/** Shown on a review whose author presented the marketplace's signed receipt of a paid call to the
 * service (the API's `verifiedPurchase`): the price and the date of that call. Such a review is a
 * verified call too; this badge then stands in for the "Verified call" one. */
export function VerifiedPurchaseBadge({ purchase }: { purchase: ReviewRecord["verifiedPurchase"] }) {
  if (!purchase) return null;
  const what = purchase.amount === null ? "a paid call" : `${purchase.amount} USD`;
  return (
    <span
      data-testid="verified-purchase-badge"
      title="The author presented the marketplace's signed receipt of this paid call to the service"
    >
      <Badge tone="green">
        <span aria-hidden="true">✓&nbsp;</span>Verified purchase · {what} ·{" "}
        <time dateTime={new Date(purchase.paid_at).toISOString()}>{formatDate(purchase.paid_at)}</time>
      </Badge>
    </span>
  );
}

import { Badge } from "@/components/ui/badge";

/** Shown on a review written with a token that has made a paid call to the service through the
 * marketplace (the API's `verifiedCall`). */
export function VerifiedCallBadge({ verifiedCall }: { verifiedCall: boolean }) {
  if (!verifiedCall) return null;
  return (
    <span
      data-testid="verified-call-badge"
      title="Written with a token that paid for a call to this service through the marketplace"
    >
      <Badge tone="indigo">
        <span aria-hidden="true">✓&nbsp;</span>Verified call
      </Badge>
    </span>
  );
}

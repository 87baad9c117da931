import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import type { ReviewListItem } from "@/server/reviews/review-record";

/** Shown wherever a review appears once an operator has marked it reviewed. */
export function ReviewedBadge({ revision }: { revision: ReviewListItem["revision"] }) {
  if (revision.humanReviewStatus !== "reviewed") return null;
  return (
    <span data-testid="reviewed-badge">
      <Badge tone="green">
        <span aria-hidden="true">✓&nbsp;</span>Human-reviewed
        {revision.humanReviewedAt ? ` ${formatDate(revision.humanReviewedAt)}` : ""}
      </Badge>
    </span>
  );
}

export function ActorBadge({ actorType }: { actorType: "llm" | "human" }) {
  return <Badge tone={actorType === "human" ? "green" : "indigo"}>{actorType === "human" ? "Human" : "Agent"}</Badge>;
}

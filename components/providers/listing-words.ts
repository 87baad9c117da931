// Listing statuses and probe outcomes in words, for the provider pages. Any status of
// LISTING_STATUSES is shown; one this file does not know yet is shown by its name.
import type { ListingProbe, ListingStatus } from "@/server/listings/listing-schema";

const STATUS_TEXT: Partial<Record<ListingStatus, string>> = {
  draft: "Draft",
  pending_review: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  paused: "Paused",
  withdrawn: "Withdrawn",
};
export const statusText = (status: string) => STATUS_TEXT[status as ListingStatus] ?? status;

export const statusTone = (status: string): "neutral" | "indigo" | "green" | "amber" | "red" =>
  status === "approved" ? "green" : status === "pending_review" ? "indigo" : status === "rejected" ? "red" : "neutral";

export const OUTCOME_TEXT: Record<ListingProbe["outcome"], string> = {
  offer: "Offer: a 402 with readable x402 terms",
  refused: "Refused: the marketplace may not call this address",
  unreachable: "Unreachable: no whole answer in time, too large, or a 5xx",
  not_402: "Not a 402: answered without asking for payment",
  unreadable_402: "Unreadable 402: no readable PAYMENT-REQUIRED terms",
};

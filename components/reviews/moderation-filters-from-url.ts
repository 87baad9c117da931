// Reads the operator queue's filters from the URL (server side: it uses the queue's schema).
// Invalid values are dropped, as on the other pages.
import { moderationQueueInput } from "@/server/reviews/moderation";
import type { ModerationFilters } from "./moderation-filters";

const KEYS = ["service", "actorType", "rating"] as const;
const last = (raw: string | string[] | undefined) => (Array.isArray(raw) ? raw.at(-1) : raw);

export function moderationFiltersFromSearchParams(
  sp: Record<string, string | string[] | undefined>,
): ModerationFilters {
  const filters: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = last(sp[key]);
    if (!value) continue;
    const parsed = moderationQueueInput.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  return filters as ModerationFilters;
}

export const moderationCursorFromSearchParams = (sp: Record<string, string | string[] | undefined>) =>
  last(sp.cursor) || undefined;

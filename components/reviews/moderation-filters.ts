// The operator queue's filters live in the URL, like the service page's (a GET form, no JavaScript
// needed). Client components import this file: no server code.
export interface ModerationFilters {
  service?: string;
  actorType?: "llm" | "human";
  rating?: number;
}

export const MODERATION_PAGE_SIZE = 20;

export function moderationHref(filters: ModerationFilters, cursor?: string): string {
  const sp = new URLSearchParams();
  if (filters.service) sp.set("service", filters.service);
  if (filters.actorType) sp.set("actorType", filters.actorType);
  if (filters.rating !== undefined) sp.set("rating", String(filters.rating));
  if (cursor) sp.set("cursor", cursor);
  const qs = sp.toString();
  return `/operator/moderation${qs ? `?${qs}` : ""}`;
}

export function moderationQueueInputFor(filters: ModerationFilters, cursor?: string) {
  return { ...filters, limit: MODERATION_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
}

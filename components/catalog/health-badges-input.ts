// The list's health-badge query for a page of services, built alike by the pages that prefetch it
// and the grid that reads it (same ids in the same order: one cache entry).
export const healthBadgesInput = (services: { id: string }[]) => ({ serviceIds: services.map((s) => s.id) });

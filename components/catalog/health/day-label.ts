// "2026-11-23" → "23 Nov" (UTC: the days are UTC days), the same on server and client.
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

// Order times to the minute, in UTC with a fixed locale so server and client renders agree.
const fmt = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

export const formatDateTime = (value: string | number | Date) => `${fmt.format(new Date(value))} UTC`;

// Formatting shared by server and client renders; fixed locale and UTC so both agree.
const dateFmt = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const numberFmt = new Intl.NumberFormat("en-US");

export const formatDate = (value: string | number | Date) => dateFmt.format(new Date(value));
export const formatNumber = (n: number) => numberFmt.format(n);
export const formatUsd = (decimal: string) => `$${decimal}`;

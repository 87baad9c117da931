// A status-page style strip: one cell per UTC day of the last 30, coloured by what the probes saw
// that day, each with its figures in words (screen readers read the list; a pointer shows a title).
// The legend names each colour, so no cell relies on colour alone.
import { HEALTHY_UPTIME_PERCENT } from "@/server/probes/conformance-checks";
import type { ProbeDay } from "@/server/probes/probe-history";
import { formatUptime } from "../health-badge";
import { dayLabel } from "./day-label";

type DayStatus = "ok" | "issues" | "down" | "no_data";

// "ok": (nearly) every probe answered, every answer a valid x402 challenge with the listed terms.
const OK_UPTIME_PERCENT = 99;

export function dayStatus(d: ProbeDay): DayStatus {
  if (d.probes === 0 || d.uptimePercent === null) return "no_data";
  if (d.uptimePercent < HEALTHY_UPTIME_PERCENT) return "down";
  return d.uptimePercent >= OK_UPTIME_PERCENT && d.conformant === d.up ? "ok" : "issues";
}

const STATUS: Record<DayStatus, { label: string; cell: string }> = {
  ok: { label: "Up and conformant", cell: "bg-emerald-500" },
  issues: { label: "Some failed or non-conformant answers", cell: "bg-amber-400" },
  down: { label: `Under ${HEALTHY_UPTIME_PERCENT} % answered`, cell: "bg-red-600" },
  no_data: { label: "No data (not probed)", cell: "border border-dashed border-slate-400 bg-white" },
};

export function dayText(d: ProbeDay): string {
  const status = dayStatus(d);
  if (status === "no_data") return `${dayLabel(d.day)}: no data`;
  return (
    `${dayLabel(d.day)}: ${STATUS[status].label.toLowerCase()}; ${formatUptime(d.uptimePercent)} of ${d.probes} ` +
    `probe${d.probes === 1 ? "" : "s"} answered, ${d.conformant} conformant`
  );
}

export function UptimeStrip({ days }: { days: ProbeDay[] }) {
  return (
    <div className="space-y-2">
      <ol
        aria-label="Uptime per day, last 30 days, oldest first"
        className="flex h-9 gap-px sm:gap-0.5"
        data-testid="uptime-strip"
      >
        {days.map((d) => (
          <li
            key={d.day}
            title={dayText(d)}
            data-status={dayStatus(d)}
            className={`min-w-0 flex-1 rounded-sm ${STATUS[dayStatus(d)].cell}`}
          >
            <span className="sr-only">{dayText(d)}</span>
          </li>
        ))}
      </ol>
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
        <span>{days[0] ? dayLabel(days[0].day) : ""}</span>
        <span>Today (UTC)</span>
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {(Object.keys(STATUS) as DayStatus[]).map((s) => (
          <li key={s} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${STATUS[s].cell}`} />
            {STATUS[s].label}
          </li>
        ))}
      </ul>
    </div>
  );
}

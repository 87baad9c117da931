// What the marketplace's probes observed of a service or an offer, as a small badge: the state in
// words and, once probed, the uptime of the last 24 hours.
import { Badge } from "@/components/ui/badge";
import type { ServiceHealthObject } from "@/server/probes/health-schema";
import type { HealthState } from "@/server/probes/conformance-checks";

export const HEALTH_LABELS: Record<HealthState, { label: string; tone: "neutral" | "green" | "amber" | "red" }> = {
  conformant: { label: "Conformant", tone: "green" },
  non_conformant: { label: "Non-conformant", tone: "amber" },
  unreachable: { label: "Unreachable", tone: "red" },
  unprobed: { label: "Not probed yet", tone: "neutral" },
};

/** "99.3 %" (one decimal, none when whole); "no data" without probes. */
export const formatUptime = (percent: number | null) =>
  percent === null ? "no data" : `${Number.isInteger(percent) ? percent : percent.toFixed(1)} %`;

export function HealthBadge({ health }: { health: Pick<ServiceHealthObject, "state" | "uptime24h"> }) {
  const { label, tone } = HEALTH_LABELS[health.state];
  return (
    <Badge tone={tone}>
      <span className="sr-only">Health: </span>
      {label}
      {health.state !== "unprobed" && health.uptime24h !== null && (
        <span className="ml-1 font-normal">· {formatUptime(health.uptime24h)} up 24 h</span>
      )}
    </Badge>
  );
}

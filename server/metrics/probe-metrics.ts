// Probe results (server/probes/record-probe.ts), by verdict: conformant, non_conformant, unreachable.
// Counted once a probe is recorded, on the instance that recorded it (a probe whose lease another
// instance took over is not recorded, so not counted either): summed over instances, one per probe.
import { metrics } from "./metrics";

export function countProbeResult(verdict: string): void {
  metrics().probeResults.inc({ verdict });
}

// Where one purchase's time goes, phase by phase, for the bench's profile mode (`npm run
// bench:purchase` with BENCH_PROFILE=1 starts the app with PURCHASE_TIMING=1). Each timed phase
// records its wall time and the process's CPU time (every thread)
// while it ran, and the answer carries them in a Server-Timing header (`verify;dur=1.2`,
// `verify-cpu;dur=1.1`, …). At one connection only one purchase runs, so the CPU deltas are that
// purchase's; phases that run side by side (verify beside the claim, the fulfilment beside the
// settled record) overlap. Off (the default), `timed` only calls its work: nothing is measured,
// stored or sent.
//
// The same phases are the purchase's trace spans (server/observability/spans.ts): a `purchase` span
// for the whole purchase, and one `purchase.<phase>` child per phase, whether or not timing is on
// (without the tracing SDK they are no-ops).
import { AsyncLocalStorage } from "node:async_hooks";
import { inSpan } from "../observability/spans";

interface PhaseTime {
  phase: string;
  wallMs: number;
  cpuMs: number;
}

const enabled = process.env.PURCHASE_TIMING === "1";
const current = new AsyncLocalStorage<PhaseTime[]>();

/** Runs `work` as the phase `phase` of the purchase (its span), timed if the purchase is. */
export function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  return inSpan(`purchase.${phase}`, {}, () => measured(phase, work));
}

function measured<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const phases = enabled ? current.getStore() : undefined;
  if (!phases) return work();
  const [wall, cpu] = [performance.now(), process.cpuUsage()];
  const done = () => {
    const used = process.cpuUsage(cpu);
    phases.push({ phase, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 });
  };
  return work().finally(done);
}

const format = (ms: number) => ms.toFixed(2);

/**
 * Runs a whole purchase (`total`) with its phases timed; returns its answer with the Server-Timing
 * header when timing is on.
 */
export async function withPurchaseTiming<R extends { headers: Record<string, string> }>(
  purchase: () => Promise<R>,
): Promise<R> {
  if (!enabled) return inSpan("purchase", {}, purchase);
  const phases: PhaseTime[] = [];
  const answer = await current.run(phases, () => inSpan("purchase", {}, () => measured("total", purchase)));
  const header = phases
    .flatMap((p) => [`${p.phase};dur=${format(p.wallMs)}`, `${p.phase}-cpu;dur=${format(p.cpuMs)}`])
    .join(", ");
  return { ...answer, headers: { ...answer.headers, "server-timing": header } };
}

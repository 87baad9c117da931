// The local token's EIP-712 signature checks, off the event loop. Recovering a signer costs ~3 ms
// of CPU here; on a worker thread it runs on the other core while the facilitator library does
// its own check of the same authorization, instead of after it (and other requests go on).
import { Worker } from "node:worker_threads";
import { verifyTypedData } from "viem";
import { logger } from "../../logger";

export type TypedDataCheck = Parameters<typeof verifyTypedData>[0];

// Plain CommonJS evaluated by the worker, so there is no file of ours to bundle or transpile
// (Next.js, vitest and tsx all load this module). viem resolves from the working directory, the
// project root for every entry point; if it cannot, checks run on the main thread.
const SOURCE = `
const { parentPort } = require("node:worker_threads");
const { verifyTypedData } = require("viem");
parentPort.postMessage({ ready: true });
parentPort.on("message", ({ id, check }) => {
  verifyTypedData(check).then(
    (valid) => parentPort.postMessage({ id, valid }),
    () => parentPort.postMessage({ id, valid: false }),
  );
});`;

// An answer this late means the worker is stuck: check on the main thread instead.
const ANSWER_TIMEOUT_MS = 2000;

const inline = (check: TypedDataCheck) => verifyTypedData(check).catch(() => false);

interface Pending {
  check: TypedDataCheck;
  resolve: (valid: boolean) => void;
  timer: NodeJS.Timeout;
}

interface WorkerState {
  worker?: Worker;
  /** Loading viem takes the worker a few hundred ms: until then checks run on the main thread. */
  ready: boolean;
  unavailable: boolean;
  nextId: number;
  pending: Map<number, Pending>;
}

// One worker per process, even when bundling loads this module twice (Next.js instrumentation
// and routes) or development reloads it.
const globalForWorker = globalThis as unknown as { marketplaceSignatureWorker?: WorkerState };
const state: WorkerState = (globalForWorker.marketplaceSignatureWorker ??= {
  ready: false,
  unavailable: false,
  nextId: 0,
  pending: new Map(),
});

/** Takes a request off the list (at most once) and hands back its resolver. */
function settle(id: number): Pending | undefined {
  const p = state.pending.get(id);
  if (!p) return undefined;
  state.pending.delete(id);
  clearTimeout(p.timer);
  // An idle worker must not keep a script or test process alive.
  if (state.pending.size === 0) state.worker?.unref();
  return p;
}

function giveUp(err: unknown): void {
  if (state.unavailable) return;
  state.unavailable = true;
  const dead = state.worker;
  state.worker = undefined;
  state.ready = false;
  void dead?.terminate();
  logger.warn(
    { err: err instanceof Error ? { name: err.name, message: err.message } : String(err) },
    "signature worker unavailable: checking signatures on the main thread",
  );
  for (const id of [...state.pending.keys()]) {
    const p = settle(id)!;
    void inline(p.check).then(p.resolve);
  }
}

function started(): Worker | undefined {
  if (state.worker || state.unavailable) return state.worker;
  try {
    const w = new Worker(SOURCE, { eval: true });
    w.on("message", (m: { ready: true } | { id: number; valid: boolean }) => {
      if ("ready" in m) state.ready = true;
      else settle(m.id)?.resolve(m.valid);
    });
    w.on("error", giveUp);
    w.on("exit", (code) => giveUp(new Error(`signature worker exited with code ${code}`)));
    w.unref();
    state.worker = w;
  } catch (err) {
    giveUp(err);
  }
  return state.worker;
}

/** viem's verifyTypedData on the worker thread; false for a signature that does not verify. Never rejects. */
export function verifyTypedDataOffThread(check: TypedDataCheck): Promise<boolean> {
  const w = started();
  if (!w || !state.ready) return inline(check);
  return new Promise((resolve) => {
    const id = state.nextId++;
    // Allow for the queue ahead of it (~3 ms a check) before calling the worker stuck.
    const waitMs = ANSWER_TIMEOUT_MS + 10 * state.pending.size;
    const timer = setTimeout(() => giveUp(new Error(`no answer in ${waitMs} ms`)), waitMs);
    timer.unref();
    state.pending.set(id, { check, resolve, timer });
    try {
      w.ref();
      w.postMessage({ id, check });
    } catch {
      settle(id); // not cloneable: check it here
      void inline(check).then(resolve);
    }
  });
}

/** Whether checks run on the worker thread (false while it starts, and once it could not start, died or hung). */
export function signatureWorkerRunning(): boolean {
  return state.worker !== undefined && state.ready && !state.unavailable;
}

/** Starts the worker now rather than on the first check; resolves once it takes checks (tests, startup). */
export async function startSignatureWorker(): Promise<boolean> {
  const w = started();
  for (let waited = 0; w && !state.ready && !state.unavailable && waited < 10_000; waited += 20)
    await new Promise((r) => setTimeout(r, 20));
  return signatureWorkerRunning();
}

/** Ends the worker as a crash would (tests: checks in flight must still be answered). */
export async function terminateSignatureWorker(): Promise<void> {
  await state.worker?.terminate();
}

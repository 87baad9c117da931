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
parentPort.on("message", ({ id, check }) => {
  verifyTypedData(check).then(
    (valid) => parentPort.postMessage({ id, valid }),
    () => parentPort.postMessage({ id, valid: false }),
  );
});`;

const inline = (check: TypedDataCheck) => verifyTypedData(check).catch(() => false);

let worker: Worker | undefined;
let unavailable = false;
let nextId = 0;
const pending = new Map<number, { check: TypedDataCheck; resolve: (valid: boolean) => void }>();

function giveUp(err: unknown): void {
  if (unavailable) return;
  unavailable = true;
  worker = undefined;
  logger.warn({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, "signature worker unavailable: checking signatures on the main thread");
  for (const [id, p] of pending) {
    pending.delete(id);
    void inline(p.check).then(p.resolve);
  }
}

function started(): Worker | undefined {
  if (worker || unavailable) return worker;
  try {
    const w = new Worker(SOURCE, { eval: true });
    w.on("message", ({ id, valid }: { id: number; valid: boolean }) => {
      const p = pending.get(id);
      pending.delete(id);
      p?.resolve(valid);
      // An idle worker must not keep a script or test process alive.
      if (pending.size === 0) w.unref();
    });
    w.on("error", giveUp);
    w.on("exit", (code) => giveUp(new Error(`signature worker exited with code ${code}`)));
    w.unref();
    worker = w;
  } catch (err) {
    giveUp(err);
  }
  return worker;
}

/** viem's verifyTypedData on the worker thread; false for a signature that does not verify. */
export function verifyTypedDataOffThread(check: TypedDataCheck): Promise<boolean> {
  const w = started();
  if (!w) return inline(check);
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, { check, resolve });
    try {
      w.ref();
      w.postMessage({ id, check });
    } catch {
      pending.delete(id); // not cloneable: check it here
      void inline(check).then(resolve);
    }
  });
}

/** Whether checks run on the worker thread (false once it could not start or died). */
export function signatureWorkerRunning(): boolean {
  return worker !== undefined && !unavailable;
}

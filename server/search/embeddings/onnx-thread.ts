// The embedder's worker thread (onnx-worker.mjs): model runs off the app's JavaScript thread. One
// run at a time is enough (the batcher sends one; the session has one intra-op thread). The thread
// keeps no process alive on its own (unref'd while nothing waits), and one that dies fails what it
// was running and is started again on the next run.
import path from "node:path";
import { Worker } from "node:worker_threads";

export interface OnnxThread {
  /** One model run over a sparse batch of token ids: rows × 512 floats. */
  run(indices: BigInt64Array<ArrayBuffer>, values: BigInt64Array<ArrayBuffer>, rows: number): Promise<Float32Array>;
}

type Reply = { id: number; data: Float32Array } | { id: number; error: string } | { ready: true };

// Resolved from the app's root at run time: the bundler moves this module, not the worker file.
const WORKER_FILE = () => path.join(process.cwd(), "server/search/embeddings/onnx-worker.mjs");

export function startOnnxThread(model: Uint8Array, output: string): Promise<OnnxThread> {
  const waiting = new Map<number, { resolve: (d: Float32Array) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let worker: Promise<Worker> | undefined;

  function start(): Promise<Worker> {
    // Referenced until ready: a script awaiting its first embedding must not exit meanwhile.
    const w = new Worker(WORKER_FILE(), { workerData: { model, output } });
    const ready = new Promise<Worker>((resolve, reject) => {
      w.on("message", (reply: Reply) => {
        if ("ready" in reply) {
          if (waiting.size === 0) w.unref();
          return resolve(w);
        }
        const job = waiting.get(reply.id);
        if (!job) return;
        waiting.delete(reply.id);
        if (waiting.size === 0) w.unref();
        if ("error" in reply) job.reject(new Error(`embedding failed: ${reply.error}`));
        else job.resolve(reply.data);
      });
      const fail = (err: Error) => {
        worker = undefined;
        reject(err);
        for (const job of waiting.values()) job.reject(err);
        waiting.clear();
      };
      w.on("error", fail);
      w.on("exit", (code) => fail(new Error(`the embedding thread exited (code ${code})`)));
    });
    return ready;
  }

  const thread: OnnxThread = {
    async run(indices, values, rows) {
      const w = await (worker ??= start());
      const id = nextId++;
      return new Promise<Float32Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.ref(); // a caller waits for this answer: the process must not exit meanwhile
        w.postMessage({ id, indices, values, rows }, [indices.buffer, values.buffer]);
      });
    },
  };
  // Started now, so a broken model or runtime fails the encoder's creation, not a request later.
  return (worker = start()).then(() => thread);
}

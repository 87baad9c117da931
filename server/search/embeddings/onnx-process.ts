// The embedder's child process (onnx-worker.mjs): model runs off the app's JavaScript thread. One
// run at a time is enough (the batcher sends one; the session has one intra-op thread). The child
// keeps no process alive on its own (unref'd while nothing waits), leaves when the app does (its
// channel closes), and one that dies fails what it was running and is started again on the next run.
// Messages use the structured-clone serialisation, so typed arrays cross as they are.
import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export interface OnnxRunner {
  /** One model run over a sparse batch of token ids: rows × 512 floats. */
  run(indices: BigInt64Array, values: BigInt64Array, rows: number): Promise<Float32Array>;
}

type Reply = { id: number; data: Float32Array } | { id: number; error: string } | { ready: true };

// Resolved from the app's root at run time: the bundler moves this module, not the worker file (and
// Turbopack, which follows a literal path handed to fork(), cannot bundle a process's entry point).
const WORKER_FILE = () =>
  createRequire(path.join(process.cwd(), "package.json")).resolve("./server/search/embeddings/onnx-worker.mjs");

export function startOnnxProcess(model: Uint8Array, output: string): Promise<OnnxRunner> {
  const waiting = new Map<number, { resolve: (d: Float32Array) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let child: Promise<ChildProcess> | undefined;

  // Referenced while someone waits (a script awaiting an embedding must not exit meanwhile).
  const hold = (c: ChildProcess, on: boolean) => {
    if (on) {
      c.ref();
      c.channel?.ref();
    } else {
      c.unref();
      c.channel?.unref();
    }
  };

  function start(): Promise<ChildProcess> {
    // No inherited --import/--require preloads (NODE_OPTIONS of the app: the peer-address hook,
    // a profiler): the child runs the model and nothing else.
    const c = fork(WORKER_FILE(), [], {
      serialization: "advanced",
      env: { ...process.env, NODE_OPTIONS: "" },
      execArgv: [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new Promise<ChildProcess>((resolve, reject) => {
      c.on("message", (reply: Reply) => {
        if ("ready" in reply) {
          if (waiting.size === 0) hold(c, false);
          return resolve(c);
        }
        const job = waiting.get(reply.id);
        if (!job) return;
        waiting.delete(reply.id);
        if (waiting.size === 0) hold(c, false);
        if ("error" in reply) job.reject(new Error(`embedding failed: ${reply.error}`));
        else job.resolve(reply.data);
      });
      const fail = (err: Error) => {
        child = undefined;
        reject(err);
        for (const job of waiting.values()) job.reject(err);
        waiting.clear();
      };
      c.on("error", fail);
      c.on("exit", (code, signal) => fail(new Error(`the embedding process exited (${signal ?? code})`)));
      c.send({ model, output });
    });
  }

  const runner: OnnxRunner = {
    async run(indices, values, rows) {
      const c = await (child ??= start());
      const id = nextId++;
      return new Promise<Float32Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        hold(c, true);
        c.send({ id, indices, values, rows });
      });
    },
  };
  // Started now, so a broken model or runtime fails the encoder's creation, not a request later.
  return (child = start()).then(() => runner);
}

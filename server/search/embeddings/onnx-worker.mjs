// The ONNX session of the query embedder, on a thread of its own (onnx-thread.ts starts it):
// onnxruntime-node's session.run() is synchronous, and on the app's one JavaScript thread each run
// (2-15 ms) would hold up every other request, paid purchases included. Plain JavaScript, loaded
// from the repository at run time: the app's bundle has no copy of it.
//   workerData   { model: Uint8Array (the translated ONNX graph), output: its output's name }
//   message in   { id, indices: BigInt64Array (row, col pairs), values: BigInt64Array, rows }
//   message out  { id, data: Float32Array (rows × 512) } or { id, error: string }
import { parentPort, workerData } from "node:worker_threads";
import { InferenceSession, Tensor } from "onnxruntime-node";

const WIDTH = 512;

const session = await InferenceSession.create(workerData.model, {
  // One thread: on two cores a second one made no query faster, and the other core serves the
  // app's requests and PostgreSQL.
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: "sequential",
  graphOptimizationLevel: "all",
  logSeverityLevel: 3, // errors only: its warnings go to stderr, outside the app's log
});

parentPort.on("message", async ({ id, indices, values, rows }) => {
  try {
    const result = await session.run({
      indices: new Tensor("int64", indices, [values.length, 2]),
      values: new Tensor("int64", values, [values.length]),
    });
    const out = result[workerData.output];
    if (out.dims[0] !== rows || out.dims[1] !== WIDTH)
      throw new Error(`unexpected embedding shape [${out.dims.join(", ")}]`);
    const data = new Float32Array(out.data);
    out.dispose();
    parentPort.postMessage({ id, data }, [data.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });

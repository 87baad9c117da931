// The ONNX session of the query embedder, in a child process of its own (onnx-process.ts forks it):
// onnxruntime-node's session.run() is synchronous, and on the app's one JavaScript thread each run
// (2-15 ms) would hold up every other request, paid purchases included. A process, not a worker
// thread: a worker stopped by the app's exit in the middle of a run aborts the whole process
// (onnxruntime's binding throws a C++ exception into a terminating thread: exit code 134); this
// child leaves when its channel closes, between runs. Plain JavaScript, loaded from the repository
// at run time: the app's bundle has no copy of it.
//   first message  { model: Uint8Array (the translated ONNX graph), output: its output's name }
//   then           { id, indices: BigInt64Array (row, col pairs), values: BigInt64Array, rows }
//   answers        { ready: true }, then { id, data: Float32Array (rows × 512) } or { id, error }
import { InferenceSession, Tensor } from "onnxruntime-node";

const WIDTH = 512;
let session;
let output;

process.on("disconnect", () => process.exit(0));
process.on("message", async (message) => {
  if (message.model) {
    session = await InferenceSession.create(message.model, {
      // One thread: on two cores a second one made no query faster, and the other core serves the
      // app's requests and PostgreSQL.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: "sequential",
      graphOptimizationLevel: "all",
      logSeverityLevel: 3, // errors only: its warnings go to stderr, outside the app's log
    });
    output = message.output;
    process.send({ ready: true });
    return;
  }
  const { id, indices, values, rows } = message;
  try {
    const result = await session.run({
      indices: new Tensor("int64", indices, [values.length, 2]),
      values: new Tensor("int64", values, [values.length]),
    });
    const out = result[output];
    if (out.dims[0] !== rows || out.dims[1] !== WIDTH)
      throw new Error(`unexpected embedding shape [${out.dims.join(", ")}]`);
    const data = new Float32Array(out.data);
    out.dispose();
    process.send({ id, data });
  } catch (err) {
    process.send({ id, error: err instanceof Error ? err.message : String(err) });
  }
});

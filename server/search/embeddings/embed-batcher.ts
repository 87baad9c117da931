// Micro-batching of concurrent query embeddings: one model run for the texts that queued while the
// previous run was busy (self-clocking, no timer: an idle encoder starts a lone text at once, a busy
// one gathers the next batch meanwhile). USE-lite costs ~3.7 ms of CPU for one short query run
// alone and ~1.7 ms each in a batch of 8 (same vectors, to 1e-7).
//
// The model pads every text of a run to the run's longest one, so a batch is bounded by its padded
// size (texts × longest) as well as its count: a long text never shares a run with short ones
// (measured: 7 short queries and one of 96 nonsense words cost 61 ms together, 13 + 19 ms apart).
// Texts leave the queue in arrival order: a long one at the head runs alone and delays the ones
// behind it by that one run, never more.

export interface BatchLimits {
  /** Texts per run. */
  maxTexts: number;
  /** Texts × the longest text's tokens per run (a text longer than this runs alone). */
  maxPaddedTokens: number;
}

// 8 texts: past that a query's CPU hardly falls (1.6 ms at 16) while the batch's wall time doubles.
// 256 padded tokens: 8 queries of up to 32 tokens (about 20 words), the free search's usual length.
export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxTexts: 8, maxPaddedTokens: 256 };

export interface EmbedBatcher {
  /** The model's output row for one tokenized text (at least one token). */
  embed(tokens: number[]): Promise<Float32Array>;
}

interface Waiting {
  tokens: number[];
  resolve: (v: Float32Array) => void;
  reject: (err: unknown) => void;
}

/** How many texts at the queue's head form the next run. */
export function nextBatchSize(lengths: readonly number[], limits: BatchLimits): number {
  let longest = 0;
  let n = 0;
  for (const length of lengths) {
    const padded = Math.max(longest, length) * (n + 1);
    if (n > 0 && (n + 1 > limits.maxTexts || padded > limits.maxPaddedTokens)) break;
    longest = Math.max(longest, length);
    n++;
  }
  return n;
}

/** `run` embeds a batch of tokenized texts (one row each, in order); one run at a time. */
export function createEmbedBatcher(
  run: (batch: number[][]) => Promise<Float32Array[]>,
  limits: BatchLimits = DEFAULT_BATCH_LIMITS,
): EmbedBatcher {
  const queue: Waiting[] = [];
  let running = false;

  function dispatch(): void {
    if (running || queue.length === 0) return;
    const size = nextBatchSize(
      queue.slice(0, limits.maxTexts).map((w) => w.tokens.length),
      limits,
    );
    const batch = queue.splice(0, size);
    running = true;
    // A run that throws at once fails its batch like one that rejects.
    new Promise<Float32Array[]>((resolve) => resolve(run(batch.map((w) => w.tokens))))
      .then(
        (rows) => batch.forEach((w, i) => w.resolve(rows[i]!)),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        running = false;
        dispatch();
      });
  }

  return {
    embed(tokens) {
      return new Promise<Float32Array>((resolve, reject) => {
        queue.push({ tokens, resolve, reject });
        dispatch();
      });
    },
  };
}

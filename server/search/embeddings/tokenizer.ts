// The sentencepiece (unigram) tokenizer of @energetic-ai/embeddings 0.2.0 (lib/tokenizer.ts and
// lib/trie.ts, Apache-2.0, Copyright 2019 Google LLC), kept token for token so the ONNX path feeds
// the model exactly what the TF.js path did (the parity test checks the vectors). Copied rather
// than imported because that package loads TensorFlow.js (tens of MB of heap) when required.

type Piece = [symbols: string[], score: number, index: number];
export type Vocabulary = [string, number][];

class TrieNode {
  children: Record<string, TrieNode> = {};
  end = false;
  word: Piece = [[], 0, 0];
}

class Trie {
  private root = new TrieNode();

  insert(word: string, score: number, index: number) {
    let node = this.root;
    const symbols = [...word];
    for (let i = 0; i < symbols.length; i++) {
      const s = symbols[i]!;
      if (!node.children[s]) {
        const child = new TrieNode();
        child.word[0] = node.word[0].concat(s);
        node.children[s] = child;
      }
      node = node.children[s];
      if (i === symbols.length - 1) {
        node.end = true;
        node.word[1] = score;
        node.word[2] = index;
      }
    }
  }

  /** Every vocabulary piece that is a prefix of ss (or ss[0] alone, as unknown). */
  commonPrefixSearch(ss: string[]): Piece[] {
    const output: Piece[] = [];
    let node: TrieNode | undefined = this.root.children[ss[0]!];
    for (let i = 0; i < ss.length && node; i++) {
      if (node.end) output.push(node.word);
      node = node.children[ss[i + 1]!];
    }
    if (!output.length) output.push([[ss[0]!], 0, 0]);
    return output;
  }
}

const SEPARATOR = "\u2581";
const RESERVED_SYMBOLS_COUNT = 6;

function processInput(str: string): string {
  const normalized = str.normalize("NFKC");
  return normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
}

export class Tokenizer {
  private trie = new Trie();

  constructor(private readonly vocabulary: Vocabulary) {
    for (let i = RESERVED_SYMBOLS_COUNT; i < vocabulary.length; i++)
      this.trie.insert(vocabulary[i]![0], vocabulary[i]![1], i);
  }

  /** Token ids of the best-scoring segmentation (Viterbi), consecutive unknowns merged. */
  encode(input: string): number[] {
    const symbols = [...processInput(input)];
    const nodes: Record<number, { length: number; score: number; index: number }[]>[] = [];
    const words: number[] = [];
    const best: number[] = [];
    for (let i = 0; i <= symbols.length; i++) {
      nodes.push({});
      words.push(0);
      best.push(0);
    }
    for (let i = 0; i < symbols.length; i++) {
      for (const piece of this.trie.commonPrefixSearch(symbols.slice(i))) {
        const endPos = i + piece[0].length;
        (nodes[endPos]![i] ??= []).push({ length: piece[0].length, score: piece[1], index: piece[2] });
      }
    }
    for (let endPos = 0; endPos <= symbols.length; endPos++) {
      for (const startPos in nodes[endPos]) {
        for (const word of nodes[endPos]![startPos as unknown as number]!) {
          const score = word.score + best[endPos - word.length]!;
          if (best[endPos] === 0 || score >= best[endPos]!) {
            best[endPos] = score;
            words[endPos] = word.index;
          }
        }
      }
    }
    const results: number[] = [];
    let iter = words.length - 1;
    while (iter > 0) {
      results.push(words[iter]!);
      // UTF-16 length, as upstream does (pieces are counted in symbols above): kept for parity.
      iter -= this.vocabulary[words[iter]!]![0].length;
    }
    const merged: number[] = [];
    let previousUnknown = false;
    for (const id of results) {
      if (!(previousUnknown && id === 0)) merged.push(id);
      previousUnknown = id === 0;
    }
    return merged.reverse();
  }
}

// PostgreSQL text and jsonb cannot hold U+0000, and JSON with an unpaired UTF-16 surrogate cannot be
// stored either: such input is refused up front (400) instead of failing at the database (500).
import { z } from "zod";

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False for text PostgreSQL cannot store (U+0000, an unpaired surrogate). */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

export const UNSTORABLE_TEXT_MESSAGE = "Contains U+0000 or an unpaired surrogate, which cannot be stored.";

/** A string input that reaches the database: U+0000 and unpaired surrogates are a 400 issue. */
export const storableText = () => z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

interface Node {
  parent: number;
  key: string;
}

/**
 * Dotted path of the first string (or object key) in a JSON value that cannot be stored, if any.
 * Iterative, with an explicit stack and one parent link per visited value, so the walk is linear
 * whatever the nesting; the path is built only for the value found.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const nodes: Node[] = [{ parent: -1, key: "" }];
  const pathOf = (id: number): string => {
    const keys: string[] = [];
    for (let n = id; n > 0; n = nodes[n]!.parent) keys.push(nodes[n]!.key);
    return keys.reverse().join(".") || "(body)";
  };
  // Children are pushed in reverse so that they are visited in document order (the first one found
  // is reported); an object key is checked when its value is visited.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, id] = stack.pop()!;
    if (id > 0 && UNSTORABLE.test(nodes[id]!.key)) return pathOf(id);
    if (typeof v === "string") {
      if (UNSTORABLE.test(v)) return pathOf(id);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], nodes.push({ parent: id, key: String(i) }) - 1]);
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push([entries[i]![1], nodes.push({ parent: id, key: entries[i]![0] }) - 1]);
    }
  }
  return undefined;
}

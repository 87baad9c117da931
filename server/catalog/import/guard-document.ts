// Checks a catalog document's shape before any schema runs: bounded nesting and size, and no text
// PostgreSQL cannot store (U+0000, unpaired surrogates) in any string or key. Iterative, so a
// document nested 100,000 levels deep costs one linear walk and a clear issue, not a stack overflow.
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "../../input/storable-text";
import { exceedsJsonDepth } from "../../input/json-depth";
import { AppError, type Issue } from "../../errors";
import { formatIssuePath } from "./issue-path";
import { IMPORT_LIMITS } from "./limits";

export function invalidCatalog(
  issues: Issue[],
  message = "The catalog file is invalid; nothing was imported.",
): AppError {
  return new AppError("invalid_request", message, issues);
}

/** JSON text of a catalog file -> its value, refusing oversized, over-nested or malformed text. */
export function parseCatalogText(text: string): unknown {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > IMPORT_LIMITS.maxFileBytes) {
    throw invalidCatalog([
      {
        path: "(document)",
        message: `The file has ${bytes} bytes; at most ${IMPORT_LIMITS.maxFileBytes} are imported at once. Split it.`,
      },
    ]);
  }
  if (exceedsJsonDepth(text, IMPORT_LIMITS.maxDepth)) {
    throw invalidCatalog([
      { path: "(document)", message: `Arrays and objects may nest at most ${IMPORT_LIMITS.maxDepth} levels deep.` },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalidCatalog([{ path: "(document)", message: `Not valid JSON: ${(err as Error).message}` }]);
  }
}

interface Node {
  parent: number;
  key: PropertyKey;
  depth: number;
}

/** Throws an import error naming the first value that is nested too deep, too many, or unstorable. */
export function guardDocument(document: unknown): void {
  const nodes: Node[] = [{ parent: -1, key: "", depth: 0 }];
  const pathOf = (id: number): string => {
    const keys: PropertyKey[] = [];
    for (let n = id; n > 0; n = nodes[n]!.parent) keys.push(nodes[n]!.key);
    return formatIssuePath(keys.reverse());
  };
  const stack: [unknown, number][] = [[document, 0]];
  let values = 0;
  while (stack.length > 0) {
    const [v, id] = stack.pop()!;
    if (++values > IMPORT_LIMITS.maxValues)
      throw invalidCatalog([
        { path: "(document)", message: `More than ${IMPORT_LIMITS.maxValues} JSON values; split the file.` },
      ]);
    const node = nodes[id]!;
    if (typeof node.key === "string" && !isStorableText(node.key))
      throw invalidCatalog([{ path: pathOf(id), message: `Key: ${UNSTORABLE_TEXT_MESSAGE}` }]);
    if (typeof v === "string") {
      if (!isStorableText(v)) throw invalidCatalog([{ path: pathOf(id), message: UNSTORABLE_TEXT_MESSAGE }]);
    } else if (typeof v === "number") {
      if (!Number.isFinite(v)) throw invalidCatalog([{ path: pathOf(id), message: "Not a finite number." }]);
    } else if (v !== null && typeof v === "object") {
      if (node.depth >= IMPORT_LIMITS.maxDepth)
        throw invalidCatalog([
          { path: pathOf(id), message: `Arrays and objects may nest at most ${IMPORT_LIMITS.maxDepth} levels deep.` },
        ]);
      const entries: [PropertyKey, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push([entries[i]![1], nodes.push({ parent: id, key: entries[i]![0], depth: node.depth + 1 }) - 1]);
      }
    } else if (v !== undefined && v !== null && typeof v !== "boolean") {
      throw invalidCatalog([{ path: pathOf(id), message: "Not a JSON value." }]);
    }
  }
}

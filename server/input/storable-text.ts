// PostgreSQL text and jsonb cannot hold U+0000, and JSON with an unpaired UTF-16 surrogate cannot be
// stored either: such input is refused up front (400) instead of failing at the database (500).
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Dotted path of the first string (or object key) in a JSON value that cannot be stored, if any. */
export function unstorableTextPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path.join(".") || "(body)" : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (UNSTORABLE.test(k)) return [...path, k].join(".");
      const found = unstorableTextPath(v, [...path, k]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

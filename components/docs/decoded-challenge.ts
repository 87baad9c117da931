// A PAYMENT-REQUIRED header as /docs shows it decoded: every extension's `schema` (the bazaar
// declaration's repeats the request schema, ~4 KB a product) replaced by a note and, unless asked
// for, the bazaar's `output` (an example answer, up to 1.6 KB) left out, so the page stays light;
// the route sends them whole.
export function withoutExtensionSchemas(required: unknown, { keepOutput = false } = {}): unknown {
  if (!required || typeof required !== "object") return required;
  const { extensions, ...rest } = required as { extensions?: Record<string, unknown> };
  if (!extensions || typeof extensions !== "object") return required;
  return {
    ...rest,
    extensions: Object.fromEntries(
      Object.entries(extensions).map(([name, ext]) =>
        ext && typeof ext === "object" && "schema" in ext
          ? [name, { ...ext, ...(keepOutput ? {} : withoutOutput(ext)), schema: "(JSON Schema, left out here)" }]
          : [name, ext],
      ),
    ),
  };
}

function withoutOutput(ext: object): object {
  const info = (ext as { info?: { output?: object } }).info;
  if (!info?.output) return {};
  const { output: _left, ...rest } = info;
  return { info: rest };
}

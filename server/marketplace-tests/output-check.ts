// Whether a test's answer matches the offer's declared output schema. The schema is the provider's
// text: it is read by this small, bounded checker (type, properties, required, items, enum, const,
// additionalProperties: false), never compiled, so a provider cannot make us run its regular
// expressions (`pattern` and `format` are not checked) or fetch its $refs. Depth is capped.
const MAX_DEPTH = 32;

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(wanted: unknown, actual: string): boolean {
  const list = Array.isArray(wanted) ? wanted : [wanted];
  return list.some((t) => t === actual || (t === "number" && actual === "integer"));
}

/** The first place the value breaks the schema ("$.items[0].name: expected string"), or null. */
export function outputMismatch(schema: Schema, value: unknown, path = "$", depth = 0): string | null {
  if (depth > MAX_DEPTH) return null;
  const actual = typeOf(value);
  if (schema.type !== undefined && !typeMatches(schema.type, actual))
    return `${path}: expected ${JSON.stringify(schema.type)}, got ${actual}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    return `${path}: not one of the declared values`;
  if ("const" in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    return `${path}: not the declared constant`;
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const key of Array.isArray(schema.required) ? schema.required : [])
      if (typeof key === "string" && !(key in value)) return `${path}: missing required "${key}"`;
    for (const [key, sub] of Object.entries(properties)) {
      if (!(key in value) || !isObject(sub)) continue;
      const found = outputMismatch(sub, value[key], `${path}.${key}`, depth + 1);
      if (found) return found;
    }
    if (schema.additionalProperties === false) {
      const extra = Object.keys(value).find((k) => !(k in properties));
      if (extra !== undefined) return `${path}: undeclared property "${extra}"`;
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    for (let i = 0; i < value.length; i++) {
      const found = outputMismatch(schema.items, value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** The answer body against the declared schema: null when it conforms (JSON that matches). */
export function checkOutput(outputSchema: unknown, body: Buffer): string | null {
  if (!isObject(outputSchema)) return null;
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return "the answer is not JSON, and the offer declares a JSON output schema";
  }
  const mismatch = outputMismatch(outputSchema, value);
  return mismatch ? `the answer does not match the declared output schema (${mismatch})` : null;
}

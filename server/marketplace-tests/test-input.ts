// What a marketplace test sends: the offer's exampleInput, else a minimal input built from its declared
// input schema (each required property given the simplest value its type allows), else nothing.
type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const MAX_DEPTH = 8;

function minimalValue(schema: Schema, depth: number): unknown {
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return "test";
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "null":
      return null;
    default:
      return depth < MAX_DEPTH ? minimalObject(schema, depth + 1) : {};
  }
}

function minimalObject(schema: Schema, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const key of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof key !== "string") continue;
    const sub = properties[key];
    out[key] = isObject(sub) ? minimalValue(sub, depth) : "test";
  }
  return out;
}

/** The input of a test: an object (query parameters of a GET, JSON body of a POST), or null. */
export function testInput(offer: {
  method: string;
  exampleInput: unknown;
  inputSchema: unknown;
}): Record<string, unknown> | null {
  if (isObject(offer.exampleInput)) return offer.exampleInput;
  const schema = offer.inputSchema;
  if (!isObject(schema)) return null;
  // The bazaar extension's input descriptor ({type: "http", queryParams | body}) carries an example.
  if (schema.type === "http") {
    const example = offer.method === "GET" ? schema.queryParams : schema.body;
    return isObject(example) ? example : null;
  }
  return minimalObject(schema, 0);
}

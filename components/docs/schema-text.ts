// JSON Schema (from the OpenAPI document) -> short readable text: a type and its rules.
export type Schema = Record<string, unknown>;

export const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

const isSchema = (x: unknown): x is Schema => typeof x === "object" && x !== null && !Array.isArray(x);
const literal = (v: unknown) => JSON.stringify(v);

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const of = (n: number) => (unit && n === 1 ? ` ${unit}` : unit ? ` ${unit}s` : "");
  if (typeof min === "number" && typeof max === "number")
    return min === max ? `exactly ${min}${of(min)}` : `${min}–${max}${of(max)}`;
  if (typeof min === "number") return `at least ${min}${of(min)}`;
  if (typeof max === "number") return `at most ${max}${of(max)}`;
  return undefined;
}

/** Constraints worth reading: lengths, bounds, pattern, format, default, closed objects. */
export function rulesText(s: Schema): string[] {
  const rules = [
    range(s.minLength, s.maxLength, "character"),
    range(s.minimum, s.maximum, ""),
    typeof s.exclusiveMinimum === "number" ? `greater than ${s.exclusiveMinimum}` : undefined,
    range(s.minItems, s.maxItems, "item"),
    typeof s.pattern === "string" ? `pattern ${s.pattern}` : undefined,
    typeof s.format === "string" ? `format ${s.format}` : undefined,
    typeof s.contentEncoding === "string"
      ? `${s.contentEncoding}-encoded ${typeof s.contentMediaType === "string" ? s.contentMediaType : ""}`.trim()
      : undefined,
    "default" in s ? `default ${literal(s.default)}` : undefined,
    s.additionalProperties === false ? "no other properties" : undefined,
  ];
  return rules.filter((r): r is string => r !== undefined);
}

/** `string`, `"x402" | "mpp"`, `array of ShortlistMatch`, `string (1–240 characters) or ShortlistCondition`. */
export function typeText(s: Schema): string {
  if (typeof s.$ref === "string") return refName(s.$ref);
  if ("const" in s) return literal(s.const);
  if (Array.isArray(s.enum)) return s.enum.map(literal).join(" | ");
  const alternatives = (s.anyOf ?? s.oneOf) as unknown;
  if (Array.isArray(alternatives)) {
    return alternatives
      .filter(isSchema)
      .map((alt) => {
        const rules = typeof alt.$ref === "string" ? [] : rulesText(alt);
        return rules.length ? `${typeText(alt)} (${rules.join(", ")})` : typeText(alt);
      })
      .join(" or ");
  }
  const type = Array.isArray(s.type) ? s.type.join(" or ") : typeof s.type === "string" ? s.type : "any";
  if (type === "array" && isSchema(s.items)) {
    const itemRules = typeof s.items.$ref === "string" || Array.isArray(s.items.anyOf) ? [] : rulesText(s.items);
    return `array of ${typeText(s.items)}${itemRules.length ? ` (${itemRules.join(", ")})` : ""}`;
  }
  if (type === "object" && !isSchema(s.properties) && isSchema(s.additionalProperties)) return "object (any keys)";
  return type;
}

export interface PropertyRow {
  name: string;
  type: string;
  required: boolean;
  rules: string[];
  description?: string;
}

/**
 * One row per property; properties of inline objects (and of arrays of inline objects) follow
 * their parent as `parent.child` / `parent[].child`, so nested shapes read without a second table.
 */
export function propertyRows(schema: Schema, prefix = "", depth = 0): PropertyRow[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).flatMap(([key, value]) => {
    if (!isSchema(value)) return [];
    const name = `${prefix}${key}`;
    const inlineObject = isSchema(value.properties) ? value : undefined;
    const inlineItems =
      value.type === "array" && isSchema(value.items) && isSchema(value.items.properties) ? value.items : undefined;
    const row: PropertyRow = {
      name,
      type: inlineObject ? "object" : inlineItems ? "array of objects" : typeText(value),
      required: required.has(key),
      rules: rulesText(value),
      description: typeof value.description === "string" ? value.description : undefined,
    };
    if (depth >= 3) return [row];
    if (inlineObject) return [row, ...propertyRows(inlineObject, `${name}.`, depth + 1)];
    if (inlineItems) return [row, ...propertyRows(inlineItems, `${name}[].`, depth + 1)];
    return [row];
  });
}

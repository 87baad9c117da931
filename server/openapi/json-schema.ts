// zod 4 schemas -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with `z.toJSONSchema`.
// Request schemas convert in "input" mode (defaults are optional), response schemas in "output".
import { z } from "zod";
import type { JsonSchema } from "./openapi-types";

export type SchemaIo = "input" | "output";

export const schemaRef = (id: string) => `#/components/schemas/${id}`;

type OverrideContext = Parameters<NonNullable<z.core.ToJSONSchemaParams["override"]>>[0];

function tidy({ zodSchema, jsonSchema }: OverrideContext): void {
  // zod bounds every z.int() by the safe-integer range; that says nothing to a reader.
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  // A whole-number literal (schemaVersion 1, x402Version 2) is an integer, not any number.
  if (jsonSchema.type === "number" && Number.isInteger(jsonSchema.const)) jsonSchema.type = "integer";
  // Output mode closes every object; only z.strictObject (catchall never) is closed by contract,
  // other response objects may gain fields without breaking clients.
  const def = zodSchema._zod.def as { type: string; catchall?: { _zod: { def: { type: string } } } };
  if (def.type === "object" && jsonSchema.additionalProperties === false && def.catchall?._zod.def.type !== "never") {
    delete jsonSchema.additionalProperties;
  }
}

// Answers are written by us (Date.toISOString()): `format: date-time` says all a reader needs;
// zod's long pattern for it stays on request schemas, where it is the rule that is checked.
function tidyOutput(context: OverrideContext): void {
  tidy(context);
  if (context.jsonSchema.format === "date-time") delete context.jsonSchema.pattern;
}

const overrideFor = (io: SchemaIo) => (io === "output" ? tidyOutput : tidy);

function withoutHeader({ $schema: _schema, $id: _id, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

export interface NamedSchema {
  schema: z.ZodType;
  /** Added to the component; `.describe()` would clone the schema and break its $refs. */
  description?: string;
}

/** Named schemas for components.schemas; a named schema used inside another becomes a $ref. */
export function componentSchemas(named: Record<string, NamedSchema>, io: SchemaIo): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, { schema }] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, uri: schemaRef, override: overrideFor(io) });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const description = named[id]?.description;
      return [id, { ...withoutHeader(schema as JsonSchema), ...(description ? { description } : {}) }];
    }),
  );
}

/** One small schema written in place (parameters, headers). */
export function inlineSchema(schema: z.ZodType, io: SchemaIo = "input"): JsonSchema {
  return withoutHeader(z.toJSONSchema(schema, { io, override: overrideFor(io) }) as JsonSchema);
}

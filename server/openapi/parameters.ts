// Query and path parameters from the zod object a route parses them with.
import type { z } from "zod";
import { inlineSchema } from "./json-schema";
import type { ParameterObject } from "./openapi-types";

/** One query parameter per property; required unless the schema accepts it missing. */
export function queryParameters<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  descriptions: Record<keyof Shape & string, string>,
): ParameterObject[] {
  return Object.entries(schema.shape).map(([name, property]) => ({
    name,
    in: "query",
    required: !(property as z.ZodType).safeParse(undefined).success,
    description: descriptions[name as keyof Shape & string],
    schema: inlineSchema(property as z.ZodType),
  }));
}

export function pathParameter(name: string, schema: z.ZodType, description: string): ParameterObject {
  return { name, in: "path", required: true, description, schema: inlineSchema(schema) };
}

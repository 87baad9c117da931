// Request and response bodies that point at named schemas.
import { schemaRef } from "./json-schema";
import type { MediaTypeObject } from "./openapi-types";

export function jsonContent(schemaName: string, example?: unknown): Record<string, MediaTypeObject> {
  return {
    "application/json": { schema: { $ref: schemaRef(schemaName) }, ...(example === undefined ? {} : { example }) },
  };
}

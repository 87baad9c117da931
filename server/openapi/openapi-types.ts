// The parts of the OpenAPI 3.1.0 object model this project emits; schemas are JSON Schema 2020-12.
export type JsonSchema = Record<string, unknown>;

export interface Reference {
  $ref: string;
}

export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header";
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;
export type PathsObject = Record<string, PathItemObject>;

export type SecuritySchemeObject =
  | { type: "apiKey"; in: "header"; name: string; description: string }
  | { type: "http"; scheme: string; description: string };

/** HTTP Bearer authentication (order status polling). */
export interface BearerSecuritySchemeObject {
  type: "http";
  scheme: "bearer";
  description: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier?: string; url?: string };
  };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: PathsObject;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, HeaderObject>;
    parameters: Record<string, ParameterObject>;
    securitySchemes: Record<string, SecuritySchemeObject | BearerSecuritySchemeObject>;
  };
}

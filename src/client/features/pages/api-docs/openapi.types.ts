/** The parts of OpenAPI 3.1 and JSON Schema (2020-12) that the docs page renders; everything else is ignored. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  title?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | boolean;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  /** Older paths that answer like this operation's own (not in `paths`: they would be ambiguous there). */
  'x-aliases'?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Enough of a check that rendering cannot trip over a document of the wrong shape. */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isObject(value) &&
    typeof value.openapi === 'string' &&
    isObject(value.info) &&
    typeof value.info.title === 'string' &&
    isObject(value.paths) &&
    Object.values(value.paths).every(isObject)
  );
}

import { API_BASE } from '../../../shared/rules/api-path.js';
import { z } from 'zod';
import type { RouteContract } from '../../../shared/api/contract.js';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

function parameters(route: RouteContract) {
  const result: object[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
    ['header', route.headers],
  ] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape)) {
      result.push({
        name,
        in: location,
        ...(field.description && { description: field.description }),
        required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        schema: toSchema(field as z.ZodType, 'input'),
      });
    }
  }
  return result;
}

const BINARY = 'application/octet-stream';
/** OpenAPI 3.1: raw bytes are a string with a media type, and no JSON schema of their own. */
const BINARY_SCHEMA = { type: 'string', contentMediaType: BINARY };

function requestBody(body: NonNullable<RouteContract['body']>) {
  if (body === 'binary') return { required: true, content: { [BINARY]: { schema: BINARY_SCHEMA } } };
  return {
    required: !body.safeParse(undefined).success,
    content: { 'application/json': { schema: toSchema(body, 'input') } },
  };
}

/** The OpenAPI 3.1 document, generated from the same zod contracts the server validates with. */
export function buildOpenApi(routes: RouteContract[], version: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const operation = {
      tags: [route.tag],
      summary: route.summary,
      parameters: parameters(route),
      ...(route.body && { requestBody: requestBody(route.body) }),
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...(response.binary && { content: { [BINARY]: { schema: BINARY_SCHEMA } } }),
            ...(response.schema && {
              content: { 'application/json': { schema: toSchema(response.schema, 'output') } },
            }),
          },
        ]),
      ),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hush API',
      version,
      description:
        'End-to-end encrypted secret sharing. Errors are `{code, message}`. Authenticate with an API token as the ' +
        'HTTP Basic username (any password) or as a Bearer token. Every path also answers under /api.',
    },
    servers: [{ url: API_BASE }],
    paths,
  };
}

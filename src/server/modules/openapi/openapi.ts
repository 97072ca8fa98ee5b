import { API_ALIAS_BASE, API_BASE } from '../../../shared/rules/api-path.js';
import type { z } from 'zod';
import { API_TAGS } from '../../../shared/api/index.js';
import type { RouteContract } from '../../../shared/api/contract.js';
import { TOKEN_SCOPES } from '../../../shared/rules/tokens.js';
import { SESSION_COOKIE } from '../auth/cookies.js';
import { createSchemaComponents } from './schema-components.js';

const TOKEN_SCOPES_TEXT =
  `A token has scopes (${TOKEN_SCOPES.join(', ')}): an operation's security names the one it needs, and a ` +
  'token without it is refused (403 auth.token_scope). A token made before scopes may do everything its user may, ' +
  "the user's webhooks included.";

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session of the web app, set by sign-up, sign-in and setup (httpOnly). Requests that change something ' +
      'and carry it must come from the same site.',
  },
  basicAuth: {
    type: 'http',
    scheme: 'basic',
    description: `An API token (Account → API tokens) as the username; the password is ignored. ${TOKEN_SCOPES_TEXT}`,
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: `An API token (Account → API tokens). ${TOKEN_SCOPES_TEXT}`,
  },
};

const SESSION = { sessionCookie: [] };

/**
 * Who may call a route. OpenAPI 3.1 lets a security requirement of any scheme name the roles it needs: the session
 * names the admin role, a token the scope it needs (for admin routes, the admin scope). `{}` is the anonymous
 * alternative: such a route works without credentials, and checks any it is sent. What no scope grants lists the
 * session only (tokens made before scopes may still call it, as the schemes say).
 */
function security(route: RouteContract): object[] {
  if (route.access === 'session' || route.scope === 'legacy') return [SESSION];
  const scopes = route.scope ? [route.scope] : [];
  return [
    ...(route.access === 'anyone' ? [{}] : []),
    route.access === 'admin' ? { sessionCookie: ['admin'] } : SESSION,
    { basicAuth: scopes },
    { bearerAuth: scopes },
  ];
}

const BINARY = 'application/octet-stream';
/** OpenAPI 3.1: raw bytes are a string with a media type, and no JSON schema of their own. */
const BINARY_SCHEMA = { type: 'string', contentMediaType: BINARY };

type Schemas = ReturnType<typeof createSchemaComponents>;

function parameters(route: RouteContract, schemas: Schemas) {
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
        schema: schemas.convert(field as z.ZodType, 'input'),
      });
    }
  }
  return result;
}

function requestBody(route: RouteContract, schemas: Schemas) {
  const body = route.body!;
  if (body === 'binary') return { required: true, content: { [BINARY]: { schema: BINARY_SCHEMA } } };
  const example = route.bodyExample === undefined ? {} : { example: route.bodyExample };
  return {
    required: !body.safeParse(undefined).success,
    content: { 'application/json': { schema: schemas.convert(body, 'input'), ...example } },
  };
}

function responses(route: RouteContract, schemas: Schemas) {
  return Object.fromEntries(
    Object.entries(route.responses).map(([status, response]) => [
      status,
      {
        description: response.description,
        ...(response.binary && { content: { [BINARY]: { schema: BINARY_SCHEMA } } }),
        ...(response.schema && {
          content: {
            'application/json': {
              schema: schemas.convert(response.schema, 'output'),
              ...(response.example !== undefined && { example: response.example }),
            },
          },
        }),
      },
    ]),
  );
}

function description(routes: RouteContract[]) {
  const aliases = routes.flatMap((route) =>
    (route.aliases ?? []).map((alias) => `\`${alias}\` (${route.method} \`${route.path}\`)`),
  );
  return (
    'End-to-end encrypted secret sharing. Errors are `{code, message}`. Sign in with the session cookie (the web ' +
    'app), or send an API token as the HTTP Basic username (any password) or as a Bearer token. ' +
    `Every path also answers under \`${API_ALIAS_BASE}\` (the web app's API host), and a trailing slash is ` +
    'ignored.' +
    (aliases.length > 0 ? ` Older paths answer as aliases of the documented ones: ${aliases.join(', ')}.` : '')
  );
}

/** The OpenAPI 3.1 document, generated from the same zod contracts the server validates with. */
export function buildOpenApi(routes: RouteContract[], version: string) {
  const schemas = createSchemaComponents();
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const params = parameters(route, schemas);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description && { description: route.description }),
      ...(route.aliases && { 'x-aliases': route.aliases }),
      security: security(route),
      ...(params.length > 0 && { parameters: params }),
      ...(route.body && { requestBody: requestBody(route, schemas) }),
      responses: responses(route, schemas),
    };
  }
  const resolved = schemas.finish(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hush API',
      version,
      description: description(routes),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      { url: API_BASE, description: 'The canonical base' },
      { url: API_ALIAS_BASE, description: `Alias of ${API_BASE}: the same paths, answered the same way` },
    ],
    tags: API_TAGS.filter((tag) => routes.some((route) => route.tag === tag.name)),
    paths: resolved.document,
    components: { schemas: resolved.schemas, securitySchemes: SECURITY_SCHEMES },
  };
}

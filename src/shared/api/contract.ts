import { z } from 'zod';
import type { RouteScope } from '../rules/tokens.js';

/** The error body every failing call answers with. */
export const ErrorBody = z
  .object({
    code: z.string().describe('Stable error code, e.g. secret.not_found or validation.ttl'),
    message: z.string().describe('English message; clients translate the code'),
  })
  .loose()
  .meta({ id: 'ErrorBody' });

export interface ResponseContract {
  description: string;
  /** The JSON body; every response but a binary one has one. */
  schema?: z.ZodType;
  /** The body is bytes (application/octet-stream), not JSON. */
  binary?: true;
  /** An example body for the OpenAPI document; the contract test checks it against `schema`. */
  example?: unknown;
}

/**
 * Who may call a route, as the server enforces it; the OpenAPI `security` of the route is written from this.
 * - anyone: works anonymously; a session cookie or API token, when sent, is checked (an invalid token: 401)
 * - user: signed in, by session cookie or by API token (HTTP Basic username or Bearer)
 * - session: signed in by session cookie only: an API token cannot change credentials, tokens or the account
 * - admin: an admin, by session cookie or by an admin's API token
 */
export type Access = 'anyone' | 'user' | 'session' | 'admin';

/**
 * Who may call a route, and the scope an API token needs for it (src/shared/rules/tokens.ts): a token without it is
 * refused with 403 auth.token_scope, not taken for anonymous; the role `access` asks for is checked as well. A route
 * that needs an account names its scope (issue 29.6: none answers any token); one for anyone may (a token sent is
 * then held to it); one for the session alone has none (no token reaches it).
 */
export type RouteAccess =
  | { access: 'user' | 'admin'; scope: RouteScope }
  | { access: 'anyone'; scope?: RouteScope }
  | { access: 'session'; scope?: never };

/** One HTTP route of the public API: what it takes and every status it may answer with. */
export type RouteContract = RouteFields & RouteAccess;

interface RouteFields {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the API base, OpenAPI style: `/secret/{id}`. */
  path: string;
  /** The OpenAPI operationId: stable and unique, so that generated clients have named calls. Never rename one. */
  operationId: string;
  /**
   * Older paths (OpenAPI style, below the API base) that answer exactly like `path`, kept for compatibility. They
   * are listed on the operation (x-aliases), not in the document's paths, where they would be ambiguous.
   */
  aliases?: string[];
  summary: string;
  /** Longer text for the OpenAPI document, when the summary does not say it all. */
  description?: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (documented in OpenAPI; the handler reads them itself). */
  headers?: z.ZodObject;
  /** The JSON body's schema, or 'binary' for a raw application/octet-stream body. */
  body?: z.ZodType | 'binary';
  /** An example JSON body for the OpenAPI document; the contract test checks it against `body`. */
  bodyExample?: unknown;
  responses: Record<number, ResponseContract>;
}

export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

/** `POST /secret/{id}`: how a route is named in tests, lists and messages. */
export const routeKey = (route: Pick<RouteContract, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** PostgreSQL text cannot hold NUL: refuse it up front (400) instead of failing in the database (500). */
export const noNul = (schema: z.ZodString) => schema.regex(/^[^\0]*$/, 'must not contain NUL characters');

export const errorResponse = (description: string): ResponseContract => ({ description, schema: ErrorBody });

/** The refusal of an API token used beyond its scopes: what a route with a `scope` declares for 403. */
export const scopeRefusal = (scope: RouteScope) =>
  scope === 'legacy'
    ? 'an API token made with scopes: only a session, or a token made before scopes (auth.session_required)'
    : `an API token without the ${scope} scope (auth.token_scope)`;

import { z } from 'zod';

/** The error body every failing call answers with. */
export const ErrorBody = z
  .object({
    code: z.string().describe('Stable error code, e.g. secret.not_found or validation.ttl'),
    message: z.string().describe('English message; clients translate the code'),
  })
  .loose();

export interface ResponseContract {
  description: string;
  /** The JSON body; every response but a binary one has one. */
  schema?: z.ZodType;
  /** The body is bytes (application/octet-stream), not JSON. */
  binary?: true;
}

/** One HTTP route of the public API: what it takes and every status it may answer with. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the API base, OpenAPI style: `/secret/{id}`. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (documented in OpenAPI; the handler reads them itself). */
  headers?: z.ZodObject;
  /** The JSON body's schema, or 'binary' for a raw application/octet-stream body. */
  body?: z.ZodType | 'binary';
  responses: Record<number, ResponseContract>;
}

export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

/** PostgreSQL text cannot hold NUL: refuse it up front (400) instead of failing in the database (500). */
export const noNul = (schema: z.ZodString) => schema.regex(/^[^\0]*$/, 'must not contain NUL characters');

export const errorResponse = (description: string): ResponseContract => ({ description, schema: ErrorBody });

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KnownErrorCode } from '../../shared/errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { outOfSpace } from '../lib/out-of-space.js';
import { HttpError, httpError, storageFull } from './errors.js';
import type { RequestHeaders } from './security.js';

// Fastify's own errors for bad requests, turned into our codes. Anything unknown with a 4xx status still
// answers 4xx with a generic code; only real faults answer 500, and never with internals.
const FASTIFY_CODES: Record<string, [number, KnownErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request.unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request.invalid'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.too_large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.invalid_json'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.invalid_json'],
  FST_ERR_BAD_URL: [400, 'request.invalid'],
  FST_ERR_MAX_PARAM_LENGTH: [400, 'request.invalid'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'request.invalid'],
};

function toHttpError(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error;
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return httpError(known[0], known[1]);
  if (error instanceof SyntaxError) return httpError(400, 'request.invalid_json');
  const status = error.statusCode ?? 500;
  if (status === 413) return httpError(413, 'request.too_large');
  if (status === 415) return httpError(415, 'request.unsupported_media_type');
  if (status === 408) return httpError(408, 'request.timeout');
  if (status >= 400 && status < 500) return httpError(status, 'request.invalid');
  if (outOfSpace(error)) return storageFull(error);
  if (isDatabaseUnavailable(error)) return httpError(503, 'server.unavailable');
  return httpError(500, 'server.error');
}

/** The one place where failures become `{code, message}` responses. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const httpErr = toHttpError(error);
    if (httpErr.code === 'storage.full') {
      // Said once per request, by the cause's code alone: a filesystem error's message names the file, and the
      // file storage's paths hold ids.
      const space = outOfSpace(error);
      request.log.error(
        { cause: space?.code },
        space?.database ? 'no space left for the database' : 'no space left in the file storage',
      );
    } else if (httpErr !== error && httpErr.status === 503) {
      // Said once per request, without the stack: the cause is outside this process.
      request.log.warn({ cause: String((error as Error).message) }, 'the database is unavailable');
      reply.header('retry-after', '5');
    } else if (httpErr.status >= 500) request.log.error({ err: error }, 'request failed');
    reply.header('cache-control', 'no-store');
    if (httpErr.status === 413) reply.header('connection', 'close');
    return reply.status(httpErr.status).send(httpErr.toBody());
  });
}

/**
 * Fastify's router answers malformed URLs and over-long path parameters itself, before any hook or error handler
 * runs; passed to Fastify as `frameworkErrors`, this gives them the same headers and `{code, message}` body as
 * every other error. (Fastify builds these requests without its trusted-proxy logic: behind a proxy they carry HSTS
 * only when HUSH_PUBLIC_URL is https.)
 */
export function frameworkErrorHandler(headers: RequestHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const httpErr = toHttpError(error);
    reply.headers(headers(request)).header('cache-control', 'no-store');
    reply.status(httpErr.status).send(httpErr.toBody());
  };
}

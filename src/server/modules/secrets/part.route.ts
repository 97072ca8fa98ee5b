import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { FILE_LIMITS, fileRoutes as api, UPLOAD_TOKEN_HEADER } from '../../../shared/api/files.contract.js';
import { HttpError, requestInvalid } from '../../http/errors.js';
import { fastifyPath } from '../../http/route.js';
import { parseInput } from '../../http/validation.js';
import { lengthRequired, mediaType, partTooLarge } from './attachments/attachments.errors.js';
import type { SecretFiles } from './secrets.files.js';

/** The upload token from its header; a repeated header counts as none. */
export function uploadToken(request: FastifyRequest): string | undefined {
  const value = request.headers[UPLOAD_TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** The Content-Length, which a part must have (411 without); decimal digits only. */
function contentLength(request: FastifyRequest): number {
  const header = request.headers['content-length'];
  if (header === undefined) throw lengthRequired();
  if (!/^\d{1,16}$/.test(header)) throw requestInvalid();
  return Number(header);
}

/**
 * PUT a part. Its body is handed over as the raw stream (never buffered, and not subject to the JSON body limit):
 * the parser below only passes it on. Everything is decided before a byte of it is read: the length from the
 * Content-Length header (413 at once when it is over the part's, 411 without one), the media type (415), the token,
 * the file and the part number. A refused request closes the connection, so the client stops sending.
 */
export function partRoute(service: SecretFiles, rateLimit: { max: number; timeWindow: number } | undefined) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    // Any other type: no body is read, and the handler refuses it (after the caller checks, as on other routes).
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400 && !request.raw.readableEnded) reply.header('connection', 'close');
    });

    app.route({
      method: api.uploadPart.method,
      url: fastifyPath(api.uploadPart.path),
      ...(rateLimit && { config: { rateLimit } }),
      handler: async (request, reply) => {
        const length = contentLength(request);
        if (length > FILE_LIMITS.maxPartBytes) throw partTooLarge(FILE_LIMITS.maxPartBytes, 'at most');
        const params = parseInput(api.uploadPart.params, request.params, 'params');
        // Another type, or no Content-Type and no body.
        if (!(request.body instanceof Readable)) throw mediaType();
        const stored = await service
          .putPart(params.id, uploadToken(request), {
            fileId: params.fileId,
            part: params.part,
            length,
            body: request.body,
          })
          .catch((error: unknown) => {
            // The client went away mid-part: nothing was stored, and no one is listening for the answer. A refusal
            // of ours (a full storage, a bad file header) also leaves the body unread, and is answered as it is.
            if (request.raw.readableAborted && !(error instanceof HttpError)) throw requestInvalid();
            throw error;
          });
        return reply.send(stored);
      },
    });
  };
}

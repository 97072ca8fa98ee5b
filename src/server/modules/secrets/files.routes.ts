import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { fileRoutes as api } from '../../../shared/api/files.contract.js';
import { addRoute } from '../../http/route.js';
import type { SecretFiles } from './secrets.files.js';
import { partRoute, uploadToken } from './part.route.js';

export interface FileRoutesOptions {
  /** Requests per IP and window for part uploads (a 1 GiB file is a thousand parts); undefined: no rate limits. */
  partRateLimit?: { max: number; timeWindow: number } | undefined;
}

/**
 * Runs `work` with the connection's idle timeout (HUSH_REQUEST_TIMEOUT) lifted, and puts it back before the answer
 * goes out. Storing a large file takes a while with nothing on the wire, and that timeout is for clients slow to
 * send: cutting the connection only makes the client send the completion again. (An injected request has no socket.)
 */
async function withoutIdleTimeout<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const socket = request.raw.socket as Partial<Socket> | null;
  if (typeof socket?.setTimeout !== 'function') return work();
  socket.setTimeout(0);
  try {
    return await work();
  } finally {
    socket.setTimeout(request.server.server.timeout);
  }
}

export function filesRoutes(service: SecretFiles, options: FileRoutesOptions = {}) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.uploadStatus, ({ params, request }) => service.uploadStatus(params.id, uploadToken(request)));
    addRoute(app, api.completeUpload, ({ params, request }) =>
      withoutIdleTimeout(request, () => service.completeUpload(params.id, uploadToken(request))),
    );
    addRoute(app, api.download, async ({ body, reply }) => {
      const file = await service.download(body.key, body.secretId);
      // The server never knows the real name: the file id, and the reader's page names it after decrypting.
      reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.id}.hush"`)
        .header('content-length', String(file.size));
      return file.stream;
    });
    // Its own scope: the raw-body parser applies to this route only.
    await app.register(partRoute(service, options.partRateLimit));
  };
}

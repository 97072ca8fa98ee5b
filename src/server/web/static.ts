import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../http/errors.js';
import { injectRuntimeConfig, type RuntimeConfig } from './runtime-config.js';

const isApiPath = (url: string) => /^\/(api|healthz|readyz)(\/|$|\?)/.test(url);

/**
 * Serves the built web client: hashed assets cached forever, every other GET answered with index.html (the
 * client's router draws the page, including its 404). Unknown API paths answer a JSON 404.
 */
export async function registerWebClient(
  app: FastifyInstance,
  clientDir: string | null,
  runtimeConfig: RuntimeConfig,
): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const indexHtml =
    indexFile && fs.existsSync(indexFile)
      ? injectRuntimeConfig(fs.readFileSync(indexFile, 'utf8'), runtimeConfig)
      : null;

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // scripts/compress-assets.mjs wrote .br and .gz beside each asset at build time.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!indexHtml || !wantsPage || isApiPath(request.url)) throw httpError(404, 'request.not_found');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

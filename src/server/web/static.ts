import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CLI_FILE } from '../../shared/rules/cli-download.js';
import { looksLikePage, NOT_FOUND_PATH, pagePath } from '../../shared/rules/pages.js';
import { notFound } from '../http/errors.js';
import { cliDownloadRoutes } from './cli-download.js';
import { injectRuntimeConfig, type RuntimeConfig } from './runtime-config.js';

const wantsHtml = (accept: string | undefined) => accept !== undefined && accept.includes('text/html');

/**
 * Serves the built web client: hashed assets cached forever, and index.html for the app's pages (the client's
 * router draws them). Anything else is a 404: with the app's 404 page for a browser asking for a page-like path
 * (/admin), a bare `{code, message}` for the rest (/.env, /wp-login.php, /metrics when off, unknown API paths).
 * The command-line client the build put in the same folder is served by cli-download.ts.
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
      // The command-line client has routes of its own (a type and a checksum of its own).
      globIgnore: [CLI_FILE, `${CLI_FILE}.*`],
      // scripts/compress-assets.mjs wrote .br and .gz beside each asset at build time.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (clientDir) await app.register(cliDownloadRoutes(clientDir));

  app.setNotFoundHandler((request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!indexHtml || !read || !looksLikePage(request.url)) throw notFound();
    const known = pagePath(request.url) !== NOT_FOUND_PATH;
    if (!known && !wantsHtml(request.headers.accept)) throw notFound();
    return reply
      .status(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}

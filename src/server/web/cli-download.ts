import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CLI_CHECKSUM_PATH, CLI_FILE, CLI_PATH, checksumLine } from '../../shared/rules/cli-download.js';
import { notFound } from '../http/errors.js';

interface CliFile {
  bytes: Buffer;
  sha256: string;
  /** Size and modification time of the file these bytes were read from. */
  stamp: string;
}

/**
 * The command-line client the build wrote beside the web client (scripts/build-cli.mjs), and its SHA-256 in the
 * line `sha256sum -c` reads. The file is read and hashed at the first request, so the start pays nothing, and again
 * only when it changes on disk (a build into the folder of a running server): the checksum always belongs to the
 * bytes served. It changes with every deployment, so caches must ask again (no-cache) and may keep it by its ETag.
 * Without the file (a server run from the sources, or an older build) both paths are a plain 404.
 */
export function cliDownloadRoutes(clientDir: string) {
  const file = path.join(clientDir, CLI_FILE);
  let loaded: CliFile | null = null;

  const load = async (): Promise<CliFile> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    const stamp = `${info.size}:${info.mtimeMs}`;
    if (loaded?.stamp !== stamp) {
      const bytes = await readFile(file);
      loaded = { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), stamp };
    }
    return loaded;
  };

  // HEAD tells a download tool the size and the ETag; both handlers only read.
  const options = { exposeHeadRoute: true };
  return async (app: FastifyInstance) => {
    app.get(CLI_PATH, options, async (request, reply) => {
      const cli = await load();
      const etag = `"${cli.sha256.slice(0, 32)}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag);
      const known = request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag);
      if (known) return reply.status(304).send();
      return reply.type('text/javascript; charset=utf-8').send(cli.bytes);
    });
    app.get(CLI_CHECKSUM_PATH, options, async (_request, reply) => {
      const cli = await load();
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(checksumLine(cli.sha256));
    });
  };
}

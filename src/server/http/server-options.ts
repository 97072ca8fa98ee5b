import { LogController, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { frameworkErrorHandler } from './error-handler.js';
import { requestIdOptions } from './request-id.js';
import type { RequestHeaders } from './security.js';

/** The Fastify server's options (app.ts creates the server with them): logging, limits, timeouts, routing. */
export function serverOptions(
  config: Config,
  headers: RequestHeaders,
  /** The process's logger, or where a new one writes (default: standard output). */
  logging: { logger?: Logger | undefined; logStream?: { write(line: string): void } | undefined },
): FastifyServerOptions {
  return {
    loggerInstance: logging.logger ?? createLogger(config.logLevel, logging.logStream),
    // Fastify's own request lines would carry the URL: registerRequestLog writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    ...requestIdOptions(config.trustedProxies),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: Math.ceil(config.maxTextBytes * 1.5) + 64 * 1024,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // A closing app answers in the API's shape itself (http/draining.ts).
    return503OnClosing: false,
    // Fastify would answer HEAD on every GET route by running the GET handler: on GET /secret/{id} that spends a
    // view. HEAD exists only where a route asks for it (health checks; the web client's pages and assets).
    exposeHeadRoutes: false,
    frameworkErrors: frameworkErrorHandler(headers),
  };
}

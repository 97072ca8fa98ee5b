import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * The one logger of a process: JSON lines (pino) on standard output, or on `stream` (tests read them). The server
 * hands it to Fastify, so start-up, migrations, Redis and requests all write the same shape.
 */
export function createLogger(level: string, stream?: { write(line: string): void }): Logger {
  return pino(
    {
      level,
      // Paths can hold secret ids or keys (/secret/{key}/{id}): requests are never logged with their URL.
      serializers: {
        req: (request: { method: string; routeOptions?: { url?: string } }) => ({
          method: request.method,
          route: request.routeOptions?.url,
        }),
      },
    },
    ...(stream ? [stream] : []),
  );
}

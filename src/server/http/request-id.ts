import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { ipMatches } from '../../shared/rules/ip.js';
import { newRequestId } from './request-log.js';

/** Ids proxies make: nginx's $request_id (32 hex), UUIDs, ULIDs, AWS's `Root=1-…`. Nothing that could break a line. */
const REQUEST_ID = /^[A-Za-z0-9._:=+/@-]{1,128}$/;
/** W3C Trace Context, version 00: lower-case hex, neither id all zeros (https://www.w3.org/TR/trace-context/). */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The request id and trace context a proxy hands on (`X-Request-Id`, `traceparent`), so that a request's lines can
 * be found beside the proxy's and a tracer's. They are believed as X-Forwarded-For is: only from a socket peer in
 * HUSH_TRUSTED_PROXIES (Fastify's trustProxy list), which sets them itself. From anyone else, or when malformed, a
 * fresh id is made and no trace kept: a client must not choose the id its lines are filed under (nor pass one off
 * as another request's), and a header is never copied into a log line unchecked.
 */
export function requestIdOptions(
  trustedProxies: readonly string[],
): Pick<FastifyServerOptions, 'genReqId' | 'childLoggerFactory'> {
  // Without a trusted proxy nothing is ever believed: Fastify's own per-request paths, which cost nothing more.
  if (trustedProxies.length === 0) return { genReqId: () => newRequestId() };
  const fromProxy = (raw: IncomingMessage, name: string, pattern: RegExp): string | undefined => {
    const value = raw.headers[name];
    if (typeof value !== 'string' || !pattern.test(value)) return undefined;
    return trustedProxies.some((rule) => ipMatches(raw.socket.remoteAddress, rule)) ? value : undefined;
  };
  return {
    genReqId: (raw) => fromProxy(raw, 'x-request-id', REQUEST_ID) ?? newRequestId(),
    childLoggerFactory(logger, bindings, options, raw) {
      const traceparent = fromProxy(raw as IncomingMessage, 'traceparent', TRACEPARENT);
      return logger.child(traceparent ? { ...bindings, traceparent } : bindings, options);
    },
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cspHeaderValue } from '../../shared/rules/csp.js';

/** Whether a request reached the user over HTTPS: decides HSTS and the cookies' Secure flag. */
export type HttpsCheck = (request: Pick<FastifyRequest, 'protocol'>) => boolean;

/**
 * An https HUSH_PUBLIC_URL says HTTPS for every request (the operator wants Secure cookies and HSTS even if the proxy
 * forgets X-Forwarded-Proto). Otherwise the request's protocol decides: Fastify takes it from X-Forwarded-Proto only
 * when the socket peer is a trusted proxy (trustProxy), so a client talking to Hush directly cannot claim HTTPS.
 */
export function httpsCheck(publicUrl: string): HttpsCheck {
  if (publicUrl.startsWith('https://')) return () => true;
  return (request) => request.protocol === 'https';
}

/**
 * The security headers of DESIGN.md §7. They vary only with HTTPS, so both variants are computed once and set with
 * one call (helmet rebuilt them per request, a measurable cost on the hot paths).
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': cspHeaderValue(),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    // HSTS only makes sense (and is only honoured) over HTTPS.
    ...(options.https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
}

export type RequestHeaders = (request: Pick<FastifyRequest, 'url' | 'protocol'>) => Record<string, string>;

/** Both variants of the headers, for pages and for API answers (which are never cached). */
function headerVariant(https: boolean) {
  const page = securityHeaders({ https });
  return { page, api: { ...page, 'cache-control': 'no-store' } };
}

/** The headers for one request, chosen among maps computed once: HSTS under HTTPS, no-store under /api/. */
export function headersFor(isHttps: HttpsCheck): RequestHeaders {
  const plain = headerVariant(false);
  const secure = headerVariant(true);
  return (request) => {
    const variant = isHttps(request) ? secure : plain;
    return request.url.startsWith('/api/') ? variant.api : variant.page;
  };
}

/**
 * Every answer's own headers, set in one hook on every request: the security headers, and `X-Request-Id` naming the
 * request (the proxy's id when it was believed, ours otherwise: http/request-id.ts). A callback hook, not an async
 * one: a promise per request is measurable.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: RequestHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers(request));
    reply.header('x-request-id', request.id);
    done();
  });
}

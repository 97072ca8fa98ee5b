import type { FastifyInstance } from 'fastify';

/** Content-Security-Policy for every response; the web client is built to need nothing inline. */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  // argon2id runs as WebAssembly: 'wasm-unsafe-eval' allows compiling it, and nothing else.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const cspHeaderValue = (): string =>
  Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/**
 * The security headers of DESIGN.md §7. They never vary by request, so they are computed once and set with one
 * call (helmet rebuilt them per request, a measurable cost on the hot paths).
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

/** The headers for one request: API answers are never cached. */
export function headersFor(options: { https: boolean }): (url: string) => Record<string, string> {
  const headers = securityHeaders(options);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  return (url) => (url.startsWith('/api/') ? apiHeaders : headers);
}

export function registerSecurityHeaders(app: FastifyInstance, headers: (url: string) => Record<string, string>): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers(request.url));
  });
}

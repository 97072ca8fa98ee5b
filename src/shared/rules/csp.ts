/**
 * The Content-Security-Policy of DESIGN.md §7, in one place: the server sends it as a header on every response
 * (server/http/security.ts) and the build writes it into index.html as a <meta> (scripts/vite-csp-meta.ts). The web
 * client is built to need nothing inline.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
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

/**
 * Directives the <meta> leaves to the header. HTML forbids report-uri, frame-ancestors and sandbox in a
 * `<meta http-equiv="Content-Security-Policy">` and browsers drop them there (with a console warning). report-to is
 * allowed but only works with the Reporting-Endpoints header, and would report every violation a second time.
 */
export const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

const serialize = (directives: [string, readonly string[]][]) =>
  directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

export const cspHeaderValue = (): string => serialize(Object.entries(CSP_DIRECTIVES));

/**
 * The policy for index.html's <meta>: the header's, without the directives a <meta> cannot carry. A browser enforces
 * both policies (a load must pass each), and this one is never stricter than the header, so it blocks nothing the
 * header allows; it still holds where a proxy or a static copy of dist/client drops the header.
 *
 * The header is the same with and without HTTPS (only HSTS differs), and so is the meta. Should the header ever add
 * upgrade-insecure-requests under HTTPS, it must not come here: the built file is served over plain HTTP too (the
 * default 127.0.0.1:3000), where upgrading every request would break the page.
 */
export const cspMetaContent = (): string =>
  serialize(Object.entries(CSP_DIRECTIVES).filter(([name]) => !HEADER_ONLY_DIRECTIVES.includes(name)));

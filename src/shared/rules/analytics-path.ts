/**
 * The path recorded for a page view: secret and request ids and keys never leave the browser in analytics. Everything
 * under /secret/ becomes /secret; a user's public list becomes /public/:username; a request's fill link becomes
 * /request/:id and its inbox /account/requests/:id; a receipt (its delete token in the fragment) /receipt/:id.
 */
export function analyticsPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  if (/^\/secret(\/|$)/.test(path)) return '/secret';
  if (/^\/public\/[^/]+/.test(path)) return '/public/:username';
  if (/^\/request\/[^/]+/.test(path)) return '/request/:id';
  if (/^\/receipt\/[^/]+/.test(path)) return '/receipt/:id';
  const inbox = /^\/account\/requests\/([^/]+)\/?$/i.exec(path);
  if (inbox && inbox[1]!.toLowerCase() !== 'new') return '/account/requests/:id';
  return path.length > 100 ? path.slice(0, 100) : path;
}

/**
 * The path recorded for a page view: secret ids and keys never leave the browser in analytics. Everything under
 * /secret/ becomes /secret; a user's public list becomes /public/:username.
 */
export function analyticsPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  if (/^\/secret(\/|$)/.test(path)) return '/secret';
  if (/^\/public\/[^/]+/.test(path)) return '/public/:username';
  return path.length > 100 ? path.slice(0, 100) : path;
}

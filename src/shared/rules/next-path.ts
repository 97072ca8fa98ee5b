/**
 * Where to go after signing in: a path inside this app from `?next=`, never another site or an auth page. The page
 * (after a password sign-in) and the server (after an OpenID sign-in, whose callback redirects) both use it.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/account';
  // Control characters would end up in a Location header.
  if (next.length > 1024 || [...next].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return '/account';
  if (/^\/(signin|signup|signout|setup)(?:[/?#]|$)/.test(next)) return '/account';
  return next;
}

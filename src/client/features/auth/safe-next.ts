/** Where to go after signing in: a path inside this app from `?next=`, never another site or an auth page. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/account';
  if (/^\/(signin|signup|signout|setup)(?:[/?#]|$)/.test(next)) return '/account';
  return next;
}

/** The page a sign-in goes to when `?next=` is missing or not a safe path of this app. */
const HOME = '/account';

/**
 * Where to go after signing in: a path inside this app from `?next=`, never another site or an auth page. The page
 * (after a password sign-in) and the server (after an OpenID sign-in, whose callback redirects) both use it.
 *
 * The result is always a valid Location header: spaces and non-ASCII characters are percent-encoded (UTF-8, as a
 * browser would), so `/account/€` goes to `/account/%E2%82%AC`; a Location the server cannot send would fail the
 * OpenID callback after its flow was spent. Applying it again changes nothing.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME;
  // Control characters (C0, DEL, C1) would end up in a header; a lone surrogate has no UTF-8 to encode.
  if (next.length > 1024 || /[\p{Cc}\p{Cs}]/u.test(next)) return HOME;
  const encoded = next.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  if (encoded.length > 1024) return HOME;
  if (/^\/(signin|signup|signout|setup)(?:[/?#]|$)/.test(encoded)) return HOME;
  return encoded;
}

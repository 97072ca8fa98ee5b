/**
 * Issue 16.4, the emailed account links: the one owner of their paths, lifetimes and token shape, read by the
 * contracts, the server that writes the emails and the pages that open them.
 *
 * The token travels in the fragment (`/reset-password#<token>`): browsers never send a fragment to a server, so it
 * stays out of access logs, proxies and Referer headers; the page reads it and POSTs it.
 */

/** confirm_signup (issue 29.1): a sign-up on an instance that sends email makes its account only by this link. */
export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'reset_password', 'confirm_signup'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** How long a link stays valid: a reset link briefly (it is as good as the password), a verification for two days. */
export const EMAIL_TOKEN_MINUTES: Record<EmailTokenPurpose, number> = {
  reset_password: 30,
  verify_email: 48 * 60,
  confirm_signup: 48 * 60,
};

/** The page each link opens. */
export const EMAIL_LINK_PATHS: Record<EmailTokenPurpose, string> = {
  verify_email: '/verify-email',
  reset_password: '/reset-password',
  confirm_signup: '/confirm-signup',
};

/** 32 random bytes, base64url. */
export const EMAIL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The link as it is emailed: the instance's address, the page, the token in the fragment. */
export const emailLink = (publicUrl: string, purpose: EmailTokenPurpose, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${EMAIL_LINK_PATHS[purpose]}#${token}`;

/** The token of an opened link's fragment (`#<token>`, the `#` included or not), or null when it is not one. */
export function tokenFromFragment(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return EMAIL_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * Spec §5 account rules: the one copy the zod contracts, the server, the web page and the CLI all read. Lengths are
 * counted in Unicode code points (`charCount`), as zod's min and max count them, so the page and the server agree on
 * every value (an emoji is one character, not two).
 */

export const charCount = (text: string) => [...text].length;

/** Usernames: 4–20 characters of letters, digits, `.`, `_` and `-`, so they fit in a URL (/public/:username). */
export const USERNAME = { min: 4, max: 20, pattern: /^[A-Za-z0-9._-]+$/ } as const;
/** Account passwords: 5–50 characters. */
export const PASSWORD = { min: 5, max: 50 } as const;
/** The longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * The page's check before sending: something@something.tld. The server applies the stricter z.email() as well, so
 * the page never accepts what the server refuses without saying why (the server's error is shown then).
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email domain such as example.com (letters, digits and hyphens per label, at least two labels). */
export const EMAIL_DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The domain of a `restrict_organization_email` value ("example.com" or "@example.com"), or '' for none. */
export const allowedDomain = (restriction: string) => restriction.trim().replace(/^@/, '').toLowerCase();

/** Whether an email address may be used under that restriction (any address when there is none). */
export function emailInDomain(email: string, restriction: string): boolean {
  const domain = allowedDomain(restriction);
  return domain === '' || email.trim().toLowerCase().endsWith(`@${domain}`);
}

/** Spec §3/§9: the roles, the default first. */
export const ROLES = ['user', 'creator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The admin's users list: `take` per page by default and at most, and the furthest `skip`. */
export const USERS_PAGE = { defaultTake: 20, maxTake: 100, maxSkip: 1_000_000 } as const;

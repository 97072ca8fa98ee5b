import { randomInt } from 'node:crypto';
import { USERNAME, type Role } from '../../../shared/rules/account.js';

/** What Hush reads of an ID token (and of the userinfo answer, when the token leaves the email out). */
export interface OidcClaims {
  iss: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  preferred_username?: unknown;
  [claim: string]: unknown;
}

/** HUSH_OIDC_ROLE_CLAIM and the values that make an admin or a creator; null: roles are managed in Hush. */
export interface RoleMapping {
  claim: string;
  admin: string[];
  creator: string[];
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export const emailOf = (claims: OidcClaims) => text(claims.email)?.toLowerCase() ?? null;

/** Only `true` counts: providers send "true" strings, or nothing, for addresses nobody checked. */
export const emailVerified = (claims: OidcClaims) => claims.email_verified === true;

/**
 * A claim by its name, or else by a dotted path into objects (Keycloak's `realm_access.roles`): a name wins, since
 * some providers name claims with dots (URLs).
 */
function claimAt(claims: OidcClaims, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let value: unknown = claims;
  for (const step of name.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, step))
      return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** The role the claim gives (a string or a list of strings); admin wins over creator, anyone else is a user. */
export function roleFrom(claims: OidcClaims, mapping: RoleMapping): Role {
  const raw = claimAt(claims, mapping.claim);
  const values = (Array.isArray(raw) ? raw : [raw]).filter((value): value is string => typeof value === 'string');
  if (values.some((value) => mapping.admin.includes(value))) return 'admin';
  if (values.some((value) => mapping.creator.includes(value))) return 'creator';
  return 'user';
}

/** A username in the USERNAME rules, from preferred_username or the email's local part (else "user"). */
export function usernameBase(claims: OidcClaims): string {
  const source = text(claims.preferred_username) ?? emailOf(claims)?.split('@')[0] ?? '';
  const cleaned = source
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, USERNAME.max);
  return cleaned.length >= USERNAME.min ? cleaned : `${cleaned || 'user'}${'0'.repeat(USERNAME.min)}`.slice(0, 8);
}

/** Candidates for a new account's username: the base, then the base with a random number. */
export function* usernameCandidates(base: string, tries = 8): Generator<string> {
  yield base;
  for (let i = 0; i < tries; i++) {
    const suffix = String(randomInt(1000, 100_000));
    yield `${base.slice(0, USERNAME.max - suffix.length)}${suffix}`;
  }
}

import type { Generated } from 'kysely';

/**
 * The tables of how people prove who they are (schema.ts gathers every table in DB): second factors, sign-ins
 * waiting for one, API tokens, emailed links, passkeys, OpenID identities and sign-ups waiting for their link.
 */

/** An account's authenticator app (0011); `confirmed_at` null: enrolment not yet proven by a code. */
export interface TotpCredentialsTable {
  user_id: string;
  /** The base32 TOTP key. */
  secret: string;
  created_at: number;
  confirmed_at: number | null;
  /** The 30-second step of the last code accepted: a code is good once. */
  last_step: number | null;
  /** 1: confirmed while the account's address was unproven (0015); a password reset removes it. */
  added_unverified: Generated<number>;
}

/** A one-time backup code (0011): only its SHA-256. */
export interface BackupCodesTable {
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A correct password waiting for its second factor (0011): keyed by the SHA-256 of the `hush_pending` cookie. */
export interface PendingSigninsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  failures: Generated<number>;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  /** JSON array of scopes (shared/rules/tokens.ts); null: made before scopes, acts with all its user may. */
  scopes: string | null;
}

/** A one-time emailed link (0012): only its SHA-256; `email` is the address it went to. */
export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  /** shared/rules/account-email.ts: verify_email | reset_password. */
  purpose: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A registered WebAuthn credential (0014); `public_key` is COSE, base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  /** JSON array of transports ('internal', 'usb', 'hybrid'…); null: none reported. */
  transports: string | null;
  name: string;
  /** singleDevice | multiDevice */
  device_type: string;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
  /** 1: added while the account's address was unproven (0015); a password reset removes it. */
  added_unverified: Generated<number>;
}

/** A WebAuthn challenge handed out (0014): single use; `user_id` null for a passwordless sign-in. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  /** register | signin */
  purpose: string;
  user_id: string | null;
  expires_at: number;
}

/** An account's identity at an OpenID provider (0013): issuer and subject are unique together. */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  /** The configured provider id (config-oidc.ts) it came through. */
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: number;
  last_used_at: number | null;
  /** The random password's hash of the account this identity created (still that: nobody knows the password). */
  created_password_hash: string | null;
  /** 1: added while the account's address was unproven (0015); a password reset removes it. */
  added_unverified: Generated<number>;
}

/** A sign-in on its way through an OpenID provider (0013): keyed by the SHA-256 of the browser's cookie. */
export interface OidcFlowsTable {
  id: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  /** Where the browser goes after (a path of this site). */
  next: string;
  /** Set when a signed-in user links a provider to their account. */
  user_id: string | null;
  expires_at: number;
}

/** An identity waiting for the account's password to confirm a link by verified email (0013). */
export interface OidcLinkTicketsTable {
  id: string;
  user_id: string;
  provider: string;
  issuer: string;
  subject: string;
  email: string;
  id_token: string | null;
  /** The role claim's role, applied once the link is confirmed; null without HUSH_OIDC_ROLE_CLAIM. */
  role: string | null;
  next: string;
  expires_at: number;
}

/**
 * A sign-up waiting for the link emailed to its address (0015): only the SHA-256 of the link's token, and the
 * argon2id hash of the password chosen (the account's, once the link is opened with it).
 */
export interface SignupRequestsTable {
  token_hash: string;
  username: string;
  email: string;
  password_hash: string;
  created_at: number;
  expires_at: number;
}

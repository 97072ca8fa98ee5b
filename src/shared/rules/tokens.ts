/**
 * API tokens (issue 16): what a token may do, and the choices the page offers. The one copy the contracts, the
 * server, the web page and the CLI read.
 *
 * A token acts as its user, within its scopes: the server checks both, on every call, so a token never does more
 * than its scope allows or its user may (a user demoted from admin loses admin in every token at once). A token made
 * before scopes existed has none stored (null): it keeps acting with everything its user may, so that no existing
 * integration breaks.
 */

/**
 * - `secrets:read`: the user's own secrets, their receipts and the ended ones, activity and notification settings
 * - `secrets:create`: creating secrets (with files) as the user, and burning the user's own secrets
 * - `requests`: creating, listing, opening, revoking and deleting the user's requests for secrets
 * - `account:read`: who the token's user is (the account, GET /authentication/verify), their API tokens (never the
 *   tokens themselves) and linked sign-in providers
 * - `admin`: the admin routes, statistics and analytics (and only while the user is an admin)
 */
export const TOKEN_SCOPES = ['secrets:read', 'secrets:create', 'requests', 'account:read', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const isTokenScope = (value: unknown): value is TokenScope =>
  (TOKEN_SCOPES as readonly unknown[]).includes(value);

/**
 * The scope an owner's API token needs to burn the owner's secret. A delete token or the key proof needs none, so an
 * API token sent along never stands in their way (the CLI sends it with every call, and burns a half-made secret).
 */
export const BURN_SCOPE: TokenScope = 'secrets:create';

/** What a new token may do when its creator does not say. */
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = ['secrets:read', 'secrets:create'];

/** The scopes a user of this role may give a token: `admin` only while an admin. */
export const scopesFor = (role: string): readonly TokenScope[] =>
  role === 'admin' ? TOKEN_SCOPES : TOKEN_SCOPES.filter((scope) => scope !== 'admin');

/**
 * What a route asks of an API token: one of the scopes, or `legacy`, for account settings no scope grants (the
 * user's webhooks): only a session, or a token made before scopes, which could manage them then.
 */
export type RouteScope = TokenScope | 'legacy';

/** Whether a token with these scopes (null: made before scopes) may use a route that asks for `needed`. */
export const scopeAllows = (scopes: readonly TokenScope[] | null, needed: RouteScope): boolean =>
  scopes === null || (needed !== 'legacy' && scopes.includes(needed));

/** The lifetimes the page offers, in days; null never expires. The API takes any whole number from 1 to 3650. */
export const TOKEN_EXPIRY_CHOICES = [null, 30, 90, 365] as const;
export const TOKEN_EXPIRY_MAX_DAYS = 3650;
export const TOKEN_NAME_MAX = 64;

/**
 * Passkeys (issue 16.3): the limits the contracts, the server and the web page share.
 *
 * A passkey signs a challenge the server handed out minutes before; each challenge counts once. A user may keep
 * several passkeys (a phone, a laptop, a security key), each with a name of the user's choosing.
 */
export const PASSKEY_NAME_MAX = 64;
/** Passkeys per account: plenty for every device a person owns, and a bound on what one account can store. */
export const PASSKEYS_MAX = 20;
/** How long a registration or sign-in challenge may be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** What a credential id, a key or an authenticator's answer is written in: base64url, without padding. */
export const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

import { z } from 'zod';
import { BASE64URL_PATTERN, PASSKEY_CHALLENGE_MINUTES, PASSKEY_NAME_MAX, PASSKEYS_MAX } from '../rules/passkeys.js';
import { SessionInfo } from './auth.contract.js';
import { defineRoute, errorResponse, noNul } from './contract.js';

/**
 * Issue 16.3: passkeys (WebAuthn). The options and answers are the JSON forms of the WebAuthn dictionaries that
 * @simplewebauthn/browser reads and writes (binary fields in base64url); the server checks every answer against a
 * challenge it handed out, single use, within PASSKEY_CHALLENGE_MINUTES.
 */

const b64u = (max: number) => z.string().max(max).regex(BASE64URL_PATTERN, 'must be base64url');
const Transports = z.array(z.string().max(32)).max(8);
/** What the browser adds (credProps and the like): small, and read by nobody. */
const ClientExtensionResults = z.record(z.string(), z.unknown());
const Attachment = z.enum(['platform', 'cross-platform']);

export const PasskeyName = noNul(z.string().trim().min(1, 'is required').max(PASSKEY_NAME_MAX));

export const Passkey = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    deviceType: z.enum(['singleDevice', 'multiDevice']).describe('multiDevice: a synced passkey'),
    backedUp: z.boolean().describe('The authenticator says the passkey is backed up (synced)'),
  })
  .meta({ id: 'Passkey' });

const Descriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: Transports.optional() });

/** PublicKeyCredentialCreationOptionsJSON: what `startRegistration({ optionsJSON })` takes. */
export const PasskeyRegistrationOptions = z
  .object({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(Descriptor).optional(),
    authenticatorSelection: z.record(z.string(), z.unknown()).optional(),
    attestation: z.string().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
    hints: z.array(z.string()).optional(),
  })
  .loose()
  .meta({ id: 'PasskeyRegistrationOptions' });

/** PublicKeyCredentialRequestOptionsJSON: what `startAuthentication({ optionsJSON })` takes. */
export const PasskeySigninOptions = z
  .object({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(Descriptor).optional(),
    userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
    hints: z.array(z.string()).optional(),
  })
  .loose()
  .meta({ id: 'PasskeySigninOptions' });

/** RegistrationResponseJSON: what `startRegistration` resolves with. */
export const PasskeyRegistrationCredential = z
  .object({
    id: b64u(1400),
    rawId: b64u(1400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64u(4096),
      attestationObject: b64u(32_768),
      transports: Transports.optional(),
      authenticatorData: b64u(16_384).optional(),
      publicKey: b64u(4096).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    authenticatorAttachment: Attachment.optional(),
    clientExtensionResults: ClientExtensionResults,
  })
  .meta({ id: 'PasskeyRegistrationCredential' });

/** AuthenticationResponseJSON: what `startAuthentication` resolves with. */
export const PasskeyAssertion = z
  .object({
    id: b64u(1400),
    rawId: b64u(1400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64u(4096),
      authenticatorData: b64u(16_384),
      signature: b64u(2048),
      userHandle: b64u(128).optional(),
    }),
    authenticatorAttachment: Attachment.optional(),
    clientExtensionResults: ClientExtensionResults,
  })
  .meta({ id: 'PasskeyAssertion' });

export const RegisterPasskeyBody = z
  .object({
    name: PasskeyName.optional().describe('Default: the authenticator’s kind, or “Passkey N”'),
    credential: PasskeyRegistrationCredential,
  })
  .meta({ id: 'RegisterPasskeyBody' });
export const RenamePasskeyBody = z.object({ name: PasskeyName }).meta({ id: 'RenamePasskeyBody' });
export const PasskeySigninBody = z.object({ credential: PasskeyAssertion }).meta({ id: 'PasskeySigninBody' });
export const PasskeyParams = z.object({ id: noNul(z.string().max(64)) });

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const sessionOnly = errorResponse('Needs a signed-in session, not an API token; or a request from another site');
const badToken = errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)');
const notFound = errorResponse('No such passkey of this account (passkey.not_found)');
const rateLimited = errorResponse('Too many requests, or too many refused passkeys from here (auth.too_many_attempts)');
const tooLarge = errorResponse('Body too large');
const notJsonBody = errorResponse('A body was sent that is not valid JSON');
const notJson = errorResponse('Body is not JSON');

export const passkeyRoutes = {
  passkeys: defineRoute({
    method: 'GET',
    path: '/account/passkeys',
    operationId: 'listPasskeys',
    tag: 'account',
    access: 'session',
    summary: 'The account’s passkeys: names and dates, never keys',
    responses: {
      200: { description: 'The passkeys, newest first', schema: z.array(Passkey) },
      401: unauthorized,
      403: sessionOnly,
      429: rateLimited,
    },
  }),
  passkeyRegistrationOptions: defineRoute({
    method: 'POST',
    path: '/account/passkeys/options',
    operationId: 'passkeyRegistrationOptions',
    tag: 'account',
    access: 'session',
    summary: `Start registering a passkey: options for the browser, with a challenge valid ${PASSKEY_CHALLENGE_MINUTES} minutes`,
    description: 'The passkey is discoverable (a resident key), so it can later sign in without a username.',
    responses: {
      200: { description: 'Options for navigator.credentials.create()', schema: PasskeyRegistrationOptions },
      400: notJsonBody,
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse(`The account has ${PASSKEYS_MAX} passkeys already (passkey.limit)`),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  registerPasskey: defineRoute({
    method: 'POST',
    path: '/account/passkeys',
    operationId: 'registerPasskey',
    tag: 'account',
    access: 'session',
    summary: 'Finish registering a passkey with the browser’s answer',
    body: RegisterPasskeyBody,
    responses: {
      201: { description: 'The passkey is registered', schema: Passkey },
      400: errorResponse(
        'A field is invalid, the challenge expired or was used (passkey.challenge_invalid), or the answer does not ' +
          'verify (passkey.registration_failed)',
      ),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('The passkey is registered already (passkey.exists), or there are too many (passkey.limit)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  renamePasskey: defineRoute({
    method: 'PUT',
    path: '/account/passkeys/{id}',
    operationId: 'renamePasskey',
    tag: 'account',
    access: 'session',
    summary: 'Rename a passkey',
    params: PasskeyParams,
    body: RenamePasskeyBody,
    responses: {
      200: { description: 'The renamed passkey', schema: Passkey },
      400: errorResponse('A field (or the id) is invalid'),
      401: unauthorized,
      403: sessionOnly,
      404: notFound,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/account/passkeys/{id}',
    operationId: 'removePasskey',
    tag: 'account',
    access: 'session',
    summary: 'Remove a passkey: it signs in no more',
    params: PasskeyParams,
    responses: {
      200: { description: 'Removed', schema: z.object({ removed: z.literal(true) }) },
      400: errorResponse('The id is malformed (validation.id), or a body was sent that is not valid JSON'),
      401: unauthorized,
      403: sessionOnly,
      404: notFound,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  passkeySigninOptions: defineRoute({
    method: 'POST',
    path: '/authentication/signin/passkey/options',
    operationId: 'passkeySigninOptions',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Start a passkey sign-in: options for the browser, with a single-use challenge',
    description:
      'With a pending sign-in (the hush_pending cookie set after a correct password), the challenge is for that ' +
      'account’s passkeys, as its second factor. Without one, any discoverable passkey of this instance may answer ' +
      'it (no username), and the authenticator must verify its user.',
    responses: {
      200: { description: 'Options for navigator.credentials.get()', schema: PasskeySigninOptions },
      400: notJsonBody,
      401: badToken,
      403: errorResponse('A request from another site (auth.cross_site)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  passkeySignin: defineRoute({
    method: 'POST',
    path: '/authentication/signin/passkey',
    operationId: 'signInWithPasskey',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Sign in with a passkey: alone, or as the second step of a password sign-in',
    body: PasskeySigninBody,
    responses: {
      200: { description: 'Signed in; sets the session cookies', schema: SessionInfo },
      400: errorResponse('A field is invalid, or the challenge expired or was used (passkey.challenge_invalid)'),
      401: errorResponse(
        'The passkey was refused: not registered here (passkey.unknown), of another account than the pending ' +
          'sign-in (passkey.other_account), a signature that does not verify (passkey.invalid), a counter that went ' +
          'backwards (passkey.cloned), or the pending sign-in is gone (passkey.signin_expired)',
      ),
      403: errorResponse(
        'Signing in is disabled for users on this instance (auth.signin_disabled), passwordless sign-in is for ' +
          'admins only in SSO-only mode (auth.sso_only), or a request from another site',
      ),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
};

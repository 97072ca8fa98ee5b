import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD, ROLES, USERNAME } from '../rules/account.js';
import { SECOND_FACTOR_METHODS } from '../rules/two-factor.js';
import { defineRoute, errorResponse, noNul, scopeRefusal } from './contract.js';

export const Username = z
  .string()
  .min(USERNAME.min, `must be at least ${USERNAME.min} characters`)
  .max(USERNAME.max, `must be at most ${USERNAME.max} characters`)
  .regex(USERNAME.pattern, 'may contain only letters, digits, dots, dashes and underscores');
export const Password = z
  .string()
  .min(PASSWORD.min, `must be at least ${PASSWORD.min} characters`)
  .max(PASSWORD.max, `must be at most ${PASSWORD.max} characters`);
export const Email = z.email('must be a valid email address').max(EMAIL_MAX_LENGTH);
export const Role = z.enum(ROLES).meta({ id: 'Role' });
export type Role = z.infer<typeof Role>;

export const SignupBody = z.object({ email: Email, username: Username, password: Password }).meta({ id: 'SignupBody' });
export const SigninBody = z
  .object({
    username: noNul(z.string().min(1).max(254)),
    password: z.string().min(1).max(1024),
  })
  .meta({ id: 'SigninBody' });
export const SetupBody = SignupBody.extend({ token: z.string().min(1).max(128) }).meta({ id: 'SetupBody' });

/** Who is signed in, and until when (the readable login cookie holds the same two facts). */
export const SessionInfo = z
  .object({
    username: z.string(),
    email: z.string(),
    role: Role,
    expirationDate: z.iso.datetime(),
  })
  .meta({ id: 'SessionInfo' });

/** A sign-up on an instance that sends email: its account is made by the link emailed to its address. */
export const SignupPending = z.object({ pending: z.literal(true) }).meta({ id: 'SignupPending' });

/** The password was right; the sign-in finishes with one of these second factors within 5 minutes. */
export const SecondFactorNeeded = z
  .object({
    secondFactor: z.object({
      methods: z
        .array(z.enum(SECOND_FACTOR_METHODS))
        .describe('totp: an authenticator or backup code; passkey: POST /authentication/signin/passkey'),
    }),
  })
  .meta({ id: 'SecondFactorNeeded' });

/**
 * What the sign-in page offers on this instance. Each way of signing in owns its field: the password form and
 * sign-up (false in SSO-only mode), the OpenID providers' buttons.
 */
export const SignInMethods = z
  .object({
    password: z.boolean().describe('The password form is offered (false in SSO-only mode: break-glass admins only)'),
    signup: z.boolean().describe('Anyone may create an account with a password'),
    providers: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .describe('OpenID Connect providers, each a button: GET /authentication/oidc/{id}/start'),
    header: z
      .object({
        username: z.string().describe('The user name in the proxy’s header'),
        signoutUrl: z.string().nullable().describe('The proxy’s own sign-out address (HUSH_AUTH_HEADER_SIGNOUT_URL)'),
      })
      .nullable()
      .describe('A trusted forward-auth proxy names this user on this request: POST /authentication/header signs in'),
    passwordReset: z
      .boolean()
      .describe('A forgotten password can be reset by emailed link (false: this instance sends no email)'),
    passkeys: z
      .boolean()
      .describe('A passkey alone signs in: POST /authentication/signin/passkey (false in SSO-only mode)'),
  })
  .meta({ id: 'SignInMethods' });

const rateLimited = errorResponse('Too many requests');
const crossSite = errorResponse('A cookie-authenticated request from another site (auth.cross_site)');
const badToken = errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)');
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const authRoutes = {
  signup: defineRoute({
    method: 'POST',
    path: '/authentication/signup',
    operationId: 'signUp',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Create an account: at once, or once the link emailed to its address is opened',
    description:
      'On an instance that sends email (HUSH_SMTP_URL and HUSH_PUBLIC_URL), no account is made yet: the answer is ' +
      '202, the same whether or not the address has an account, and the address gets either a link that makes the ' +
      'account with this password (POST /authentication/signup/confirm) or, when it has one, a notice that someone ' +
      'tried. Only a taken username is told (409 auth.username_taken): usernames are public. Without email, the ' +
      'account is made and signed in at once (201), and a taken username or address is told (409): anyone can then ' +
      'learn whether an address has an account here.',
    body: SignupBody,
    responses: {
      201: { description: 'Without email: signed up and in; sets the session cookies', schema: SessionInfo },
      202: {
        description:
          'With email: what happens next is in an email to the address (a link, or a notice that it has an account)',
        schema: SignupPending,
      },
      400: errorResponse('A field is invalid (validation.<field>)'),
      401: badToken,
      403: errorResponse('Sign-up is disabled, the email domain is not allowed, or a request from another site'),
      409: errorResponse(
        'The username is taken (auth.username_taken); without email, also the address (auth.email_taken)',
      ),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  signin: defineRoute({
    method: 'POST',
    path: '/authentication/signin',
    operationId: 'signIn',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Sign in with username (or email) and password',
    body: SigninBody,
    responses: {
      200: {
        description:
          'Signed in (sets the session cookies); or, for an account with a second factor, the password was right and ' +
          'the second step is next (sets the hush_pending cookie): POST /authentication/signin/second-factor',
        schema: z.union([SessionInfo, SecondFactorNeeded]),
      },
      400: errorResponse('A field is invalid'),
      401: errorResponse('Wrong username or password (one answer for both), or the API token sent is not valid'),
      403: errorResponse('Signing in is disabled for users on this instance, or a request from another site'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  signout: defineRoute({
    method: 'POST',
    path: '/authentication/signout',
    operationId: 'signOut',
    tag: 'authentication',
    access: 'anyone',
    summary: 'End this session on the server and clear the cookies',
    responses: {
      200: {
        description: 'Signed out; `endSessionUrl` when the session came from an OpenID provider that signs out too',
        schema: z.object({ signedOut: z.literal(true), endSessionUrl: z.url().optional() }),
      },
      400: errorResponse('A body was sent that is not valid JSON'),
      401: badToken,
      403: crossSite,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  verify: defineRoute({
    method: 'GET',
    path: '/authentication/verify',
    operationId: 'verifySession',
    tag: 'authentication',
    access: 'user',
    scope: 'account:read',
    summary: 'Who is signed in',
    responses: {
      200: { description: 'The session', schema: SessionInfo },
      401: errorResponse('Not signed in'),
      403: errorResponse(`Refused: ${scopeRefusal('account:read')}`),
      429: rateLimited,
    },
  }),
  refresh: defineRoute({
    method: 'GET',
    path: '/authentication/refresh',
    operationId: 'refreshSession',
    tag: 'authentication',
    access: 'session',
    summary: 'Extend the session (up to its absolute maximum)',
    responses: {
      200: { description: 'The extended session', schema: SessionInfo },
      401: errorResponse('The session is gone'),
      429: rateLimited,
    },
  }),
  setup: defineRoute({
    method: 'POST',
    path: '/authentication/setup',
    operationId: 'setUpFirstAdmin',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Create the first admin with the one-time setup token printed at start-up',
    body: SetupBody,
    responses: {
      201: { description: 'The admin is created and signed in', schema: SessionInfo },
      400: errorResponse('A field is invalid'),
      401: badToken,
      403: errorResponse('The setup token is wrong, used or expired; or a request from another site'),
      409: errorResponse('The username or email is taken'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  methods: defineRoute({
    method: 'GET',
    path: '/authentication/methods',
    operationId: 'signInMethods',
    tag: 'authentication',
    access: 'anyone',
    summary: 'The ways to sign in this instance offers (the sign-in page is built from it)',
    responses: {
      200: { description: 'The sign-in methods', schema: SignInMethods },
      401: badToken,
      429: rateLimited,
    },
  }),
};

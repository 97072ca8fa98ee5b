import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD, ROLES, USERNAME } from '../rules/account.js';
import { defineRoute, errorResponse, noNul } from './contract.js';

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
    summary: 'Create an account and sign in',
    body: SignupBody,
    responses: {
      201: { description: 'Signed up and in; sets the session cookies', schema: SessionInfo },
      400: errorResponse('A field is invalid (validation.<field>)'),
      401: badToken,
      403: errorResponse('Sign-up is disabled, the email domain is not allowed, or a request from another site'),
      409: errorResponse('The username or email is taken (auth.username_taken, auth.email_taken)'),
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
      200: { description: 'Signed in; sets the session cookies', schema: SessionInfo },
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
      200: { description: 'Signed out', schema: z.object({ signedOut: z.literal(true) }) },
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
    summary: 'Who is signed in',
    responses: {
      200: { description: 'The session', schema: SessionInfo },
      401: errorResponse('Not signed in'),
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
};

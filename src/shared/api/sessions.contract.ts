import { z } from 'zod';
import { SIGN_IN_METHODS } from '../rules/two-factor.js';
import { defineRoute, errorResponse, noNul } from './contract.js';

/** Issue 16.7: the account's sessions (each browser signed in), and signing them out. */

export const AccountSession = z
  .object({
    id: z.string().describe('An opaque id for this list (never the cookie, nor its hash)'),
    current: z.boolean().describe('The session making this request'),
    method: z.enum(SIGN_IN_METHODS).describe('How it was signed in'),
    browser: z.string().nullable().describe('Its browser when recognised, by its name (e.g. "Firefox"); else null'),
    os: z.string().nullable().describe('Its operating system when recognised (e.g. "Linux"); else null'),
    client: z
      .string()
      .nullable()
      .describe('A command-line tool or a script’s HTTP library when recognised (e.g. "curl", "Python"); else null'),
    userAgent: z
      .string()
      .nullable()
      .describe(
        'Its User-Agent as kept (at most 64 characters) when it is neither a recognised browser nor only a ' +
          'recognised system, whose names alone are kept; else null, as when none was sent',
      ),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime().describe('Its last call (to the minute)'),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountSession' });
export const SessionParams = z.object({ id: noNul(z.string().max(64)) });

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const sessionOnly = errorResponse('Needs a signed-in session, not an API token; or a request from another site');
const rateLimited = errorResponse('Too many requests');
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const sessionsRoutes = {
  sessions: defineRoute({
    method: 'GET',
    path: '/account/sessions',
    operationId: 'listSessions',
    tag: 'account',
    access: 'session',
    summary: 'Where you are signed in: this session first, then the others, most recently active first',
    responses: {
      200: { description: 'The sessions', schema: z.array(AccountSession) },
      401: unauthorized,
      403: sessionOnly,
      429: rateLimited,
    },
  }),
  revokeSession: defineRoute({
    method: 'DELETE',
    path: '/account/sessions/{id}',
    operationId: 'revokeSession',
    tag: 'account',
    access: 'session',
    summary: 'Sign one session out (this one too: then the cookies are cleared)',
    params: SessionParams,
    responses: {
      200: { description: 'Signed out', schema: z.object({ revoked: z.literal(true), current: z.boolean() }) },
      400: errorResponse('The id is malformed (validation.id), or a body was sent that is not valid JSON'),
      401: unauthorized,
      403: sessionOnly,
      404: errorResponse('No such session of yours (session.not_found)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  signOutOthers: defineRoute({
    method: 'POST',
    path: '/account/sessions/sign-out-others',
    operationId: 'signOutOtherSessions',
    tag: 'account',
    access: 'session',
    summary: 'Sign out everywhere else: every session of yours but this one ends',
    responses: {
      200: {
        description: 'How many sessions ended',
        schema: z.object({ signedOut: z.number().int() }),
      },
      400: errorResponse('A body was sent that is not valid JSON'),
      401: unauthorized,
      403: sessionOnly,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
};

import { z } from 'zod';
import { Email, Password, Role } from './auth.contract.js';
import { defineRoute, errorResponse, scopeRefusal, noNul } from './contract.js';
import { EXAMPLE } from './examples.js';
import { DEFAULT_TOKEN_SCOPES, TOKEN_EXPIRY_MAX_DAYS, TOKEN_NAME_MAX, TOKEN_SCOPES } from '../rules/tokens.js';

export const Account = z
  .object({
    username: z.string(),
    email: z.string(),
    role: Role,
    generated: z.boolean(),
    createdAt: z.iso.datetime(),
    emailVerified: z.boolean().describe('Whether the present email was proven by a link sent to it'),
  })
  .meta({ id: 'Account' });

/** Spec §3 account update: the current password always; a new one needs its confirmation. */
export const AccountUpdateBody = z
  .object({
    currentPassword: z.string().min(1, 'is required').max(1024),
    newPassword: Password.optional(),
    confirmNewPassword: z.string().max(1024).optional(),
    email: Email.optional(),
    generated: z.boolean().optional(),
  })
  .refine((body) => !body.newPassword || body.newPassword === body.confirmNewPassword, {
    message: 'must match the new password',
    path: ['confirmNewPassword'],
  })
  .meta({ id: 'AccountUpdateBody' });

export const AccountDeleteBody = z
  .object({ currentPassword: z.string().min(1, 'is required').max(1024) })
  .meta({ id: 'AccountDeleteBody' });

export const TokenScope = z
  .enum(TOKEN_SCOPES)
  .describe(
    'secrets:read: your secrets, their receipts, activity and notifications; secrets:create: create secrets and ' +
      'burn your own; requests: your requests for secrets; admin: the admin routes, while you are an admin',
  )
  .meta({ id: 'TokenScope' });

export const ApiToken = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    scopes: z
      .array(TokenScope)
      .nullable()
      .describe('What the token may do; null: made before scopes, it may do everything its user may'),
  })
  .meta({ id: 'ApiToken' });
export const CreateTokenBody = z
  .object({
    name: noNul(z.string().trim().min(1, 'is required').max(TOKEN_NAME_MAX)),
    expiresInDays: z.number().int().min(1).max(TOKEN_EXPIRY_MAX_DAYS).nullish(),
    scopes: z
      .array(TokenScope)
      .min(1, 'needs at least one scope')
      .max(TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope')
      .default([...DEFAULT_TOKEN_SCOPES])
      .describe(`What the token may do (default: ${DEFAULT_TOKEN_SCOPES.join(', ')}); admin needs an admin`),
  })
  .meta({ id: 'CreateTokenBody' });
export const CreatedToken = ApiToken.extend({ token: z.string().describe('Shown once; store it now') }).meta({
  id: 'CreatedToken',
});
export const TokenParams = z.object({ id: noNul(z.string().max(64)) });

export const OwnSecret = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    isPublic: z.boolean(),
    maxViews: z.number().int(),
    viewsLeft: z.number().int(),
    preventBurn: z.boolean(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    viewsUsed: z.number().int().describe('Views delivered so far (its receipt has each one’s time)'),
    lastViewedAt: z.iso.datetime().nullable(),
    failedAttempts: z.number().int().describe('Wrong passwords so far'),
  })
  .meta({ id: 'OwnSecret' });

const OWN_SECRET_EXAMPLE = {
  id: EXAMPLE.id,
  title: null,
  isPublic: false,
  maxViews: 3,
  viewsLeft: 2,
  preventBurn: false,
  createdAt: EXAMPLE.createdAt,
  expiresAt: EXAMPLE.expiresAt,
  viewsUsed: 1,
  lastViewedAt: EXAMPLE.createdAt,
  failedAttempts: 0,
};

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const sessionOnly = errorResponse('Needs a signed-in session, not an API token; or a request from another site');
const rateLimited = errorResponse('Too many requests');
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const accountRoutes = {
  account: defineRoute({
    method: 'GET',
    path: '/account',
    operationId: 'getAccount',
    tag: 'account',
    access: 'user',
    scope: 'account:read',
    summary: 'The signed-in account',
    responses: {
      200: { description: 'The account', schema: Account },
      401: unauthorized,
      403: errorResponse(`Refused: ${scopeRefusal('account:read')}`),
      429: rateLimited,
    },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/account/update',
    operationId: 'updateAccount',
    tag: 'account',
    access: 'session',
    summary: 'Change email or password (needs the current password); other sessions end on a password change',
    body: AccountUpdateBody,
    responses: {
      200: { description: 'The updated account', schema: Account },
      400: errorResponse('A field is invalid, or the current password is wrong'),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('The email is taken'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/account/delete',
    operationId: 'deleteAccount',
    tag: 'account',
    access: 'session',
    summary: 'Delete the account with all its secrets, sessions and tokens',
    body: AccountDeleteBody,
    responses: {
      200: { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) },
      400: errorResponse('A field is invalid, or the current password is wrong'),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('The last admin cannot delete itself (account.last_admin)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  secrets: defineRoute({
    method: 'GET',
    path: '/secret',
    operationId: 'listOwnSecrets',
    // The account page's first path, and Hemmelig's (its 6.x client calls GET /api/secret/).
    aliases: ['/account/secrets'],
    tag: 'account',
    access: 'user',
    scope: 'secrets:read',
    summary: 'Your own secrets that can still be opened, newest first',
    description: 'Also answers as `GET /api/secret/`, the path Hemmelig 6.x clients call, with the fields they read.',
    responses: {
      200: { description: 'The list', schema: z.array(OwnSecret), example: [OWN_SECRET_EXAMPLE] },
      401: unauthorized,
      403: errorResponse(`Refused: ${scopeRefusal('secrets:read')}`),
      429: rateLimited,
    },
  }),
  tokens: defineRoute({
    method: 'GET',
    path: '/account/tokens',
    operationId: 'listApiTokens',
    tag: 'account',
    access: 'user',
    scope: 'account:read',
    summary: 'Your API tokens (never the tokens themselves)',
    responses: {
      200: { description: 'The list', schema: z.array(ApiToken) },
      401: unauthorized,
      403: errorResponse(`Refused: ${scopeRefusal('account:read')}`),
      429: rateLimited,
    },
  }),
  createToken: defineRoute({
    method: 'POST',
    path: '/account/tokens',
    operationId: 'createApiToken',
    tag: 'account',
    access: 'session',
    summary: 'Create an API token; it is shown once',
    body: CreateTokenBody,
    bodyExample: { name: 'ci', expiresInDays: 90, scopes: ['secrets:create'] },
    responses: {
      201: { description: 'The new token', schema: CreatedToken },
      400: errorResponse('A field is invalid'),
      401: unauthorized,
      403: errorResponse(
        'Needs a signed-in session, not an API token; a request from another site; or the admin scope asked by ' +
          'a user who is not an admin (auth.scope_not_allowed)',
      ),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  revokeToken: defineRoute({
    method: 'DELETE',
    path: '/account/tokens/{id}',
    operationId: 'revokeApiToken',
    tag: 'account',
    access: 'session',
    summary: 'Revoke an API token',
    params: TokenParams,
    responses: {
      200: { description: 'Revoked', schema: z.object({ revoked: z.literal(true) }) },
      400: errorResponse('The id is malformed (validation.id), or a body was sent that is not valid JSON'),
      401: unauthorized,
      403: sessionOnly,
      404: errorResponse('No such token of yours'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
};

import { z } from 'zod';
import { Email, Password, Role } from './auth.contract.js';
import { defineRoute, errorResponse, noNul } from './contract.js';

export const Account = z.object({
  username: z.string(),
  email: z.string(),
  role: Role,
  generated: z.boolean(),
  createdAt: z.iso.datetime(),
});

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
  });

export const AccountDeleteBody = z.object({ currentPassword: z.string().min(1, 'is required').max(1024) });

export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export const CreateTokenBody = z.object({
  name: noNul(z.string().trim().min(1, 'is required').max(64)),
  expiresInDays: z.number().int().min(1).max(3650).nullish(),
});
export const CreatedToken = ApiToken.extend({ token: z.string().describe('Shown once; store it now') });
export const TokenParams = z.object({ id: noNul(z.string().max(64)) });

export const OwnSecret = z.object({
  id: z.string(),
  title: z.string().nullable(),
  isPublic: z.boolean(),
  maxViews: z.number().int(),
  viewsLeft: z.number().int(),
  preventBurn: z.boolean(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const sessionOnly = errorResponse('Needs a signed-in session, not an API token; or a request from another site');
const rateLimited = errorResponse('Too many requests');
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const accountRoutes = {
  account: defineRoute({
    method: 'GET',
    path: '/account',
    tag: 'account',
    summary: 'The signed-in account',
    responses: { 200: { description: 'The account', schema: Account }, 401: unauthorized, 429: rateLimited },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/account/update',
    tag: 'account',
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
    tag: 'account',
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
    path: '/account/secrets',
    tag: 'account',
    summary: 'Your own secrets that can still be opened, newest first',
    responses: { 200: { description: 'The list', schema: z.array(OwnSecret) }, 401: unauthorized, 429: rateLimited },
  }),
  tokens: defineRoute({
    method: 'GET',
    path: '/account/tokens',
    tag: 'account',
    summary: 'Your API tokens (never the tokens themselves)',
    responses: { 200: { description: 'The list', schema: z.array(ApiToken) }, 401: unauthorized, 429: rateLimited },
  }),
  createToken: defineRoute({
    method: 'POST',
    path: '/account/tokens',
    tag: 'account',
    summary: 'Create an API token; it is shown once',
    body: CreateTokenBody,
    responses: {
      201: { description: 'The new token', schema: CreatedToken },
      400: errorResponse('A field is invalid'),
      401: unauthorized,
      403: sessionOnly,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  revokeToken: defineRoute({
    method: 'DELETE',
    path: '/account/tokens/{id}',
    tag: 'account',
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

import { z } from 'zod';
import { END_REASONS, RECEIPT_STATES } from '../rules/receipts.js';
import { defineRoute, errorResponse, scopeRefusal } from './contract.js';
import { EXAMPLE } from './examples.js';
import { DeleteToken, SecretId, SecretParams } from './secrets.contract.js';

/**
 * Receipts (issue 15, shared/rules/receipts.ts): what happened to a secret, kept HUSH_STATUS_RETENTION_DAYS after it
 * ended, with no content. Anyone holding the receipt link (its delete token) reads it; owners read theirs by id.
 */
export const ReceiptView = z
  .object({
    at: z.iso.datetime(),
    ip: z.string().nullable().describe('The reader’s address or prefix, only when the instance keeps them'),
  })
  .meta({ id: 'ReceiptView' });

export const Receipt = z
  .object({
    id: SecretId,
    state: z.enum(RECEIPT_STATES),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    maxViews: z.number().int(),
    viewsUsed: z.number().int().describe('Views delivered (counted for secrets that never burn too)'),
    preventBurn: z.boolean(),
    isPublic: z.boolean(),
    fileCount: z.number().int(),
    views: z.array(ReceiptView).describe('Each view, oldest first'),
    failedAttempts: z.array(z.iso.datetime()).describe('Each wrong password, oldest first'),
    endedAt: z.iso.datetime().nullable(),
    endReason: z.enum(END_REASONS).nullable(),
    keptUntil: z.iso.datetime().nullable().describe('When this status is deleted (after the secret ended)'),
  })
  .meta({ id: 'Receipt' });
export type ReceiptData = z.output<typeof Receipt>;

export const ReceiptBody = z.object({ deleteToken: DeleteToken }).meta({ id: 'ReceiptBody' });

const RECEIPT_EXAMPLE: ReceiptData = {
  id: EXAMPLE.id,
  state: 'ended',
  createdAt: EXAMPLE.createdAt,
  expiresAt: EXAMPLE.expiresAt,
  maxViews: 1,
  viewsUsed: 1,
  preventBurn: false,
  isPublic: false,
  fileCount: 0,
  views: [{ at: EXAMPLE.createdAt, ip: null }],
  failedAttempts: [],
  endedAt: EXAMPLE.createdAt,
  endReason: 'last_view',
  keptUntil: EXAMPLE.expiresAt,
};

const notFound = errorResponse(
  'No such receipt: the id or token is wrong, or the status is past its retention (receipt.not_found)',
);
const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const rateLimited = errorResponse('Too many requests');
const notScoped = errorResponse(`Refused: ${scopeRefusal('secrets:read')}`);

export const receiptRoutes = {
  readReceipt: defineRoute({
    method: 'POST',
    path: '/receipt/{id}',
    operationId: 'readReceipt',
    tag: 'receipts',
    access: 'anyone',
    summary: 'The status of a secret, for whoever holds its receipt link (the delete token)',
    description:
      'Never spends a view. The token goes in the body, so that it never appears in a URL or a log; the receipt ' +
      'link carries it in its fragment.',
    params: SecretParams,
    body: ReceiptBody,
    bodyExample: { deleteToken: EXAMPLE.deleteToken },
    responses: {
      200: { description: 'The status', schema: Receipt, example: RECEIPT_EXAMPLE },
      400: errorResponse('A field is invalid'),
      401: errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)'),
      403: errorResponse('A cookie-authenticated request from another site (auth.cross_site)'),
      404: notFound,
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  ownReceipt: defineRoute({
    method: 'GET',
    path: '/account/secrets/{id}/receipt',
    operationId: 'getOwnReceipt',
    tag: 'receipts',
    access: 'user',
    scope: 'secrets:read',
    summary: 'The status of one of your secrets, live or ended',
    params: SecretParams,
    responses: {
      200: { description: 'The status', schema: Receipt, example: RECEIPT_EXAMPLE },
      400: errorResponse('The id is malformed'),
      401: unauthorized,
      403: notScoped,
      404: notFound,
      429: rateLimited,
    },
  }),
  endedSecrets: defineRoute({
    method: 'GET',
    path: '/account/secrets/ended',
    operationId: 'listEndedSecrets',
    tag: 'receipts',
    access: 'user',
    scope: 'secrets:read',
    summary: 'Your secrets that have ended, newest first, while their status is kept',
    responses: {
      200: { description: 'The list', schema: z.array(Receipt), example: [RECEIPT_EXAMPLE] },
      401: unauthorized,
      403: notScoped,
      429: rateLimited,
    },
  }),
};

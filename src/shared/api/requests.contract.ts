import { z } from 'zod';
import { isValidIpOrCidr } from '../rules/ip.js';
import {
  DEFAULT_RESPONSE_TTL,
  DEFAULT_RESPONSE_VIEWS,
  REQUEST_LIMITS,
  REQUEST_RESPONSES,
  REQUEST_STATES,
  REQUEST_TTL,
  RESPONSE_TTL_CHOICES,
  isNewRequestId,
} from '../rules/requests.js';
import { fromBase64Url } from '../crypto/bytes.js';
import { isSmallOrderPublicKey } from '../crypto/x25519.js';
import { MAX_VIEWS, maxEnvelopeLength, MIN_VIEWS } from '../rules/secrets.js';
import { defineRoute, errorResponse, scopeRefusal, noNul } from './contract.js';
import { EXAMPLE } from './examples.js';
import { CreateFiles, UploadTicket } from './files.contract.js';
import { DeleteToken, KeyProof, SecretId } from './secrets.contract.js';

/**
 * Requests (issue 14, src/shared/crypto/REQUESTS.md): a signed-in user asks for a secret with a fill link; anyone
 * holding it answers once, sealed to the request's public key. A response is stored as a secret owned by the
 * requester (so its lifetime, views, files and burning are those of secrets) and is opened with `POST /secret/{id}`
 * and the key proof the requester's browser derives. The server never holds a key that opens a response.
 */
const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `must be ${bytes} bytes in base64url`);

export const RequestId = base64url(16).describe('Request id: 128 random bits, base64url, chosen by the requester');
export const PublicKey = base64url(32).describe('An X25519 public key, raw, base64url');
/** A key a request or a response is sealed with: canonical, and never of small order (an all-zero shared secret). */
const SealingKey = PublicKey.refine((key) => {
  try {
    fromBase64Url(key);
    return true;
  } catch {
    return false;
  }
}, 'must be canonical base64url').refine((key) => !isSmallOrderPublicKey(key), 'must not be a small-order point');
/** A new request's id: chosen by the client, the form of 128 random bits (rules/requests.ts). */
const NewRequestId = RequestId.refine(isNewRequestId, 'must be 128 random bits, base64url').describe(
  'Request id: 128 random bits in canonical base64url, chosen by the requester (the keys are bound to it)',
);
const envelope = (plainBytes: number) =>
  noNul(
    z.string().min(1, 'is required').max(maxEnvelopeLength(plainBytes)).startsWith('hush1.', 'must be an envelope'),
  );

export const CreateRequestBody = z
  .object({
    id: NewRequestId,
    title: envelope(REQUEST_LIMITS.titleBytes).describe('The title, envelope v1 under the details key'),
    text: envelope(REQUEST_LIMITS.instructionsBytes)
      .nullish()
      .describe('The instructions, envelope v1 under the details key'),
    publicKey: SealingKey.describe(
      'The request’s X25519 public key; responses are sealed to it. Never a small-order point',
    ),
    wrappedKey: noNul(z.string().max(200).startsWith('hushrk1.', 'must be a wrapped key')).describe(
      'The private key wrapped under the inbox key (hushrk1.…); only the inbox link opens it',
    ),
    ttl: z
      .number()
      .int()
      .min(REQUEST_TTL.min)
      .max(REQUEST_TTL.max)
      .default(REQUEST_TTL.default)
      .describe('How long the fill link can be used, in seconds (1 hour to 30 days)'),
    maxResponses: z.number().int().min(REQUEST_RESPONSES.min).max(REQUEST_RESPONSES.max).default(1),
    responseTtl: z
      .number()
      .int()
      .refine((ttl) => RESPONSE_TTL_CHOICES.includes(ttl), `must be one of ${RESPONSE_TTL_CHOICES.join(', ')}`)
      .meta({ enum: [...RESPONSE_TTL_CHOICES] })
      .default(DEFAULT_RESPONSE_TTL)
      .describe('Lifetime of each response, in seconds'),
    responseViews: z.number().int().min(MIN_VIEWS).max(MAX_VIEWS).default(DEFAULT_RESPONSE_VIEWS),
    allowFiles: z.boolean().default(false).describe('Responders may attach files (within the requester’s limits)'),
    allowedIp: z
      .string()
      .refine((ip) => ip === '' || isValidIpOrCidr(ip), 'must be an IPv4 or IPv6 address or CIDR range')
      .nullish()
      .describe('Only this address or range may open the fill link and answer'),
  })
  .meta({ id: 'CreateRequestBody' });
export type CreateRequestInput = z.input<typeof CreateRequestBody>;

export const CreatedRequest = z.object({ id: RequestId, expiresAt: z.iso.datetime() }).meta({ id: 'CreatedRequest' });

export const RequestState = z.enum(REQUEST_STATES as ['open', 'answered', 'expired', 'revoked']);

export const RequestSummary = z
  .object({
    id: RequestId,
    title: z.string().describe('Envelope under the details key'),
    state: RequestState,
    maxResponses: z.number().int(),
    answered: z.number().int().describe('Responses received (files still uploading included)'),
    unread: z.number().int().describe('Responses that can still be opened and were never opened'),
    allowFiles: z.boolean(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RequestSummary' });

export const RequestResponseItem = z
  .object({
    id: SecretId.describe('The response’s secret id: open it with POST /secret/{id} and the key proof'),
    ephemeralKey: PublicKey.describe('The responder’s ephemeral public key: with the private key, it gives the key'),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    maxViews: z.number().int(),
    viewsLeft: z.number().int(),
    fileCount: z.number().int(),
  })
  .meta({ id: 'RequestResponseItem' });

export const RequestDetail = RequestSummary.extend({
  text: z.string().nullable().describe('Envelope under the details key'),
  publicKey: PublicKey,
  wrappedKey: z.string(),
  responseTtl: z.number().int(),
  responseViews: z.number().int(),
  allowedIp: z.string().nullable(),
  responses: z.array(RequestResponseItem).describe('Responses that can still be opened, newest first'),
}).meta({ id: 'RequestDetail' });

export const RequestForm = z
  .object({
    id: RequestId,
    username: z.string().describe('Who asks'),
    title: z.string().describe('Envelope under the details key'),
    text: z.string().nullable(),
    publicKey: PublicKey.describe('Check it against the fingerprint in the fill link before sealing anything'),
    allowFiles: z.boolean(),
    responseTtl: z.number().int(),
    responseViews: z.number().int(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'RequestForm' });

export const RespondBody = z
  .object({
    text: noNul(z.string().min(1, 'is required')).describe('The response, envelope v1 under the sealed key'),
    ephemeralKey: SealingKey.describe('The fresh X25519 public key the response is sealed with'),
    keyProof: KeyProof.describe('Key proof of the sealed key, so that only its holder opens the response'),
    files: CreateFiles.describe('As for secrets (files.contract.ts); only when the request allows files'),
  })
  .meta({ id: 'RespondBody' });
export type RespondInput = z.input<typeof RespondBody>;

export const CreatedResponse = z
  .object({
    id: SecretId,
    deleteToken: DeleteToken.describe('Lets the responder take the response back (POST /secret/{id}/burn)'),
    expiresAt: z.iso.datetime(),
    receiptPath: z
      .string()
      .describe('The receipt link’s path: whether the requester opened the response, and burning it'),
    upload: UploadTicket.optional().describe('Only when files wait for their parts'),
  })
  .meta({ id: 'CreatedResponse' });

export const RequestParams = z.object({ id: noNul(z.string().max(64)) });

const PUBLIC_KEY_EXAMPLE = 'hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo';
const TITLE_EXAMPLE = EXAMPLE.text;
const SUMMARY_EXAMPLE = {
  id: EXAMPLE.id,
  title: TITLE_EXAMPLE,
  state: 'open' as const,
  maxResponses: 1,
  answered: 0,
  unread: 0,
  allowFiles: true,
  createdAt: EXAMPLE.createdAt,
  expiresAt: EXAMPLE.expiresAt,
  revokedAt: null,
};

const notFound = errorResponse(
  'Unknown, expired, used up or revoked (secret_request.not_found): one answer for all, to the fill link and the inbox',
);
const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const rateLimited = errorResponse('Too many requests');
const notScoped = errorResponse(`Refused: ${scopeRefusal('requests')}`);
const crossSite = errorResponse(
  `A cookie-authenticated request from another site (auth.cross_site), or ${scopeRefusal('requests')}`,
);
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const requestRoutes = {
  createRequest: defineRoute({
    method: 'POST',
    path: '/requests',
    operationId: 'createRequest',
    tag: 'requests',
    access: 'user',
    scope: 'requests',
    summary: 'Ask for a secret: a fill link anyone can answer, sealed to your key',
    description:
      'The browser (or CLI) makes the key pair and the inbox key, chooses the id, seals the title and instructions ' +
      'under the details key and wraps the private key under the inbox key (REQUESTS.md); only that is sent.',
    body: CreateRequestBody,
    bodyExample: {
      id: EXAMPLE.id,
      title: TITLE_EXAMPLE,
      publicKey: PUBLIC_KEY_EXAMPLE,
      wrappedKey: 'hushrk1.…',
      ttl: 604800,
      maxResponses: 1,
    },
    responses: {
      201: {
        description: 'Created',
        schema: CreatedRequest,
        example: { id: EXAMPLE.id, expiresAt: EXAMPLE.expiresAt },
      },
      400: errorResponse('A field is invalid; the code names it (validation.<field>)'),
      401: unauthorized,
      403: errorResponse(
        'Requests are turned off (secret_request.disabled), the instance is read-only (secret.read_only), a ' +
          `cookie-authenticated request from another site (auth.cross_site), or ${scopeRefusal('requests')}`,
      ),
      409: errorResponse('A request with this id exists (secret_request.id_taken): choose another id'),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  listRequests: defineRoute({
    method: 'GET',
    path: '/requests',
    operationId: 'listRequests',
    tag: 'requests',
    access: 'user',
    scope: 'requests',
    summary: 'Your requests, newest first, with their state and unread responses',
    responses: {
      200: { description: 'The list', schema: z.array(RequestSummary), example: [SUMMARY_EXAMPLE] },
      401: unauthorized,
      403: notScoped,
      429: rateLimited,
    },
  }),
  unreadResponses: defineRoute({
    method: 'GET',
    path: '/requests/unread',
    operationId: 'countUnreadResponses',
    tag: 'requests',
    access: 'user',
    scope: 'requests',
    summary: 'How many responses to your requests were never opened (the account menu’s count)',
    responses: {
      200: { description: 'The count', schema: z.object({ unread: z.number().int() }), example: { unread: 2 } },
      401: unauthorized,
      403: notScoped,
      429: rateLimited,
    },
  }),
  getRequest: defineRoute({
    method: 'GET',
    path: '/requests/{id}',
    operationId: 'getRequest',
    tag: 'requests',
    access: 'user',
    scope: 'requests',
    summary: 'One of your requests with its wrapped key and its responses',
    params: RequestParams,
    responses: {
      200: { description: 'The request', schema: RequestDetail },
      400: errorResponse('The id is malformed (validation.id)'),
      401: unauthorized,
      403: notScoped,
      404: errorResponse('No request of yours has this id (secret_request.not_found)'),
      429: rateLimited,
    },
  }),
  revokeRequest: defineRoute({
    method: 'POST',
    path: '/requests/{id}/revoke',
    operationId: 'revokeRequest',
    tag: 'requests',
    access: 'user',
    scope: 'requests',
    summary: 'Close the fill link now; responses already sent stay in the inbox',
    params: RequestParams,
    responses: {
      200: { description: 'Revoked (revoking again answers the same)', schema: RequestSummary },
      400: errorResponse('The id is malformed (validation.id)'),
      401: unauthorized,
      403: crossSite,
      404: errorResponse('No request of yours has this id (secret_request.not_found)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  deleteRequest: defineRoute({
    method: 'DELETE',
    path: '/requests/{id}',
    operationId: 'deleteRequest',
    tag: 'requests',
    access: 'user',
    scope: 'requests',
    summary: 'Delete a request with every response to it and their files',
    params: RequestParams,
    responses: {
      200: {
        description: 'Deleted',
        schema: z.object({ id: RequestId, deleted: z.literal(true) }),
        example: { id: EXAMPLE.id, deleted: true },
      },
      400: errorResponse('The id is malformed (validation.id)'),
      401: unauthorized,
      403: crossSite,
      404: errorResponse('No request of yours has this id (secret_request.not_found)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  requestForm: defineRoute({
    method: 'GET',
    path: '/requests/{id}/form',
    operationId: 'getRequestForm',
    tag: 'requests',
    access: 'anyone',
    summary: 'What a responder needs: who asks, the sealed title and instructions, the public key',
    params: RequestParams,
    responses: {
      200: { description: 'The request, for its fill link', schema: RequestForm },
      400: errorResponse('The id is malformed (validation.id)'),
      401: errorResponse('The API token sent is not valid'),
      403: errorResponse('Outside the request’s IP restriction (secret_request.ip_not_allowed), or requests are off'),
      404: notFound,
      429: rateLimited,
    },
  }),
  respond: defineRoute({
    method: 'POST',
    path: '/requests/{id}/responses',
    operationId: 'respondToRequest',
    tag: 'requests',
    access: 'anyone',
    summary: 'Answer a request: the response, sealed to its public key',
    description:
      'Takes one of the request’s response places atomically: when two responders race for the last place, one is ' +
      'answered 201 and the other 404. With files, the response can be opened once its upload completes (the ' +
      'upload routes of secrets, with the ticket); an upload abandoned gives its place back.',
    params: RequestParams,
    body: RespondBody,
    responses: {
      201: { description: 'Sent', schema: CreatedResponse },
      400: errorResponse(
        'A field is invalid (validation.<field>), or files to a request that takes none (secret_request.files_not_allowed)',
      ),
      401: errorResponse('The API token sent is not valid'),
      403: errorResponse(
        'Outside the request’s IP restriction (secret_request.ip_not_allowed), file uploads are off ' +
          '(files.upload_disabled), requests are off (secret_request.disabled), or the instance is read-only and ' +
          'the requester is not an admin or creator (secret.read_only), or a cookie-authenticated request from ' +
          'another site (auth.cross_site)',
      ),
      404: notFound,
      413: errorResponse('Body too large, or files over the requester’s limits (files.too_large)'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
};

import { z } from 'zod';
import { ALL_TTL_CHOICES, MAX_VIEWS, MIN_VIEWS } from '../rules/secrets.js';
import { isValidIpOrCidr } from '../rules/ip.js';
import { defineRoute, ErrorBody, errorResponse, noNul, scopeRefusal } from './contract.js';
import { EXAMPLE } from './examples.js';
import { CreateFiles, FileForReader, UploadTicket } from './files.contract.js';

const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `must be ${bytes} bytes in base64url`);

/** 128 random bits, base64url. */
export const SecretId = base64url(16).describe('Secret id: 128 random bits, base64url');
/** base64url(HKDF(K_url, "hush/v1/proof")): proves the reader holds the key without revealing it. */
export const KeyProof = base64url(32).describe('Proof of the decryption key, base64url of 32 bytes');
export const DeleteToken = base64url(32).describe('Token returned at creation that lets its holder burn the secret');

const optionalText = z.string().nullish();

export const CreateSecretBody = z
  .object({
    text: noNul(z.string().min(1, 'is required')).describe('Encrypted envelope (hush1.…), or plain text when isPublic'),
    ttl: z
      .number()
      .int()
      .refine((ttl) => ALL_TTL_CHOICES.includes(ttl), `must be one of ${ALL_TTL_CHOICES.join(', ')}`)
      // The refinement cannot be expressed in JSON Schema: state the choices for the OpenAPI document.
      .meta({ enum: [...ALL_TTL_CHOICES] })
      .describe('Lifetime in seconds (over 7 days only for signed-in users)'),
    password: optionalText.describe('Password verifier; hashed with argon2id by the server'),
    title: noNul(z.string()).nullish().describe('Encrypted title (or plain when isPublic)'),
    maxViews: z.number().int().min(MIN_VIEWS).max(MAX_VIEWS).default(1),
    allowedIp: z
      .string()
      .refine((ip) => ip === '' || isValidIpOrCidr(ip), 'must be an IPv4 or IPv6 address or CIDR range')
      .nullish(),
    preventBurn: z
      .boolean()
      .default(false)
      .describe('Unlimited views until expiry ("burn after time"): reads spend no views'),
    isPublic: z.boolean().default(false).describe('Listed publicly and stored as plain text'),
    files: CreateFiles.describe(
      'Attached files (files.contract.ts): {meta, size, partSize} to upload in parts, or {meta, content} inline',
    ),
    keyProof: KeyProof.nullish(),
  })
  .meta({ id: 'CreateSecretBody' });
export type CreateSecretInput = z.input<typeof CreateSecretBody>;

export const CreateSecretResponse = z
  .object({
    id: SecretId,
    deleteToken: DeleteToken,
    expiresAt: z.iso.datetime(),
    receiptPath: z
      .string()
      .describe(
        'The receipt link’s path (/receipt/{id}#{deleteToken}): keep it to see whether the secret was opened, and to ' +
          'burn it; never send it to the reader. It holds the delete token, never the secret’s key',
      ),
    upload: UploadTicket.optional().describe('Only when files wait for their parts: what the uploader needs'),
  })
  .meta({ id: 'CreateSecretResponse' });

export const SecretParams = z.object({ id: noNul(z.string().max(64)) });

export const ReadSecretBody = z
  .object({ password: optionalText, keyProof: KeyProof.nullish() })
  .meta({ id: 'ReadSecretBody' })
  .default({ password: undefined, keyProof: undefined });

export const SecretStatus = z
  .object({
    id: SecretId,
    maxViews: z.number().int(),
    viewsLeft: z.number().int(),
    preventBurn: z.boolean(),
    isPublic: z.boolean(),
    requiresKeyProof: z.boolean(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'SecretStatus' });

export const SecretContent = SecretStatus.extend({
  text: z.string(),
  title: z.string().nullable(),
  createdAt: z.iso.datetime(),
  files: z.array(FileForReader).describe('In the create order; each with a download key valid a short time'),
}).meta({ id: 'SecretContent' });

export const PasswordErrorBody = ErrorBody.extend({ attemptsLeft: z.number().int().min(0) });

export const BurnSecretBody = z
  .object({ deleteToken: DeleteToken.nullish(), keyProof: KeyProof.nullish() })
  .meta({ id: 'BurnSecretBody' })
  .default({ deleteToken: undefined, keyProof: undefined });

export const BurnSecretResponse = z
  .object({ id: SecretId, burned: z.literal(true) })
  .meta({ id: 'BurnSecretResponse' });

export const PublicSecretItem = z
  .object({
    id: SecretId,
    title: z.string().nullable(),
    username: z.string().nullable(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicSecretItem' });
export const PublicSecretList = z.array(PublicSecretItem);
export const PublicUserParams = z.object({ username: noNul(z.string().max(64)) });

const STATUS_EXAMPLE = {
  id: EXAMPLE.id,
  maxViews: 1,
  viewsLeft: 1,
  preventBurn: false,
  isPublic: false,
  requiresKeyProof: true,
  expiresAt: EXAMPLE.expiresAt,
};
const CONTENT_EXAMPLE = {
  ...STATUS_EXAMPLE,
  viewsLeft: 0,
  text: EXAMPLE.text,
  title: null,
  createdAt: EXAMPLE.createdAt,
  files: [],
};

const notFound = errorResponse('Unknown, expired or already burned (one answer for all three)');
const ipForbidden = errorResponse('The caller’s address is outside the secret’s IP restriction');
const rateLimited = errorResponse('Too many requests');
/** Any route refuses an API token that is unknown, expired or revoked, rather than serving the call anonymously. */
const badToken = errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)');
/** 401 on reading: password problems say how many attempts remain; a refused API token (auth.not_signed_in) not. */
const ReadUnauthorizedBody = PasswordErrorBody.partial({ attemptsLeft: true }).meta({ id: 'ReadUnauthorizedBody' });

export const secretRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/secret',
    operationId: 'createSecret',
    tag: 'secrets',
    access: 'anyone',
    scope: 'secrets:create',
    summary: 'Create a secret',
    description:
      'Send the encrypted envelope (`hush1.…`, sealed in the client with a fresh key that stays in the link) with ' +
      'its key proof; signed-in callers own the secret and may choose lifetimes over 7 days.',
    body: CreateSecretBody,
    bodyExample: { text: EXAMPLE.text, ttl: 86400, maxViews: 1, keyProof: EXAMPLE.keyProof },
    responses: {
      201: {
        description: 'Created',
        schema: CreateSecretResponse,
        example: {
          id: EXAMPLE.id,
          deleteToken: EXAMPLE.deleteToken,
          expiresAt: EXAMPLE.expiresAt,
          receiptPath: `/receipt/${EXAMPLE.id}#${EXAMPLE.deleteToken}`,
        },
      },
      400: errorResponse(
        'A field is invalid; the code names it (validation.<field>); files on a public secret ' +
          '(files.public_not_allowed) or a file size no encrypted stream can have (files.size_invalid)',
      ),
      401: badToken,
      403: errorResponse(
        'The instance is read-only and the caller is not an admin or creator (secret.read_only), file uploads are ' +
          'disabled (files.upload_disabled) or need an account (files.sign_in_required), a cookie-authenticated ' +
          `request from another site (auth.cross_site), or ${scopeRefusal('secrets:create')}`,
      ),
      413: errorResponse('Body too large (request.too_large), or files over a size limit (files.too_large)'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  exist: defineRoute({
    method: 'GET',
    path: '/secret/{id}/exist',
    operationId: 'checkSecretExists',
    tag: 'secrets',
    access: 'anyone',
    summary: 'Check that a secret can be opened, without spending a view',
    params: SecretParams,
    responses: {
      200: { description: 'The secret exists', schema: SecretStatus, example: STATUS_EXAMPLE },
      400: errorResponse('The id is malformed (validation.id)'),
      401: errorResponse('A password is needed (secret.password_required), or the API token sent is not valid'),
      403: ipForbidden,
      404: notFound,
      429: rateLimited,
    },
  }),
  read: defineRoute({
    method: 'POST',
    path: '/secret/{id}',
    operationId: 'readSecret',
    tag: 'secrets',
    access: 'anyone',
    summary: 'Open a secret: spends one view (the last one deletes it)',
    params: SecretParams,
    body: ReadSecretBody,
    bodyExample: { keyProof: EXAMPLE.keyProof },
    responses: {
      200: { description: 'The content', schema: SecretContent, example: CONTENT_EXAMPLE },
      400: errorResponse('A field is invalid'),
      401: {
        description: 'Password missing or wrong, saying how many attempts remain; or the API token sent is not valid',
        schema: ReadUnauthorizedBody,
      },
      403: errorResponse('Wrong key proof (secret.key_invalid) or IP restriction (secret.ip_not_allowed)'),
      404: notFound,
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  readByGet: defineRoute({
    method: 'GET',
    path: '/secret/{id}',
    operationId: 'readSecretByGet',
    tag: 'secrets',
    access: 'anyone',
    summary: 'Open a secret (API compatibility): like POST, spends a view',
    params: SecretParams,
    query: z.object({ password: z.string().optional(), keyProof: z.string().optional() }),
    responses: {
      200: { description: 'The content', schema: SecretContent },
      400: errorResponse('The id or a query parameter is malformed (validation.<field>)'),
      401: {
        description: 'Password missing or wrong; or the API token sent is not valid',
        schema: ReadUnauthorizedBody,
      },
      403: errorResponse('Wrong key proof or IP restriction'),
      404: notFound,
      429: rateLimited,
    },
  }),
  burn: defineRoute({
    method: 'POST',
    path: '/secret/{id}/burn',
    operationId: 'burnSecret',
    tag: 'secrets',
    access: 'anyone',
    summary: 'Delete a secret now; needs its delete token, its key proof or its owner',
    description:
      'The owner may burn by session, or by an API token with the secrets:create scope (a token made before scopes ' +
      'may too). The delete token or the key proof needs no scope: any API token sent along does not stand in the ' +
      'way.',
    params: SecretParams,
    body: BurnSecretBody,
    bodyExample: { deleteToken: EXAMPLE.deleteToken },
    responses: {
      200: { description: 'Deleted', schema: BurnSecretResponse, example: { id: EXAMPLE.id, burned: true } },
      400: errorResponse('A field is invalid'),
      401: badToken,
      403: errorResponse(
        'No valid delete token, key proof or owner (secret.burn_forbidden), or the owner’s API token without the ' +
          'secrets:create scope and neither a delete token nor a key proof (auth.token_scope)',
      ),
      404: notFound,
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  publicList: defineRoute({
    method: 'GET',
    path: '/public-secrets',
    operationId: 'listPublicSecrets',
    aliases: ['/secret/public/'],
    tag: 'secrets',
    access: 'anyone',
    summary: 'Public secrets, newest first (at most 100, expired ones left out)',
    responses: { 200: { description: 'The list', schema: PublicSecretList }, 401: badToken, 429: rateLimited },
  }),
  publicListByUser: defineRoute({
    method: 'GET',
    path: '/public-secrets/{username}',
    operationId: 'listUserPublicSecrets',
    aliases: ['/secret/public/{username}'],
    tag: 'secrets',
    access: 'anyone',
    summary: 'Public secrets of one user, newest first',
    params: PublicUserParams,
    responses: {
      200: { description: 'The list', schema: PublicSecretList },
      400: errorResponse('The username is malformed (validation.username)'),
      401: badToken,
      429: rateLimited,
    },
  }),
};

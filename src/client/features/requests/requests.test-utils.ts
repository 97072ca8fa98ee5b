import { sealResponseKey } from '../../../shared/crypto/request-keys';
import { sealSecretWithKeys } from '../../../shared/crypto/seal';
import type { RequestDetail, RequestForm, RequestResponse } from './api/requests.types';
import { sealRequest } from './request-crypto';

/** A request as the requester's browser made it, keys included, with real crypto. */
export async function makeRequest(plain = { title: 'VPN password', text: 'The one for the office.' }) {
  return sealRequest(plain);
}
export type MadeRequest = Awaited<ReturnType<typeof makeRequest>>;

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** GET /requests/{id}/form's answer for `request`. */
export const formOf = (request: MadeRequest, changes: Partial<RequestForm> = {}): RequestForm => ({
  id: request.id,
  username: 'alice',
  title: request.sealed.title,
  text: request.sealed.text,
  publicKey: request.sealed.publicKey,
  allowFiles: false,
  responseTtl: 604800,
  responseViews: 1,
  expiresAt: inDays(7),
  ...changes,
});

/** GET /requests/{id}'s answer for `request`. */
export const detailOf = (
  request: MadeRequest,
  responses: RequestResponse[] = [],
  changes: Partial<RequestDetail> = {},
): RequestDetail => ({
  id: request.id,
  title: request.sealed.title,
  text: request.sealed.text,
  state: responses.length > 0 ? 'answered' : 'open',
  maxResponses: 1,
  answered: responses.length,
  unread: responses.length,
  allowFiles: false,
  createdAt: inDays(-1),
  expiresAt: inDays(6),
  revokedAt: null,
  publicKey: request.sealed.publicKey,
  wrappedKey: request.sealed.wrappedKey,
  responseTtl: 604800,
  responseViews: 1,
  allowedIp: null,
  responses,
  ...changes,
});

/** A response as a responder's browser seals it: the stored envelope, its key proof and the list item. */
export async function makeResponse(request: MadeRequest, text: string, id = 'ResponseResponseRespon') {
  const { key, ephemeralPublic } = await sealResponseKey(request.sealed.publicKey, request.id);
  const { fields } = await sealSecretWithKeys({ text }, undefined, key);
  const item: RequestResponse = {
    id,
    ephemeralKey: ephemeralPublic,
    createdAt: inDays(0),
    expiresAt: inDays(7),
    maxViews: 1,
    viewsLeft: 1,
    fileCount: 0,
  };
  return { item, envelope: fields.text, keyProof: fields.keyProof };
}
